import * as z from 'zod/mini';
import type { CreateAnnotationInput, DeleteAnnotationInput, LoadAnnotationInput, UpdateNoteInput } from '../../machines/annotation';
import { isBlankNote } from '../../machines/annotation';
import { sameNote } from '../../model/sameNote';
import type { AddCommentInput, UpdateCommentInput } from '../../machines/annotationPanel';
import { HttpError, request } from '../api/client';
import {
  Annotation,
  AnnotationList,
  Comment,
  type AnnotationCreateBody,
  type AnnotationDeleteBody,
  type AnnotationSort,
  type AnnotationsListBody,
  type AnnotationUpdateBody,
  type CommentCreateBody,
  type CommentUpdateBody,
} from '../../model/annotation';

/*
 * The calls of the annotation statecharts' actors (machines/annotation.ts, machines/annotationPanel.ts;
 * spec section 7, server/routes/annotations.ts): each one `request(...)` whose answer is parsed with the
 * schema of model/annotation.ts.
 *
 * Errors are thrown as they come (HttpError of src/api/client.ts, with its status): a 409 of
 * model/update stays an HttpError with status 409, which is what the annotation machine's `isConflict`
 * guard reads (`statusOf(error) === 409`); anything else (network, 5xx, 4xx) is a failure.
 *
 * Toasts: none here (these calls use `request`, which never toasts); the machines' notifyConflict and
 * notifyFailure decide them (./annotationLogic.ts).
 */

/** Where the calls go and for whom: from the page data (api.base, share, guest session) and the open material. */
export type AnnotationScope = {
  /** api.base of the page data. */
  base: string;
  /** The share's publicId. */
  share: string;
  /** The open material (the annotations call and the metadata of a new annotation). */
  materialId: string;
  /** The guest session of a guest (or scorm) share; null for a logged-in user (the login cookie). */
  guestSessionId: string | null;
  /** The page's path below the share's base ('' for the material's first page): metadata.path of a new annotation. */
  path: string;
};

/** `POST annotations`: the material's annotations, newest first (desc) unless `sort` is asc. */
export function loadAnnotations(
  base: string,
  { share, materialId, guestSessionId, sort }: { share: string; materialId: string; guestSessionId: string | null; sort: AnnotationSort },
): Promise<Annotation[]> {
  const body: AnnotationsListBody = { share, materialId, guestSessionId, sort };
  return request(base, 'annotations', body, AnnotationList);
}

/** One annotation as the server has it now (after a 409): there is no call for one, so the list is read and searched. */
export async function loadAnnotation(scope: AnnotationScope, { annotation }: LoadAnnotationInput): Promise<Annotation> {
  const list = await loadAnnotations(scope.base, { share: scope.share, materialId: scope.materialId, guestSessionId: scope.guestSessionId, sort: 'desc' });
  const found = list.find((a) => a.id === annotation.id);
  if (!found) throw new HttpError(404, `${scope.base}/annotations`, new Headers(), [{ path: 'model.id', message: 'Not found' }]);
  return found;
}

/**
 * `model/create` of an annotation: from, to, text, reference, metadata and the note's request key; the
 * note only when it says something (a blank one makes a plain highlight). A create repeated with its key
 * (the first answer was lost) is answered with the annotation as the first create made it: when the
 * learner typed on since, `model/update` then puts this note over it (a blank one never replaces a note).
 */
export async function createAnnotation(scope: AnnotationScope, { selection, note, requestKey }: CreateAnnotationInput): Promise<Annotation> {
  const body: AnnotationCreateBody = {
    model: {
      modelName: 'Annotation',
      text: selection.text,
      from: selection.from,
      to: selection.to,
      reference: selection.reference,
      ...(isBlankNote(note) ? {} : { note }),
      metadata: { shareId: scope.share, path: scope.path, materialId: scope.materialId },
    },
    guestSessionId: scope.guestSessionId,
    requestKey,
  };
  const created = await request(scope.base, 'model/create', body, Annotation);
  if (isBlankNote(note) || sameNote(created.note, note)) return created;
  return updateNote(scope, { annotation: created, newValues: { note }, oldValues: { note: created.note } });
}

