/**
 * Authors' drafts (migration 013): the rows of `draft_models`, in the shape of `models`, plus whether a
 * model is deleted. Every change of a root's draft runs in one transaction that first takes the root's
 * draft lock (`lockDraft`), so two authors never interleave; publishing takes it too.
 */
import type { Queryable } from '../db/types';
import { toTreeRow, type ModelRecord } from './models';
import { buildTree, type JsonObject, type TreeRow } from './tree';

/** A model of a draft: a stored row and whether it is deleted (it and its subtree are then not in the draft). */
export interface DraftRow extends TreeRow {
  deleted: boolean;
}

type DraftRecord = Omit<ModelRecord, 'created_at'> & { deleted_at: Date | string | null };

const COLUMNS = 'id, root_id, parent_id, parent_field, position, model_name, public_id, fields';

/** Serialises every change of the root's draft and its publication (released with the transaction). */
export async function lockDraft(tx: Queryable, rootId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('lernwerk.draft'), hashtext($1))`, [rootId]);
}

/** The root (and model name) a model belongs to in drafts or, failing that, in what is published; null for none. */
export async function findAuthoredModel(db: Queryable, id: string): Promise<{ rootId: string; modelName: string } | null> {
  const [row] = await db.query<{ root_id: string; model_name: string }>(
    `SELECT root_id, model_name FROM draft_models WHERE id = $1
     UNION ALL
     SELECT root_id, model_name FROM models WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM draft_models WHERE root_id = models.root_id)
     LIMIT 1`,
    [id],
  );
  return row ? { rootId: row.root_id, modelName: row.model_name } : null;
}

/** Whether the root has draft rows (changes not yet published). */
export async function hasDraft(db: Queryable, rootId: string): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM draft_models WHERE root_id = $1) AS found', [rootId]);
  return row.found;
}

/**
 * The draft rows of a root (inside a transaction holding its draft lock); a root without any gets them
 * now, copied from what is published. Empty when the root exists in neither.
 */
export async function draftRows(tx: Queryable, rootId: string): Promise<DraftRow[]> {
  let records = await tx.query<DraftRecord>(`SELECT ${COLUMNS}, deleted_at FROM draft_models WHERE root_id = $1`, [rootId]);
  if (!records.length) {
    records = await tx.query<DraftRecord>(
      `INSERT INTO draft_models (${COLUMNS}) SELECT ${COLUMNS} FROM models WHERE root_id = $1 RETURNING ${COLUMNS}, deleted_at`,
      [rootId],
    );
  }
  return records.map(toDraftRow);
}

function toDraftRow(r: DraftRecord): DraftRow {
  return { ...toTreeRow(r), deleted: r.deleted_at !== null };
}

/** The draft rows of a root for reading (nothing is written): its draft, or what is published while it has none. */
export async function readDraftRows(db: Queryable, rootId: string): Promise<DraftRow[]> {
  const records = await db.query<DraftRecord>(
    `SELECT ${COLUMNS}, deleted_at FROM draft_models WHERE root_id = $1
     UNION ALL
     SELECT ${COLUMNS}, NULL AS deleted_at FROM models WHERE root_id = $1 AND NOT EXISTS (SELECT 1 FROM draft_models WHERE root_id = $1)`,
    [rootId],
  );
  return records.map(toDraftRow);
}

/** The rows in the draft: neither deleted nor below a deleted model. */
export function visibleRows(rows: readonly DraftRow[]): DraftRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const hidden = (row: DraftRow): boolean => row.deleted || (row.parentId !== null && hidden(byId.get(row.parentId) as DraftRow));
  return rows.filter((row) => byId.has(row.parentId ?? row.id) && !hidden(row));
}

/**
 * The draft as a tree (what a publication would show), or below one of its models. A list whose models
 * are all deleted is there, empty (as an empty list is stored: a field).
 */
export function draftTree(rows: readonly DraftRow[], topId: string): JsonObject {
  const visible = visibleRows(rows);
  const shown = new Set(visible.map((row) => row.id));
  const emptied = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.parentId === null || !shown.has(row.parentId)) continue;
    const lists = emptied.get(row.parentId) ?? new Set<string>();
    lists.add(row.parentField as string);
    emptied.set(row.parentId, lists);
  }
  for (const row of visible) if (row.parentId !== null) emptied.get(row.parentId)?.delete(row.parentField as string);
  const withEmptyLists = visible.map((row) => {
    const lists = emptied.get(row.id);
    if (!lists?.size) return row;
    return { ...row, fields: { ...row.fields, ...Object.fromEntries([...lists].map((field) => [field, []])) } };
  });
  return buildTree(withEmptyLists, topId);
}

const same = (a: DraftRow, b: DraftRow) =>
  a.parentId === b.parentId &&
  a.parentField === b.parentField &&
  a.position === b.position &&
  a.modelName === b.modelName &&
  a.publicId === b.publicId &&
  a.deleted === b.deleted &&
  JSON.stringify(a.fields) === JSON.stringify(b.fields);

/** Writes the rows of `after` that are new or differ from `before` (same root); answers how many. */
export async function saveDraftRows(tx: Queryable, before: readonly DraftRow[], after: readonly DraftRow[]): Promise<number> {
  const old = new Map(before.map((row) => [row.id, row]));
  const changed = after.filter((row) => {
    const was = old.get(row.id);
    return !was || !same(was, row);
  });
  if (!changed.length) return 0;
  await tx.query(
    `INSERT INTO draft_models (id, root_id, parent_id, parent_field, position, model_name, public_id, fields, deleted_at)
     SELECT r.id, r.root_id, r.parent_id, r.parent_field, r.position, r.model_name, r.public_id, r.fields, CASE WHEN r.deleted THEN now() END
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, root_id text, parent_id text, parent_field text, position int, model_name text, public_id text, fields jsonb, deleted boolean)
     ON CONFLICT (id) DO UPDATE SET
       parent_id = EXCLUDED.parent_id, parent_field = EXCLUDED.parent_field, position = EXCLUDED.position,
       model_name = EXCLUDED.model_name, public_id = EXCLUDED.public_id, fields = EXCLUDED.fields,
       deleted_at = CASE WHEN EXCLUDED.deleted_at IS NULL THEN NULL ELSE coalesce(draft_models.deleted_at, EXCLUDED.deleted_at) END,
       updated_at = now()`,
    [
      JSON.stringify(
        changed.map((r) => ({
          id: r.id,
          root_id: r.rootId,
          parent_id: r.parentId,
          parent_field: r.parentField,
          position: r.position,
          model_name: r.modelName,
          public_id: r.publicId,
          fields: r.fields,
          deleted: r.deleted,
        })),
      ),
    ],
  );
  return changed.length;
}

/** Forgets the root's draft (after a publication or an import: its draft is what is published again). */
export async function dropDraft(tx: Queryable, rootId: string): Promise<void> {
  await tx.query('DELETE FROM draft_models WHERE root_id = $1', [rootId]);
}

/** Ids among `ids` that a model already has, in a draft or in what is published. */
export async function takenIds(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM models WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))
     UNION SELECT id FROM draft_models WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(ids)],
  );
  return rows.map((r) => r.id);
}
