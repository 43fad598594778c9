/**
 * Publications (migration 013): frozen snapshots of a root (a material, or a collection's own fields and
 * items) as its shares showed it from `created_at` on, ordered per root by `seq`, and which one the shares
 * show now. The statements here run inside the caller's transaction, which holds the root's draft lock
 * (./drafts.ts lockDraft) whenever it changes them.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

/** A publication as the calls answer it (spec section 3: modelName, modelId, message, newer, older). */
export interface PublicationSummary {
  id: string;
  modelName: 'Material' | 'Collection';
  modelId: string;
  message: string;
  /** Who published: `user:ID EMAIL`, `admin-token` or `import` (as the audit log names them). */
  author: string;
  createdAt: string;
  /** The id of the next newer and the next older publication of the root, null at either end. */
  newer: string | null;
  older: string | null;
  /** Whether the root's shares show this one now. */
  current: boolean;
}

export interface Publication extends PublicationSummary {
  snapshot: unknown;
}

const newPublicationId = (): string => randomBytes(16).toString('base64url');

interface PublicationRecord {
  id: string;
  root_id: string;
  model_name: 'Material' | 'Collection';
  message: string;
  author: string;
  created_at: Date | string;
  newer: string | null;
  older: string | null;
  current: boolean;
}

const SUMMARY = `p.id, p.root_id, p.model_name, p.message, p.author, p.created_at,
  lead(p.id) OVER (PARTITION BY p.root_id ORDER BY p.seq) AS newer,
  lag(p.id) OVER (PARTITION BY p.root_id ORDER BY p.seq) AS older,
  (c.publication_id IS NOT NULL) AS current`;

const toSummary = (r: PublicationRecord): PublicationSummary => ({
  id: r.id,
  modelName: r.model_name,
  modelId: r.root_id,
  message: r.message,
  author: r.author,
  createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
  newer: r.newer,
  older: r.older,
  current: r.current,
});

/** The root's publications, newest first. */
export async function listPublications(db: Queryable, rootId: string): Promise<PublicationSummary[]> {
  const rows = await db.query<PublicationRecord>(
    `SELECT ${SUMMARY} FROM publications p LEFT JOIN current_publications c ON c.publication_id = p.id
      WHERE p.root_id = $1 ORDER BY p.seq DESC`,
    [rootId],
  );
  return rows.map(toSummary);
}

/** One publication with its snapshot, or null. */
export async function findPublication(db: Queryable, id: string): Promise<Publication | null> {
  const [row] = await db.query<PublicationRecord & { snapshot: unknown }>(
    `SELECT * FROM (
       SELECT ${SUMMARY}, p.snapshot FROM publications p LEFT JOIN current_publications c ON c.publication_id = p.id
        WHERE p.root_id = (SELECT root_id FROM publications WHERE id = $1)
     ) s WHERE s.id = $1`,
    [id],
  );
  return row ? { ...toSummary(row), snapshot: row.snapshot } : null;
}

/** The snapshot the root's shares show now, or null when it has no publication yet. */
export async function currentSnapshot(db: Queryable, rootId: string): Promise<{ id: string; snapshot: unknown } | null> {
  const [row] = await db.query<{ id: string; snapshot: unknown }>(
    `SELECT p.id, p.snapshot FROM current_publications c JOIN publications p ON p.id = c.publication_id WHERE c.root_id = $1`,
    [rootId],
  );
  return row ?? null;
}

/** The id of the publication the root's shares show now, or null when it has none. */
export async function currentPublicationId(db: Queryable, rootId: string): Promise<string | null> {
  const [row] = await db.query<{ publication_id: string }>(`SELECT publication_id FROM current_publications WHERE root_id = $1`, [rootId]);
  return row?.publication_id ?? null;
}

/**
 * Records a publication of `snapshot` and makes it current; when the root's current publication has the
 * same snapshot already (an unchanged re-import), nothing is recorded and that one is answered.
 */
export async function recordPublication(
  tx: Queryable,
  entry: { rootId: string; modelName: 'Material' | 'Collection'; message: string; author: string; snapshot: unknown },
): Promise<{ id: string; created: boolean }> {
  const [same] = await tx.query<{ id: string }>(
    `SELECT p.id FROM current_publications c JOIN publications p ON p.id = c.publication_id WHERE c.root_id = $1 AND p.snapshot = $2::jsonb`,
    [entry.rootId, JSON.stringify(entry.snapshot)],
  );
  if (same) return { id: same.id, created: false };
  const id = newPublicationId();
  await tx.query(`INSERT INTO publications (id, root_id, model_name, message, author, snapshot) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`, [
    id,
    entry.rootId,
    entry.modelName,
    entry.message,
    entry.author,
    JSON.stringify(entry.snapshot),
  ]);
  await makeCurrent(tx, entry.rootId, id);
  return { id, created: true };
}

/** Makes a publication of the root the one its shares show. */
export async function makeCurrent(tx: Queryable, rootId: string, publicationId: string): Promise<void> {
  await tx.query(
    `INSERT INTO current_publications (root_id, publication_id) VALUES ($1, $2)
     ON CONFLICT (root_id) DO UPDATE SET publication_id = EXCLUDED.publication_id`,
    [rootId, publicationId],
  );
}

/** Removes a publication that no share shows; false when it is the current one (nothing is removed then). */
export async function deletePublication(tx: Queryable, id: string): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `DELETE FROM publications WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM current_publications WHERE publication_id = $1) RETURNING id`,
    [id],
  );
  return rows.length > 0;
}