/** `model/update` of the note with newValues and oldValues; a 409 (modified meanwhile) is thrown as the HttpError it is. */
export function updateNote(scope: AnnotationScope, { annotation, newValues, oldValues }: UpdateNoteInput): Promise<Annotation> {
  const body: AnnotationUpdateBody = {
    model: { id: annotation.id, modelName: 'Annotation' },
    newValues: { note: newValues.note },
    oldValues: { note: oldValues.note },
    guestSessionId: scope.guestSessionId,
  };
  return request(scope.base, 'model/update', body, Annotation);
}

/** `model/delete` of an annotation (its comments go with it). */
export async function deleteAnnotation(scope: AnnotationScope, { annotation }: DeleteAnnotationInput): Promise<void> {
  const body: AnnotationDeleteBody = { model: { id: annotation.id, modelName: 'Annotation' }, guestSessionId: scope.guestSessionId };
  await request(scope.base, 'model/delete', body, z.null());
}

/**
 * `model/create` of a comment, appended to the annotation's comments, with the comment's request key.
 * Sent again with its key (the first answer was lost), it is answered with the comment as the first
 * create made it: when the learner changed the text since, `model/update` then saves this text over it.
 */
export async function addComment(scope: AnnotationScope, { annotation, content, requestKey }: AddCommentInput): Promise<Comment> {
  const body: CommentCreateBody = {
    model: { modelName: 'Comment', content },
    appendTo: { id: annotation.id, modelName: 'Annotation', attribute: 'comments' },
    guestSessionId: scope.guestSessionId,
    requestKey,
  };
  const added = await request(scope.base, 'model/create', body, Comment);
  if (sameNote(added.content, content)) return added;
  return updateComment(scope, { comment: added, newValues: { content }, oldValues: { content: added.content } });
}

/** `model/update` of a comment's content (only its owner; the server checks). */
export function updateComment(scope: AnnotationScope, { comment, newValues, oldValues }: UpdateCommentInput): Promise<Comment> {
  const body: CommentUpdateBody = {
    model: { id: comment.id, modelName: 'Comment' },
    newValues: { content: newValues.content },
    oldValues: { content: oldValues.content },
    guestSessionId: scope.guestSessionId,
  };
  return request(scope.base, 'model/update', body, Comment);
}

/** The calls bound to one scope: what ./annotationLogic.ts hands the statecharts as actors. */
export type AnnotationCalls = {
  loadAnnotations: (input: { sort: AnnotationSort }) => Promise<Annotation[]>;
  loadAnnotation: (input: LoadAnnotationInput) => Promise<Annotation>;
  createAnnotation: (input: CreateAnnotationInput) => Promise<Annotation>;
  updateNote: (input: UpdateNoteInput) => Promise<unknown>;
  deleteAnnotation: (input: DeleteAnnotationInput) => Promise<void>;
  addComment: (input: AddCommentInput) => Promise<Comment>;
  updateComment: (input: UpdateCommentInput) => Promise<unknown>;
};

export function annotationCalls(scope: AnnotationScope): AnnotationCalls {
  return {
    loadAnnotations: ({ sort }) => loadAnnotations(scope.base, { share: scope.share, materialId: scope.materialId, guestSessionId: scope.guestSessionId, sort }),
    loadAnnotation: (input) => loadAnnotation(scope, input),
    createAnnotation: (input) => createAnnotation(scope, input),
    updateNote: (input) => updateNote(scope, input),
    deleteAnnotation: (input) => deleteAnnotation(scope, input),
    addComment: (input) => addComment(scope, input),
    updateComment: (input) => updateComment(scope, input),
  };
}
