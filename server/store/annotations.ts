import { createHash, randomBytes } from 'node:crypto';
import type { Annotation, AnnotationOwner, AnnotationSort, Comment } from '../../model/annotation';
import { normalizeRichText, richTextToHtml, type RichTextDoc } from '../../model/richTextDoc';
import { sameNote } from '../../model/sameNote';
import type { Queryable } from '../db/types';

/*
 * Annotations and comments (migration 007). Every function takes the learner it acts for: a row is
 * read for update, changed or deleted only with its owner in the WHERE clause, so what is not the
 * learner's is not found, exactly as what does not exist. Those that answer annotations or comments
 * take `avatars` too: whether users who own them carry their avatar-service hash (`avatarsShown`).
 * Creates are in ./annotationCreates.ts.
 */

/**
 * Whether owners carry the avatar service's hash (spec section 6): USE_GRAVATAR on, and never with
 * PRIVATE_MODE on.
 */
export const avatarsShown = (flags: { USE_GRAVATAR: boolean; PRIVATE_MODE: boolean }): boolean => flags.USE_GRAVATAR && !flags.PRIVATE_MODE;

/** The avatar service's hash of an email (spec section 7): SHA-256 of the trimmed, lower-cased address, hex. */
export const avatarHashOf = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Who a call acts for: a logged-in user or a guest session. */
export type AnnotationLearner = { kind: 'user'; userId: string } | { kind: 'guest'; guestSessionId: string };

/** Annotation and comment ids: 144 random bits, base64url (24 characters), like share and guest-session ids. */
export const newAnnotationId = (): string => randomBytes(18).toString('base64url');

/** The owner columns of a learner: [user_id, guest_session_id]. */
export const ownerColumns = (learner: AnnotationLearner): [string | null, string | null] =>
  learner.kind === 'user' ? [learner.userId, null] : [null, learner.guestSessionId];

/** The column that names the learner as owner. */
export const ownerColumn = (learner: AnnotationLearner): 'user_id' | 'guest_session_id' => (learner.kind === 'user' ? 'user_id' : 'guest_session_id');

/** SQL that is true when the row (alias `t`) belongs to the learner given as parameter $n. */
export const ownedBy = (learner: AnnotationLearner, alias: string, n: number) => `${alias}.${ownerColumn(learner)} = $${n}`;
export const learnerParam = (learner: AnnotationLearner) => (learner.kind === 'user' ? learner.userId : learner.guestSessionId);

/** A document as stored: normalised, with its html made from it. */
export function storedDocument(doc: RichTextDoc): { doc: RichTextDoc; html: string } {
  const normal = normalizeRichText(doc);
  return { doc: normal, html: richTextToHtml(normal) };
}

// Text columns are read as jsonb (`to_jsonb`): PGlite decodes text with a TextDecoder that drops a
// leading U+FEFF (see ./shares.ts), and a learner's text comes back exactly as it was sent.
const OWNER_NAME = `to_jsonb(COALESCE(g.name, concat_ws(' ', NULLIF(u.firstname, ''), NULLIF(u.lastname, '')), ''))`;

interface AnnotationRecord {
  id: string;
  share_id: string;
  material_id: string;
  user_id: string | null;
  guest_session_id: string | null;
  reference: string;
  path: string;
  text: string;
  range_from: number;
  range_to: number;
  note: RichTextDoc;
  note_html: string;
  created_at: Date;
  updated_at: Date;
  owner_name: string;
  /** The owning user's email (never answered: only its avatar hash, and only when avatars are shown). */
  owner_email: string | null;
}

interface CommentRecord {
  id: string;
  annotation_id: string;
  user_id: string | null;
  guest_session_id: string | null;
  content: RichTextDoc;
  content_html: string;
  created_at: Date;
  updated_at: Date;
  owner_name: string;
  /** The owning user's email (never answered: only its avatar hash, and only when avatars are shown). */
  owner_email: string | null;
}

const SELECT_ANNOTATION = `
  SELECT a.id, a.share_id, a.material_id, a.user_id, a.guest_session_id, a.reference,
         to_jsonb(a.path) AS path, to_jsonb(a.text) AS text, a.range_from, a.range_to, a.note, a.note_html,
         a.created_at, a.updated_at, ${OWNER_NAME} AS owner_name, u.email AS owner_email
  FROM annotations a
  LEFT JOIN guest_sessions g ON g.public_id = a.guest_session_id
  LEFT JOIN users u ON u.id = a.user_id`;

