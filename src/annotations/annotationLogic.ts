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
import type { AnnotationCalls } from './annotationApi';
import type { DraftStore } from './draftStore';

/*
 * The statecharts with the glue's actors and actions (./annotationApi.ts calls, ./draftStore.ts drafts).
 * Toasts: the machines' notifyConflict and notifyFailure are the only ones (the calls never toast):
 * the gateway toast of spec section 8, Conflict for a 409, else Oops.
 */

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
      notifyConflict: (_, { error }) => showGatewayError(error),
      notifyFailure: (_, { error }) => showGatewayError(error),
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
      notifyFailure: (_, { error }) => showGatewayError(error),
    },
  });
}

export { mayAnnotateOf } from './mayAnnotate';
