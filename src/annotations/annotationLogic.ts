import { fromPromise } from 'xstate';
import {
  annotationMachine,
  type CreateAnnotationInput,
  type DeleteAnnotationInput,
  type LoadAnnotationInput,
  type UpdateNoteInput,
} from '../../machines/annotation';
import { annotationPanelMachine, type AddCommentInput, type LoadAnnotationsInput, type UpdateCommentInput } from '../../machines/annotationPanel';
import type { Annotation, Comment } from '../../model/annotation';
import { showGatewayError } from '../ui/toasts';
import { wasToasted, type AnnotationCalls } from './annotationApi';
import type { DraftStore } from './draftStore';

/*
 * The statecharts with the glue's actors and actions (./annotationApi.ts calls, ./draftStore.ts drafts).
 * Toasts: a failed model/… call was toasted by src/api/client.ts already (Conflict for a 409, else
 * Oops); only failures of other calls (the annotations list read after a 409) get the toast here.
 */

/** The toast for a failure that `call` did not toast already (spec section 8). */
export function notifyOnce(error: unknown): void {
  if (!wasToasted(error)) showGatewayError(error);
}

/** The annotation machine of spec section 4 with the calls and the browser's drafts. */
export function annotationLogic(calls: AnnotationCalls, drafts: DraftStore) {
  return annotationMachine.provide({
    actors: {
      createAnnotation: fromPromise<Annotation, CreateAnnotationInput>(({ input }) => calls.createAnnotation(input)),
      updateNote: fromPromise<void, UpdateNoteInput>(async ({ input }) => {
        await calls.updateNote(input);
      }),
      deleteAnnotation: fromPromise<void, DeleteAnnotationInput>(({ input }) => calls.deleteAnnotation(input)),
      loadAnnotation: fromPromise<Annotation, LoadAnnotationInput>(({ input }) => calls.loadAnnotation(input)),
    },
    actions: {
      persistDraft: (_, params) => drafts.persist(params),
      discardDraft: (_, params) => drafts.discard(params),
      notifyConflict: (_, { error }) => notifyOnce(error),
      notifyFailure: (_, { error }) => notifyOnce(error),
    },
  });
}

export type AnnotationLogic = ReturnType<typeof annotationLogic>;

/** The panel machine with the list and comment calls. */
export function annotationPanelLogic(calls: Pick<AnnotationCalls, 'loadAnnotations' | 'addComment' | 'updateComment'>) {
  return annotationPanelMachine.provide({
    actors: {
      loadAnnotations: fromPromise<Annotation[], LoadAnnotationsInput>(({ input }) => calls.loadAnnotations(input)),
      addComment: fromPromise<Comment, AddCommentInput>(({ input }) => calls.addComment(input)),
      updateComment: fromPromise<void, UpdateCommentInput>(async ({ input }) => {
        await calls.updateComment(input);
      }),
    },
    actions: {
      notifyFailure: (_, { error }) => notifyOnce(error),
    },
  });
}

export { mayAnnotateOf } from './mayAnnotate';
