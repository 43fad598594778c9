import { randomBytes } from 'node:crypto';
import type { ShareKind, ShareSettings } from '../../model/pageData';
import type { Queryable } from '../db/types';

export interface ShareFlags extends ShareSettings {
  preview: boolean;
}

/** The settings each kind of share stands for. */
export function shareFlagsForKind(kind: ShareKind): ShareFlags {
  return {
    private: kind === 'private',
    saveGuestSessions: kind === 'guest',
    scorm: kind === 'scorm',
    preview: kind === 'preview',
  };
}

/** A share with what the page data needs of its root. */
export interface Share {
  publicId: string;
  kind: ShareKind;
  rootModelName: 'Material' | 'Collection';
  rootId: string;
  rootPublicId: string;
  rootTitle: string;
  settings: ShareSettings;
  preview: boolean;
  createdAt: string;
}

interface ShareRecord {
  public_id: string;
  kind: ShareKind;
  root_model_name: 'Material' | 'Collection';
  root_id: string;
  root_public_id: string;
  root_title: string | null;
  private: boolean;
  save_guest_sessions: boolean;
  scorm: boolean;
  preview: boolean;
  created_at: Date | string;
}

// Titles are read as jsonb (`->`), not as text (`->>`): PGlite decodes text columns with a TextDecoder that
// drops a leading U+FEFF, so a title starting with one would come back changed (jsonb text starts with a quote).
const SELECT_SHARE = `
  SELECT s.public_id, s.kind, s.root_model_name, s.root_id, m.public_id AS root_public_id,
         m.fields->'title' AS root_title, s.private, s.save_guest_sessions, s.scorm, s.preview, s.created_at
  FROM shares s JOIN models m ON m.id = s.root_id`;

function toShare(r: ShareRecord): Share {
  return {
    publicId: r.public_id,
    kind: r.kind,
    rootModelName: r.root_model_name,
    rootId: r.root_id,
    rootPublicId: r.root_public_id,
    rootTitle: r.root_title ?? '',
    settings: { private: r.private, saveGuestSessions: r.save_guest_sessions, scorm: r.scorm },
    preview: r.preview,
    createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
  };
}

/** Share public ids are 144 random bits, base64url (24 characters). */
export function newSharePublicId(): string {
  return randomBytes(18).toString('base64url');
}

/** Only strings that could be share ids reach the database. */
export function isSharePublicIdShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{22,64}$/.test(value);
}

export async function findShare(db: Queryable, publicId: string): Promise<Share | null> {
  if (!isSharePublicIdShape(publicId)) return null;
  const [row] = await db.query<ShareRecord>(`${SELECT_SHARE} WHERE s.public_id = $1`, [publicId]);
  return row ? toShare(row) : null;
}

/** The oldest share of this kind for the root, or a new one; `listed` (when given) marks it for the landing page or unmarks it. */
export async function ensureShare(
  db: Queryable,
  root: { id: string; modelName: 'Material' | 'Collection' },
  kind: ShareKind,
  listed?: boolean,
): Promise<{ publicId: string; created: boolean; listed: boolean }> {
  const problem = listingProblem(kind, listed);
  if (problem) throw new Error(problem);
  const [existing] = await db.query<{ public_id: string; listed: boolean }>(
    'SELECT public_id, listed FROM shares WHERE root_id = $1 AND kind = $2 ORDER BY created_at, public_id LIMIT 1',
    [root.id, kind],
  );
  if (existing) {
    if (listed !== undefined && listed !== existing.listed) await db.query('UPDATE shares SET listed = $2 WHERE public_id = $1', [existing.public_id, listed]);
    return { publicId: existing.public_id, created: false, listed: listed ?? existing.listed };
  }
  const flags = shareFlagsForKind(kind);
  const publicId = newSharePublicId();
  await db.query(
    `INSERT INTO shares (public_id, root_model_name, root_id, kind, private, save_guest_sessions, scorm, preview, listed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [publicId, root.modelName, root.id, kind, flags.private, flags.saveGuestSessions, flags.scorm, flags.preview, listed ?? false],
  );
  return { publicId, created: true, listed: listed ?? false };
}

/**
 * Kinds of share the landing page may list: those anyone with the link may open anyway. A private
 * share's link stays known to its learners alone, and preview and scorm links are for authors and LMSs.
 */
export const LISTABLE_SHARE_KINDS: readonly ShareKind[] = ['public', 'guest'];

/** Why `kind` cannot be listed, when `listed` asks for it; null when it can (or nothing is asked). */
export function listingProblem(kind: ShareKind, listed: boolean | undefined): string | null {
  if (!listed || LISTABLE_SHARE_KINDS.includes(kind)) return null;
  return `A ${kind} share cannot be listed on the landing page; only ${LISTABLE_SHARE_KINDS.join(' and ')} shares can`;
}

/** A share on the landing page. */
export interface ListedShare {
  publicId: string;
  kind: ShareKind;
  rootModelName: 'Material' | 'Collection';
  title: string;
}

/** The shares marked for the landing page (and only those), by title (then oldest first). */
export async function listedShares(db: Queryable): Promise<ListedShare[]> {
  const rows = await db.query<{ public_id: string; kind: ShareKind; root_model_name: 'Material' | 'Collection'; title: string | null }>(
    `SELECT s.public_id, s.kind, s.root_model_name, m.fields->'title' AS title
     FROM shares s JOIN models m ON m.id = s.root_id
     WHERE s.listed AND s.kind IN ('public', 'guest')
     ORDER BY s.created_at, s.public_id`,
  );
  // By title as a reader sorts (Ä with A), which the database's collation (C in PGlite) does not.
  const byTitle = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
  return rows
    .map((r) => ({ publicId: r.public_id, kind: r.kind, rootModelName: r.root_model_name, title: r.title ?? '' }))
    .sort((a, b) => byTitle.compare(a.title, b.title));
}
