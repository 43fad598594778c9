import { and, assertEvent, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { Annotation, AnnotationSort, Comment } from '../model/annotation';
import { newRequestKey, type RequestKey } from '../model/requestKey';
import { emptyRichText, richTextToHtml, withinTextLimit, type RichTextDoc } from '../model/richTextDoc';
import { sameNote } from '../model/sameNote';
import { isBlankNote, type AnnotationEmitted } from './annotation';
import { ANNOTATION_DEFAULT_SORT } from '../model/constants';
import type { OpenOverlay } from './overlays';

export type { AnnotationSort };

/** The panel is a sidebar overlay (spec section 4): one per group, Escape or a press outside closes it. */
export const ANNOTATION_PANEL_OVERLAY: OpenOverlay = { id: 'annotation-panel', group: 'sidebar' };

export type AnnotationPanelInput = {
  /** The ANNOTATION_COMMENTS feature flag (spec section 6): without it the detail shows no comments. */
  commentsEnabled: boolean;
  /** Default: newest first (spec section 9). */
  sort?: AnnotationSort;
};

export type AnnotationPanelEvent =
  /** The header's Annotations button. */
  | { type: 'panel.open' }
  /** The panel's close button, Escape, a press outside, or another sidebar opened (the overlay stack's dismissal). */
  | { type: 'panel.close' }
  /** A card of the list, or an annotation's highlight in the text: its detail (after the list loaded). */
  | { type: 'annotation.show'; id: string }
  /** The detail's back action. */
  | { type: 'detail.back' }
  | { type: 'sort.change'; sort: AnnotationSort }
  /** Retry after the list failed to load. */
  | { type: 'list.retry' }
  /** The new comment being written. */
  | { type: 'comment.change'; content: RichTextDoc }
  /** Send the new comment; an empty one is not submitted (spec section 5). */
  | { type: 'comment.submit' }
  /** Edit on a comment: only its owner's (spec section 6; the comment's `own`). */
  | { type: 'comment.edit'; commentId: string }
  | { type: 'commentEdit.change'; content: RichTextDoc }
  | { type: 'commentEdit.save' }
  | { type: 'commentEdit.cancel' }
  /** What annotation actors announce (machines/annotation.ts), forwarded by the glue: the list follows. */
  | AnnotationEmitted;

export type AnnotationPanelContext = {
  commentsEnabled: boolean;
  sort: AnnotationSort;
  /** The material's annotations as loaded (`sortedAnnotations` gives them in the chosen order). */
  annotations: Annotation[];
  /** The annotation the detail shows, or is to show once the list has loaded. */
  shownId: string | null;
  /** The new comment being written. */
  commentDraft: RichTextDoc;
  /**
   * The request key of the new comment's create (model/requestKey.ts): every send of one comment,
   * a retry after a failure included, carries it; a new one with every new comment (the input emptied).
   */
  commentRequestKey: RequestKey;
  /** The comment whose content is being edited. */
  editedCommentId: string | null;
  commentEdit: RichTextDoc;
  /** Why the last call failed; null after a success. */
  error: unknown;
};

/* The calls the glue provides (spec section 7; model/annotation.ts has their bodies). */

/** The `annotations` call: the material's annotations (the server sorts by `sort` too). */
export type LoadAnnotationsInput = { sort: AnnotationSort };
const loadAnnotations = fromPromise<Annotation[], LoadAnnotationsInput>(async () => {
  throw new Error('loadAnnotations is not provided');
});
/** model/create of a comment (content, appended to the annotation's comments, with the comment's request key); answers the comment. */
export type AddCommentInput = { annotation: { id: string }; content: RichTextDoc; requestKey: RequestKey };
const addComment = fromPromise<Comment, AddCommentInput>(async () => {
  throw new Error('addComment is not provided');
});
/** model/update of a comment's content. */
export type UpdateCommentInput = { comment: { id: string }; newValues: { content: RichTextDoc }; oldValues: { content: RichTextDoc } };
const updateComment = fromPromise<void, UpdateCommentInput>(async () => {
  throw new Error('updateComment is not provided');
});

/** The list in the chosen order: by created_at, ties by id so the order is stable. */
export function sortAnnotations(annotations: readonly Annotation[], sort: AnnotationSort): Annotation[] {
  const sign = sort === 'asc' ? 1 : -1;
  return [...annotations].sort((a, b) => {
    const byDate = a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
    return sign * (byDate || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  });
}

export function shownAnnotationOf(context: Pick<AnnotationPanelContext, 'annotations' | 'shownId'>): Annotation | undefined {
  return context.shownId === null ? undefined : context.annotations.find((annotation) => annotation.id === context.shownId);
}

function commentOf(context: AnnotationPanelContext, commentId: string | null): Comment | undefined {
  return shownAnnotationOf(context)?.comments.find((comment) => comment.id === commentId);
}

/** Whether the visitor may edit the content of `comment`: only its owner (spec section 6; the server says so in `own`). */
export function mayEditComment(comment: Pick<Comment, 'own'>): boolean {
  return comment.own;
}

/** The list with `annotation` in it: replaced where its id is, else added. */
function upsert(annotations: Annotation[], annotation: Annotation): Annotation[] {
  return annotations.some((a) => a.id === annotation.id) ? annotations.map((a) => (a.id === annotation.id ? annotation : a)) : [...annotations, annotation];
}

function withShown(context: AnnotationPanelContext, change: (annotation: Annotation) => Annotation): Annotation[] {
  return context.annotations.map((annotation) => (annotation.id === context.shownId ? change(annotation) : annotation));
}

const errorOf = (event: { type: string }) => ('error' in event ? event.error : undefined);

/**
 * The material's annotations and the sidebar panel Annotations (spec sections 2, 4, 6 and 9; 580 px
 * wide). The machine owns the list: the marks in the text and the panel are views of it. It is
 * loaded when the machine starts (for the marks); then the panel is closed, or open with the list
 * (loaded again on every opening by the invoked `loadAnnotations`; newest first by default, or
 * oldest first; a failed load can be retried) or the detail of one
 * annotation with a back action to the list. With ANNOTATION_COMMENTS the detail shows the comments:
 * a new comment is submitted only when not empty (`addComment`), and only its owner edits a comment's
 * content (`updateComment`); a failed call keeps what was written and calls `notifyFailure`. Every send
 * of one new comment carries its request key (`commentRequestKey`, new once the input empties), so a
 * send whose answer was lost and is sent again makes no second comment.
 *
 * Overlays (spec section 4): the panel is one sidebar overlay (`ANNOTATION_PANEL_OVERLAY`); the glue
 * registers it while the panel is open and sends `panel.close` when the overlay stack dismisses it
 * (Escape, a press outside, another sidebar). The detail is a view inside the sidebar, not an overlay
 * of its own: Escape closes the whole panel (the next opening shows the list). The delete
 * confirmation belongs to the annotation (machines/annotation.ts, a dialog overlay above the panel),
 * so Escape closes the dialog first, then the panel.
 *
 * What annotation actors announce (`annotation.created`, `.updated`, `.deleted`) keeps the list up to
 * date; the shown annotation deleted goes back to the list.
 */
export const annotationPanelMachine = setup({
  types: {
    input: {} as AnnotationPanelInput,
    context: {} as AnnotationPanelContext,
    events: {} as AnnotationPanelEvent,
  },
  actors: { loadAnnotations, addComment, updateComment },
  guards: {
    isListed: ({ context, event }) => event.type === 'annotation.show' && context.annotations.some((a) => a.id === event.id),
    /** The annotation asked for before the list loaded is in the loaded list. */
    isRequestedLoaded: ({ context, event }) =>
      context.shownId !== null && 'output' in event && (event.output as Annotation[]).some((a) => a.id === context.shownId),
    isShownDeleted: ({ context, event }) => event.type === 'annotation.deleted' && event.id === context.shownId,
    commentsEnabled: ({ context }) => context.commentsEnabled,
    hasCommentDraft: ({ context }) => !isBlankNote(context.commentDraft),
    ownsComment: ({ context, event }) => {
      if (event.type !== 'comment.edit') return false;
      const comment = shownAnnotationOf(context)?.comments.find((c) => c.id === event.commentId);
      return !!comment && mayEditComment(comment);
    },
    commentEditChanged: ({ context }) => !sameNote(context.commentEdit, commentOf(context, context.editedCommentId)?.content),
    hasCommentEdit: ({ context }) => !isBlankNote(context.commentEdit),
  },
  actions: {
    /** The error toast of a failed call (spec section 8): the only toast of these calls (the glue's calls never toast). */
    notifyFailure: (_, _params: { error: unknown }) => {},
    takeList: assign({ annotations: ({ context, event }) => ('output' in event ? (event.output as Annotation[]) : context.annotations), error: () => null }),
    rememberError: assign({ error: ({ event }) => errorOf(event) ?? null }),
    takeSort: assign({
      sort: ({ event }) => {
        assertEvent(event, 'sort.change');
        return event.sort;
      },
    }),
    rememberShown: assign({
      shownId: ({ event }) => {
        assertEvent(event, 'annotation.show');
        return event.id;
      },
    }),
    /** Leaving the detail: its comment drafts go too (the next new comment gets a new request key). */
    forgetShown: assign({
      shownId: () => null,
      commentDraft: () => emptyRichText(),
      commentRequestKey: () => newRequestKey(),
      editedCommentId: () => null,
      commentEdit: () => emptyRichText(),
    }),
    upsertAnnotation: assign({
      annotations: ({ context, event }) => {
        assertEvent(event, ['annotation.created', 'annotation.updated']);
        return upsert(context.annotations, event.annotation);
      },
    }),
    removeAnnotation: assign({
      annotations: ({ context, event }) => {
        assertEvent(event, 'annotation.deleted');
        return context.annotations.filter((a) => a.id !== event.id);
      },
    }),
    takeCommentDraft: assign({
      commentDraft: ({ event }) => {
        assertEvent(event, 'comment.change');
        return event.content;
      },
    }),
    appendComment: assign(({ context, event }) => {
      if (!('output' in event)) return {};
      const comment = event.output as Comment;
      return {
        annotations: withShown(context, (annotation) => ({ ...annotation, comments: [...annotation.comments.filter((c) => c.id !== comment.id), comment] })),
        commentDraft: emptyRichText(),
        commentRequestKey: newRequestKey(),
        error: null,
      };
    }),
    beginCommentEdit: assign(({ context, event }) => {
      if (event.type !== 'comment.edit') return {};
      return { editedCommentId: event.commentId, commentEdit: commentOf(context, event.commentId)?.content ?? emptyRichText() };
    }),
    takeCommentEdit: assign({
      commentEdit: ({ event }) => {
        assertEvent(event, 'commentEdit.change');
        return event.content;
      },
    }),
    forgetCommentEdit: assign({ editedCommentId: () => null, commentEdit: () => emptyRichText() }),
    applyCommentEdit: assign(({ context }) => ({
      annotations: withShown(context, (annotation) => ({
        ...annotation,
        comments: annotation.comments.map((c) =>
          c.id === context.editedCommentId ? { ...c, content: context.commentEdit, contentHtml: richTextToHtml(context.commentEdit) } : c,
        ),
      })),
      editedCommentId: null,
      commentEdit: emptyRichText(),
      error: null,
    })),
  },
}).createMachine({
  id: 'annotationPanel',
  description: 'The material’s annotations, loaded for their marks, and the Annotations sidebar: closed, the sorted list (loading, failed, retry), or one annotation’s detail with its comments.',
  context: ({ input }) => ({
    commentsEnabled: input.commentsEnabled,
    sort: input.sort ?? ANNOTATION_DEFAULT_SORT,
    annotations: [],
    shownId: null,
    commentDraft: emptyRichText(),
    commentRequestKey: newRequestKey(),
    editedCommentId: null,
    commentEdit: emptyRichText(),
    error: null,
  }),
  initial: 'starting',
  on: {
    'annotation.created': { actions: 'upsertAnnotation', description: 'An annotation was made: it joins the list.' },
    'annotation.updated': { actions: 'upsertAnnotation', description: 'An annotation’s note changed: the list shows it.' },
    'annotation.deleted': { actions: 'removeAnnotation', description: 'An annotation was deleted: it leaves the list.' },
  },
  states: {
    starting: {
      description: 'The material’s annotations are being loaded for their marks in the text; the panel is closed.',
      invoke: {
        id: 'loadAnnotations',
        src: 'loadAnnotations',
        input: ({ context }) => ({ sort: context.sort }),
        onDone: { target: 'closed', actions: 'takeList', description: 'Loaded: the marks show.' },
        onError: { target: 'closed', description: 'Loading failed: no marks; opening the panel loads the list again.' },
      },
      on: {
        'panel.open': { target: 'open', description: 'Annotations pressed before the list loaded: the panel opens on the list, loaded again.' },
      },
    },
    closed: {
      description: 'The panel is closed.',
      on: {
        'panel.open': { target: 'open', description: 'Annotations pressed: the panel opens on the list.' },
        'annotation.show': { target: 'open', actions: 'rememberShown', description: 'An annotation’s highlight pressed: the panel opens on its detail once loaded.' },
      },
    },
    open: {
      description: 'The panel is open (a sidebar overlay, 580 px).',
      exit: 'forgetShown',
      initial: 'list',
      on: {
        'panel.close': { target: 'closed', description: 'Close, Escape, a press outside, or another sidebar: the panel closes.' },
      },
      states: {
        list: {
          description: 'The list of the material’s annotations, sorted.',
          initial: 'loading',
          on: {
            'sort.change': { actions: 'takeSort', description: 'Newest first or oldest first.' },
          },
          states: {
            loading: {
              description: 'The annotations are being loaded.',
              invoke: {
                id: 'loadAnnotations',
                src: 'loadAnnotations',
                input: ({ context }) => ({ sort: context.sort }),
                onDone: [
                  { guard: 'isRequestedLoaded', target: '#annotationPanel.open.detail', actions: 'takeList', description: 'Loaded; the annotation asked for shows.' },
                  { target: 'loaded', actions: ['takeList', 'forgetShown'], description: 'Loaded.' },
                ],
                onError: { target: 'failed', actions: 'rememberError', description: 'Loading failed.' },
              },
              on: {
                'annotation.show': { actions: 'rememberShown', description: 'Shown once the list has loaded (if it is in the list).' },
              },
            },
            loaded: {
              description: 'The cards show (author avatar and name, creation date, note).',
              on: {
                'annotation.show': { guard: 'isListed', target: '#annotationPanel.open.detail', actions: 'rememberShown', description: 'A card: its detail.' },
              },
            },
            failed: {
              description: 'The list could not be loaded; Retry.',
              on: {
                'list.retry': { target: 'loading', description: 'Retry.' },
                'annotation.show': { actions: 'rememberShown', description: 'Shown once the list has loaded (if it is in the list).' },
              },
            },
          },
        },
        detail: {
          description: 'One annotation: its note and, with ANNOTATION_COMMENTS, its comments; Back returns to the list.',
          initial: 'deciding',
          on: {
            'detail.back': { target: 'list.loaded', actions: 'forgetShown', description: 'Back: the list.' },
            'annotation.show': {
              guard: 'isListed',
              target: 'detail',
              reenter: true,
              actions: ['forgetShown', 'rememberShown'],
              description: 'Another annotation’s highlight: its detail instead.',
            },
            'annotation.deleted': [
              { guard: 'isShownDeleted', target: 'list.loaded', actions: ['removeAnnotation', 'forgetShown'], description: 'The shown annotation was deleted: the list.' },
              { actions: 'removeAnnotation', description: 'Another annotation was deleted: it leaves the list.' },
            ],
          },
          states: {
            deciding: {
              description: 'Comments show only with ANNOTATION_COMMENTS.',
              always: [
                { guard: 'commentsEnabled', target: 'reading', description: 'Comments are on.' },
                { target: 'withoutComments', description: 'Comments are off.' },
              ],
            },
            withoutComments: {
              description: 'The note only.',
            },
            reading: {
              description: 'The note, the comments (the visitor’s own with Edit) and the input for a new comment.',
              on: {
                'comment.change': { actions: 'takeCommentDraft', description: 'Typed into the new comment.' },
                'comment.submit': { guard: 'hasCommentDraft', target: 'addingComment', description: 'Send a non-empty comment (an empty one is not submitted).' },
                'comment.edit': { guard: 'ownsComment', target: 'editingComment', actions: 'beginCommentEdit', description: 'Edit one of the visitor’s own comments.' },
              },
            },
            addingComment: {
              description: 'The comment is being created and appended to the annotation’s comments.',
              invoke: {
                id: 'addComment',
                src: 'addComment',
                input: ({ context }) => ({ annotation: { id: context.shownId! }, content: context.commentDraft, requestKey: context.commentRequestKey }),
                onDone: { target: 'reading', actions: 'appendComment', description: 'Added: it shows last; the input empties.' },
                onError: {
                  target: 'reading',
                  actions: ['rememberError', { type: 'notifyFailure', params: ({ context }) => ({ error: context.error }) }],
                  description: 'Failed: the comment stays in the input.',
                },
              },
            },
            editingComment: {
              description: 'The content of one of the visitor’s comments is being edited.',
              on: {
                'commentEdit.change': { actions: 'takeCommentEdit', description: 'Typed.' },
                'commentEdit.save': [
                  { guard: not('commentEditChanged'), target: 'reading', actions: 'forgetCommentEdit', description: 'Nothing changed: no call.' },
                  { guard: and(['commentEditChanged', 'hasCommentEdit']), target: 'updatingComment', description: 'Save the changed content (empty content is not saved).' },
                ],
                'commentEdit.cancel': { target: 'reading', actions: 'forgetCommentEdit', description: 'Cancel: the comment as it was.' },
              },
            },
            updatingComment: {
              description: 'The comment’s new content is being saved.',
              invoke: {
                id: 'updateComment',
                src: 'updateComment',
                input: ({ context }) => ({
                  comment: { id: context.editedCommentId! },
                  newValues: { content: context.commentEdit },
                  oldValues: { content: commentOf(context, context.editedCommentId)?.content ?? emptyRichText() },
                }),
                onDone: { target: 'reading', actions: 'applyCommentEdit', description: 'Saved.' },
                onError: {
                  target: 'editingComment',
                  actions: ['rememberError', { type: 'notifyFailure', params: ({ context }) => ({ error: context.error }) }],
                  description: 'Failed: the edited content stays in the editor.',
                },
              },
            },
          },
        },
      },
    },
  },
});

export type AnnotationPanelSnapshot = SnapshotFrom<typeof annotationPanelMachine>;
type View = Pick<AnnotationPanelSnapshot, 'context' | 'matches'>;

/* Selectors for the panel. */

export const isPanelOpen = (snapshot: View): boolean => snapshot.matches('open');
/** The cards in the chosen order. */
export const sortedAnnotations = (snapshot: View): Annotation[] => sortAnnotations(snapshot.context.annotations, snapshot.context.sort);
export const shownAnnotation = (snapshot: View): Annotation | undefined =>
  snapshot.matches({ open: 'detail' }) ? shownAnnotationOf(snapshot.context) : undefined;
/** Whether the visitor may edit `comment` (its Edit button). */
export const canEditComment = (comment: Pick<Comment, 'own'>): boolean => mayEditComment(comment);
/** The Send button of the new comment is enabled. */
export const canSubmitComment = (snapshot: View): boolean =>
  snapshot.matches({ open: { detail: 'reading' } }) && !isBlankNote(snapshot.context.commentDraft) && withinTextLimit(snapshot.context.commentDraft);
/** The overlays the panel has open, for the overlay stack (spec section 4). */
export const panelOverlaysOf = (snapshot: View): OpenOverlay[] => (snapshot.matches('open') ? [ANNOTATION_PANEL_OVERLAY] : []);