const SELECT_COMMENT = `
  SELECT c.id, c.annotation_id, c.user_id, c.guest_session_id, c.content, c.content_html, c.created_at, c.updated_at,
         ${OWNER_NAME} AS owner_name, u.email AS owner_email
  FROM comments c
  LEFT JOIN guest_sessions g ON g.public_id = c.guest_session_id
  LEFT JOIN users u ON u.id = c.user_id`;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
function ownerOf(r: { user_id: string | null; owner_name: string; owner_email: string | null }, avatars: boolean): AnnotationOwner {
  if (!r.user_id) return { kind: 'guest', name: r.owner_name };
  return avatars && r.owner_email ? { kind: 'user', name: r.owner_name, avatarHash: avatarHashOf(r.owner_email) } : { kind: 'user', name: r.owner_name };
}
const isOwn = (r: { user_id: string | null; guest_session_id: string | null }, learner: AnnotationLearner | null) =>
  learner !== null && (learner.kind === 'user' ? r.user_id === learner.userId : r.guest_session_id === learner.guestSessionId);

function toComment(r: CommentRecord, learner: AnnotationLearner | null, avatars: boolean): Comment {
  return {
    id: r.id,
    modelName: 'Comment',
    owner: ownerOf(r, avatars),
    own: isOwn(r, learner),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    content: r.content,
    contentHtml: r.content_html,
  };
}

function toAnnotation(r: AnnotationRecord, comments: Comment[], learner: AnnotationLearner | null, avatars: boolean): Annotation {
  return {
    id: r.id,
    modelName: 'Annotation',
    owner: ownerOf(r, avatars),
    own: isOwn(r, learner),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    text: r.text,
    from: r.range_from,
    to: r.range_to,
    reference: r.reference,
    note: r.note,
    noteHtml: r.note_html,
    comments,
    metadata: { shareId: r.share_id, path: r.path, materialId: r.material_id },
  };
}

/** The annotations of a material in a share with their comments (oldest first; none when `withComments` is false). */
export async function listAnnotations(
  db: Queryable,
  query: { shareId: string; materialId: string; sort: AnnotationSort; withComments: boolean },
  learner: AnnotationLearner | null,
  avatars = false,
): Promise<Annotation[]> {
  const direction = query.sort === 'asc' ? 'ASC' : 'DESC';
  const rows = await db.query<AnnotationRecord>(`${SELECT_ANNOTATION} WHERE a.share_id = $1 AND a.material_id = $2 ORDER BY a.seq ${direction}`, [
    query.shareId,
    query.materialId,
  ]);
  const comments = new Map<string, Comment[]>();
  if (query.withComments && rows.length) {
    const commentRows = await db.query<CommentRecord>(
      `${SELECT_COMMENT} JOIN annotations a ON a.id = c.annotation_id WHERE a.share_id = $1 AND a.material_id = $2 ORDER BY c.seq`,
      [query.shareId, query.materialId],
    );
    for (const row of commentRows) {
      const list = comments.get(row.annotation_id) ?? [];
      list.push(toComment(row, learner, avatars));
      comments.set(row.annotation_id, list);
    }
  }
  return rows.map((row) => toAnnotation(row, comments.get(row.id) ?? [], learner, avatars));
}

/** One annotation as the learner sees it (with its comments when `withComments`), or null. */
export async function loadAnnotation(db: Queryable, id: string, learner: AnnotationLearner, withComments: boolean, avatars = false): Promise<Annotation | null> {
  const [row] = await db.query<AnnotationRecord>(`${SELECT_ANNOTATION} WHERE a.id = $1`, [id]);
  if (!row) return null;
  const comments = withComments
    ? (await db.query<CommentRecord>(`${SELECT_COMMENT} WHERE c.annotation_id = $1 ORDER BY c.seq`, [id])).map((c) => toComment(c, learner, avatars))
    : [];
  return toAnnotation(row, comments, learner, avatars);
}

