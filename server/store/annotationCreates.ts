import type { Annotation, Comment } from '../../model/annotation';
import type { RichTextDoc } from '../../model/richTextDoc';
import type { Queryable } from '../db/types';
import {
  learnerParam,
  loadAnnotation,
  loadComment,
  newAnnotationId,
  ownedBy,
  ownerColumn,
  ownerColumns,
  storedDocument,
  type AnnotationLearner,
} from './annotations';

/*
 * model/create of annotations and comments, idempotent by request key (migration 008,
 * model/requestKey.ts): a create that repeats a key its learner used before answers the row the
 * first create made, as it is now, and writes nothing. The same key from another learner is theirs: an
 * unrelated create, which never finds the first learner's row (the owner is in every lookup).
 *
 * Each create writes with one statement, INSERT … ON CONFLICT DO NOTHING on the owner + key index. Of
 * concurrent creates with one key PostgreSQL lets one insert; the others wait for it, insert nothing
 * and read the row it made: exactly one row, and every answer names it.
 */

/**
 * What a create did: made the row (`created`), found the row an earlier create with the same key made
 * (`repeated`), or found the key used for another annotation or comment (`keyTaken`; nothing written).
 */
export type CreateOutcome<T> = { outcome: 'created' | 'repeated'; value: T } | { outcome: 'keyTaken' };

export interface NewAnnotation {
  shareId: string;
  materialId: string;
  reference: string;
  path: string;
  text: string;
  from: number;
  to: number;
  note: RichTextDoc;
  /** The draft's request key; null: a new annotation whatever came before. */
  requestKey: string | null;
}

export interface NewComment {
  annotationId: string;
  content: RichTextDoc;
  /** The comment's request key; null: a new comment whatever came before. */
  requestKey: string | null;
}

/** An insert that meets the learner's earlier row with the same key leaves it as it is (a row without a key meets none). */
const onRepeatedKey = (learner: AnnotationLearner) => `ON CONFLICT (${ownerColumn(learner)}, request_key) WHERE request_key IS NOT NULL DO NOTHING`;

/**
 * The earlier row may be deleted between the insert that met it and the read that looks for it; the
 * create then runs once more, and inserts.
 */
const ATTEMPTS = 2;

interface EarlierAnnotation {
  id: string;
  share_id: string;
  material_id: string;
  reference: string;
  range_from: number;
  range_to: number;
}

/** An earlier create with the key made an annotation of this very passage (the page's path may differ: a kept draft reopens on any page of the material). */
const isSamePassage = (earlier: EarlierAnnotation, input: NewAnnotation) =>
  earlier.share_id === input.shareId &&
  earlier.material_id === input.materialId &&
  earlier.reference === input.reference &&
  earlier.range_from === input.from &&
  earlier.range_to === input.to;

export async function createAnnotation(db: Queryable, input: NewAnnotation, learner: AnnotationLearner, avatars = false): Promise<CreateOutcome<Annotation>> {
  const note = storedDocument(input.note);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const id = newAnnotationId();
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO annotations (id, share_id, material_id, user_id, guest_session_id, reference, path, text, range_from, range_to, note, note_html, request_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13) ${onRepeatedKey(learner)} RETURNING id`,
      [id, input.shareId, input.materialId, ...ownerColumns(learner), input.reference, input.path, input.text, input.from, input.to, JSON.stringify(note.doc), note.html, input.requestKey],
    );
    if (inserted.length) {
      const created = await loadAnnotation(db, id, learner, false, avatars);
      if (!created) throw new Error(`annotation ${id} not found after its insert`);
      return { outcome: 'created', value: created };
    }
    const [earlier] = await db.query<EarlierAnnotation>(
      `SELECT t.id, t.share_id, t.material_id, t.reference, t.range_from, t.range_to FROM annotations t WHERE ${ownedBy(learner, 't', 1)} AND t.request_key = $2`,
      [learnerParam(learner), input.requestKey],
    );
    if (!earlier) continue;
    if (!isSamePassage(earlier, input)) return { outcome: 'keyTaken' };
    const repeated = await loadAnnotation(db, earlier.id, learner, false, avatars);
    if (repeated) return { outcome: 'repeated', value: repeated };
  }
  throw new Error('an annotation create met a request key whose row kept disappearing');
}

/** SQLSTATE foreign_key_violation: a row the insert refers to is gone. */
const FOREIGN_KEY_VIOLATION = '23503';
const isForeignKeyViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION;

/**
 * Appends a comment to the annotation; `notFound` when the annotation is gone by then (its owner
 * deleted it between the caller's check and the insert, or right after: the comment went with it).
 */
export async function createComment(
  db: Queryable,
  input: NewComment,
  learner: AnnotationLearner,
  avatars = false,
): Promise<CreateOutcome<Comment> | { outcome: 'notFound' }> {
  const stored = storedDocument(input.content);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const id = newAnnotationId();
    let inserted: { id: string }[];
    try {
      inserted = await db.query<{ id: string }>(
        `INSERT INTO comments (id, annotation_id, user_id, guest_session_id, content, content_html, request_key)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) ${onRepeatedKey(learner)} RETURNING id`,
        [id, input.annotationId, ...ownerColumns(learner), JSON.stringify(stored.doc), stored.html, input.requestKey],
      );
    } catch (error) {
      if (isForeignKeyViolation(error)) return { outcome: 'notFound' };
      throw error;
    }
    if (inserted.length) {
      const created = await loadComment(db, id, learner, avatars);
      return created ? { outcome: 'created', value: created } : { outcome: 'notFound' };
    }
    const [earlier] = await db.query<{ id: string; annotation_id: string }>(
      `SELECT t.id, t.annotation_id FROM comments t WHERE ${ownedBy(learner, 't', 1)} AND t.request_key = $2`,
      [learnerParam(learner), input.requestKey],
    );
    if (!earlier) continue;
    if (earlier.annotation_id !== input.annotationId) return { outcome: 'keyTaken' };
    const repeated = await loadComment(db, earlier.id, learner, avatars);
    if (repeated) return { outcome: 'repeated', value: repeated };
  }
  throw new Error('a comment create met a request key whose row kept disappearing');
}