/** One comment as the learner sees it, or null. */
export async function loadComment(db: Queryable, id: string, learner: AnnotationLearner, avatars: boolean): Promise<Comment | null> {
  const [row] = await db.query<CommentRecord>(`${SELECT_COMMENT} WHERE c.id = $1`, [id]);
  return row ? toComment(row, learner, avatars) : null;
}

/**
 * The annotation a learner may comment on, with its share: one of a share they are a learner of (a
 * guest: their guest session's share; a user: a private share, which the caller checks their root's
 * permissions let them open). Null otherwise, or when there is no such annotation: the two are not told apart.
 */
export async function commentableAnnotation(
  db: Queryable,
  id: string,
  learner: AnnotationLearner,
  guestShareId: string | null,
): Promise<{ id: string; shareId: string } | null> {
  const rows =
    learner.kind === 'guest'
      ? await db.query<{ id: string; share_id: string }>('SELECT a.id, a.share_id FROM annotations a WHERE a.id = $1 AND a.share_id = $2', [id, guestShareId])
      : await db.query<{ id: string; share_id: string }>(
          'SELECT a.id, a.share_id FROM annotations a JOIN shares s ON s.public_id = a.share_id WHERE a.id = $1 AND s.private AND NOT s.preview',
          [id],
        );
  return rows[0] ? { id: rows[0].id, shareId: rows[0].share_id } : null;
}

/** What an update found: not the learner's (or nowhere), a stale copy, or the updated row. */
export type UpdateOutcome<T> = { outcome: 'notFound' } | { outcome: 'conflict' } | { outcome: 'updated'; value: T };

/**
 * Replaces a document field of a row the learner owns, if it still holds `expected` (compared once both
 * are normalised); run inside a transaction: the row is locked (FOR UPDATE) from the comparison to the write.
 */
async function updateDocument(
  tx: Queryable,
  table: 'annotations' | 'comments',
  column: 'note' | 'content',
  id: string,
  learner: AnnotationLearner,
  expected: RichTextDoc,
  next: RichTextDoc,
): Promise<'notFound' | 'conflict' | 'updated'> {
  const [row] = await tx.query<{ value: RichTextDoc }>(`SELECT t.${column} AS value FROM ${table} t WHERE t.id = $1 AND ${ownedBy(learner, 't', 2)} FOR UPDATE`, [
    id,
    learnerParam(learner),
  ]);
  if (!row) return 'notFound';
  if (!sameNote(row.value, expected)) return 'conflict';
  const stored = storedDocument(next);
  await tx.query(`UPDATE ${table} SET ${column} = $2::jsonb, ${column}_html = $3, updated_at = now() WHERE id = $1`, [id, JSON.stringify(stored.doc), stored.html]);
  return 'updated';
}

export async function updateAnnotationNote(
  tx: Queryable,
  id: string,
  learner: AnnotationLearner,
  oldNote: RichTextDoc,
  newNote: RichTextDoc,
  withComments: boolean,
  avatars = false,
): Promise<UpdateOutcome<Annotation>> {
  const outcome = await updateDocument(tx, 'annotations', 'note', id, learner, oldNote, newNote);
  if (outcome !== 'updated') return { outcome };
  const value = await loadAnnotation(tx, id, learner, withComments, avatars);
  return value ? { outcome, value } : { outcome: 'notFound' };
}

export async function updateCommentContent(
  tx: Queryable,
  id: string,
  learner: AnnotationLearner,
  oldContent: RichTextDoc,
  newContent: RichTextDoc,
  avatars = false,
): Promise<UpdateOutcome<Comment>> {
  const outcome = await updateDocument(tx, 'comments', 'content', id, learner, oldContent, newContent);
  if (outcome !== 'updated') return { outcome };
  const value = await loadComment(tx, id, learner, avatars);
  return value ? { outcome, value } : { outcome: 'notFound' };
}

/** Deletes the learner's own annotation (its comments with it) or comment; false when there is none of theirs with this id. */
export async function deleteOwned(db: Queryable, modelName: 'Annotation' | 'Comment', id: string, learner: AnnotationLearner): Promise<boolean> {
  const table = modelName === 'Annotation' ? 'annotations' : 'comments';
  const rows = await db.query<{ id: string }>(`DELETE FROM ${table} t WHERE t.id = $1 AND ${ownedBy(learner, 't', 2)} RETURNING t.id`, [id, learnerParam(learner)]);
  return rows.length > 0;
}
