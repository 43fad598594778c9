import { and, assertEvent, assign, emit, enqueueActions, fromCallback, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { Annotation } from '../model/annotation';
import { newRequestKey, type RequestKey } from '../model/requestKey';
import { emptyRichText, isEmptyRichText, richTextToHtml, withinTextLimit, type RichTextDoc } from '../model/richTextDoc';
import { sameNote } from '../model/sameNote';
import type { OpenOverlay } from './overlays';
import { reconnectionSignal } from './signals/reconnection';

/*
 * Annotations (spec sections 2, 3, 6, 7 and 8). The records are those of the API
 * (model/annotation.ts: `Annotation`, `Comment`); notes and comments are rich-text documents
 * (model/richTextDoc.ts).
 */

/** A text selection inside a text element: what a new annotation is made of (spec section 7). */
export type TextSelection = {
  /** The id of the text element the selection lies in. */
  reference: string;
  /** Character offsets of the selection in the element's text. */
  from: number;
  to: number;
  /** The selected text. */
  text: string;
};

/**
 * A note not yet acknowledged by the server, as the browser keeps it (`persistDraft`): written on
 * every change and before every save call, dropped (`discardDraft`) once the server acknowledged
 * it or the learner gave it up. Handed back as `draft` input after a reload. JSON.
 */
export type AnnotationDraft = {
  /** The annotation the note belongs to; null for a new annotation not created yet. */
  annotationId: string | null;
  selection: TextSelection;
  note: RichTextDoc;
  /** The note as it was loaded when editing began: the update's oldValues. */
  oldNote: RichTextDoc;
  /**
   * The request key of the new annotation's create (model/requestKey.ts), kept so that a save after
   * a reload repeats the create the server may have made already. Only while annotationId is null; absent
   * in drafts kept before keys existed (a new one is made for them).
   */
  requestKey?: RequestKey;
};

/** Where the glue keeps a draft: one key per selection, the same before and after the annotation exists. */
export function draftKeyOf(selection: TextSelection): string {
  return `${selection.reference}#${selection.from}-${selection.to}`;
}

/** A note with no visible text (spaces, empty paragraphs): never sent as a note (see the machine's description). */
export function isBlankNote(note: RichTextDoc | null | undefined): boolean {
  return !note || isEmptyRichText(note);
}

/** A selection an annotation can be made of: a non-empty range with some text. */
export function isUsableSelection(selection: TextSelection | null | undefined): selection is TextSelection {
  return !!selection && selection.reference !== '' && selection.to > selection.from && selection.text.trim() !== '';
}

/** The HTTP status an error of the glue's calls carries (HttpError of src/api/client.ts), if any. */
export function statusOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** 409 Conflict: the resource was modified meanwhile (spec section 8). */
export const isConflictError = (error: unknown): boolean => statusOf(error) === 409;

/** The delete confirmation is a dialog overlay (spec section 4), above the annotation panel. */
export function deleteDialogOverlay(annotationId: string): OpenOverlay {
  return { id: `annotation-delete:${annotationId}`, group: 'dialog' };
}

/** The selection an annotation was made of. */
export function selectionOf(annotation: Pick<Annotation, 'reference' | 'from' | 'to' | 'text'>): TextSelection {
  return { reference: annotation.reference, from: annotation.from, to: annotation.to, text: annotation.text };
}

/* The calls the glue provides (spec section 7; model/annotation.ts has their bodies). */

/**
 * model/create of an annotation: from, to, text, reference and the note (the glue adds the metadata),
 * with the note's request key: every create of one note carries the same key, and answers the one
 * annotation it made.
 */
export type CreateAnnotationInput = { selection: TextSelection; note: RichTextDoc; requestKey: RequestKey };
/** model/update of the note: newValues and oldValues (409 when the stored note is not oldValues). */
export type UpdateNoteInput = { annotation: { id: string }; newValues: { note: RichTextDoc }; oldValues: { note: RichTextDoc } };
export type DeleteAnnotationInput = { annotation: { id: string } };
export type LoadAnnotationInput = { annotation: { id: string } };

const createAnnotation = fromPromise<Annotation, CreateAnnotationInput>(async () => {
  throw new Error('createAnnotation is not provided');
});
const updateNote = fromPromise<void, UpdateNoteInput>(async () => {
  throw new Error('updateNote is not provided');
});
const deleteAnnotation = fromPromise<void, DeleteAnnotationInput>(async () => {
  throw new Error('deleteAnnotation is not provided');
});
/** The annotation as the server has it now (after a 409). */
const loadAnnotation = fromPromise<Annotation, LoadAnnotationInput>(async () => {
  throw new Error('loadAnnotation is not provided');
});

/**
 * Sends `selection.change` with the page's text selection once when invoked and whenever it may have
 * changed, for as long as the annotation waits for a selection (the glue of a new annotation reads
 * the document's selection and returns the cleanup); this stand-in sends nothing.
 */
const watchSelection = fromCallback<AnnotationEvent>(() => {});

export type AnnotationInput = {
  /**
   * The visitor may annotate (spec section 6): the share is private or a guest session exists,
   * and canAnnotate is true. Without it no selection is taken and nothing is edited or deleted.
   */
  mayAnnotate: boolean;
  /** An existing annotation (opened from the panel or from its highlight); its `own` says whether the visitor may edit and delete it. */
  annotation?: Annotation | null;
  /** A draft the browser kept from before (its save was never acknowledged): shown again in the editor. */
  draft?: AnnotationDraft | null;
};

export type AnnotationEvent =
  /** The text selection in a text element changed; null: nothing is selected any more. */
  | { type: 'selection.change'; selection: TextSelection | null }
  /** The Annotate button at the selection: the note editor opens. */
  | { type: 'compose.start' }
  /** The note being written changed (new annotation or editing). */
  | { type: 'draft.change'; note: RichTextDoc }
  /** Save in the note editor. */
  | { type: 'draft.save' }
  /** Cancel in the note editor: the draft is given up. */
  | { type: 'draft.cancel' }
  /** Edit on an annotation (owner only). */
  | { type: 'edit.start' }
  /** Delete on an annotation (owner only): the confirmation dialog opens. */
  | { type: 'delete.request' }
  /** The dialog's Cancel, Escape or a press outside it. */
  | { type: 'delete.cancel' }
  /** The dialog's Delete. */
  | { type: 'delete.confirm' }
  /** Retry after a failed save. */
  | { type: 'save.retry' }
  /** The connection came back (`reconnectionSignal`, invoked while a save has failed): the save is retried by itself. */
  | { type: 'network.restored' }
  /** Conflict: load the current version and put the learner's text over it, to save again. */
  | { type: 'conflict.reapply' }
  /** Conflict: drop the learner's text and show the current version. */
  | { type: 'conflict.discard' };

/** What the annotation tells its owner (the panel keeps its list with them; the glue forwards them). */
export type AnnotationEmitted =
  | { type: 'annotation.created'; annotation: Annotation }
  | { type: 'annotation.updated'; annotation: Annotation }
  | { type: 'annotation.deleted'; id: string };

export type AnnotationContext = {
  mayAnnotate: boolean;
  /** The selection a new annotation is made of (also the selection of an existing one). */
  selection: TextSelection | null;
  /** The annotation's id once it exists on the server; null before. */
  annotationId: string | null;
  /** The annotation as last known (null when only a kept draft names it). */
  annotation: Annotation | null;
  /** The visitor owns it: may edit its note and delete it (spec section 6). */
  own: boolean;
  /** The note as the server has it, as far as known: what Cancel and discard go back to. */
  savedNote: RichTextDoc;
  /** The note being written: the draft. */
  note: RichTextDoc;
  /** The note as loaded when editing began: the update's oldValues. */
  oldNote: RichTextDoc;
  /** Why the last call failed; null after a success. */
  error: unknown;
  /** The request key of the new annotation's create: made when a note is started (compose.start), or the kept draft's. */
  requestKey: RequestKey;
};

export type PersistDraftParams = { key: string; draft: AnnotationDraft };
export type DiscardDraftParams = { key: string };
export type NotifyParams = { error: unknown };

function initialContext(input: AnnotationInput): AnnotationContext {
  const draft = input.draft ?? null;
  const annotation = input.annotation ?? null;
  const annotationId = annotation?.id ?? draft?.annotationId ?? null;
  const saved = annotation?.note ?? emptyRichText();
  return {
    mayAnnotate: input.mayAnnotate,
    selection: draft?.selection ?? (annotation ? selectionOf(annotation) : null),
    annotationId,
    annotation,
    // A kept draft is the visitor's own work.
    own: annotation ? annotation.own : draft !== null,
    savedNote: annotation ? saved : (draft?.oldNote ?? saved),
    note: draft?.note ?? saved,
    oldNote: draft ? draft.oldNote : saved,
    error: null,
    requestKey: draft?.requestKey ?? newRequestKey(),
  };
}

/** The draft of the context (what `persistDraft` writes). */
export function draftOf(context: AnnotationContext): AnnotationDraft | null {
  if (!context.selection) return null;
  const draft = { annotationId: context.annotationId, selection: context.selection, note: context.note, oldNote: context.oldNote };
  return context.annotationId === null ? { ...draft, requestKey: context.requestKey } : draft;
}

const persistParams = ({ context }: { context: AnnotationContext }): PersistDraftParams => {
  const draft = draftOf(context)!;
  return { key: draftKeyOf(draft.selection), draft };
};
const discardParams = ({ context }: { context: AnnotationContext }): DiscardDraftParams => ({
  key: context.selection ? draftKeyOf(context.selection) : '',
});
const errorParams = ({ context }: { context: AnnotationContext }): NotifyParams => ({ error: context.error });
const errorOf = (event: { type: string }) => ('error' in event ? event.error : undefined);
/** The annotation with `note` as its note (and the html the server makes of it). */
const withNote = (annotation: Annotation | null, note: RichTextDoc): Annotation | null =>
  annotation ? { ...annotation, note, noteHtml: richTextToHtml(note) } : null;

/**
 * One annotation's life (spec sections 2, 4, 6, 7 and 8): a text selection (`selecting`, reported by the invoked `watchSelection`), the note
 * editor (`composing`), saving (`saving.creating`: the invoked `createAnnotation` with from, to, text,
 * reference and the note; `saving.updatingNote`: `updateNote` with newValues and oldValues), the saved
 * annotation (`saved`), editing its note (`editing`; oldValues = the note as loaded), deleting after
 * the confirmation dialog (`deleting`, `deleteAnnotation`), a 409 (`conflict`) and other failures
 * (`failed`).
 *
 * Durability: the note is kept in the browser until the server acknowledged it. `persistDraft`
 * writes the draft on every change and on entering `saving` (before the call starts); `discardDraft`
 * drops it once the server acknowledged the note or the learner gave it up. A failed save (network,
 * 5xx) keeps the draft: Retry, or the connection coming back (`reconnectionSignal`, invoked while in
 * `failed`), saves again. A 409 Conflict keeps the learner's text in `conflict`, with the Conflict
 * toast (`notifyConflict`): reapply loads the current version (`loadAnnotation`) and puts the text
 * over it (the current note becomes oldValues) to save again; discard shows the current version and
 * drops the draft.
 *
 * Creating is idempotent: a note started gets a request key (`startNote`), kept in its draft, and every
 * create of that note (Retry, the connection coming back, Save after a reload) sends it, so that a
 * create whose answer was lost makes no second annotation: the server answers the first one.
 *
 * Decisions: a blank note is never sent as a note. A new annotation saved with a blank note is a plain
 * highlight (the glue may leave `note` out of the create body); an existing note cannot be saved blank
 * (Save does nothing; delete the annotation instead). Saving an unchanged note makes no call. Creating
 * sends no oldValues and cannot conflict, so any failure of `createAnnotation` is `failed`. Only the
 * owner edits and deletes (the annotation's `own`). A failed delete goes back to `saved` with
 * `notifyFailure`. While a call runs, the editor takes no input (no `draft.change` in `saving`).
 *
 * The glue provides the six actors and `persistDraft`, `discardDraft`, `notifyConflict` and
 * `notifyFailure` (the only toasts of these calls: the glue's calls never toast).
 * The delete dialog is an overlay (`deleteDialogOverlay`): Escape or a press outside sends `delete.cancel`.
 */
export const annotationMachine = setup({
  types: {
    input: {} as AnnotationInput,
    context: {} as AnnotationContext,
    events: {} as AnnotationEvent,
    emitted: {} as AnnotationEmitted,
  },
  actors: { createAnnotation, updateNote, deleteAnnotation, loadAnnotation, reconnectionSignal, watchSelection },
  guards: {
    mayAnnotate: ({ context }) => context.mayAnnotate,
    isUsableSelection: ({ event }) => event.type === 'selection.change' && isUsableSelection(event.selection),
    /** The visitor may annotate and owns the annotation. */
    mayEdit: ({ context }) => context.mayAnnotate && context.own && context.annotationId !== null,
    hasAnnotation: ({ context }) => context.annotationId !== null,
    hasNewDraft: ({ context }) => context.annotationId === null && context.selection !== null,
    hasNote: ({ context }) => !isBlankNote(context.note),
    noteChanged: ({ context }) => !sameNote(context.note, context.oldNote),
    isConflict: ({ event }) => isConflictError(errorOf(event)),
  },
  actions: {
    /** Keep the draft in the browser (the glue: localStorage under `key`). */
    persistDraft: (_, _params: PersistDraftParams) => {},
    /** Drop the draft the browser kept under `key`. */
    discardDraft: (_, _params: DiscardDraftParams) => {},
    /** The toast Conflict: The resource has been modified. Please reload the page. (spec section 8) */
    notifyConflict: (_, _params: NotifyParams) => {},
    /** The toast of a failed call: Oops, something went wrong! (spec section 8) */
    notifyFailure: (_, _params: NotifyParams) => {},
    takeSelection: assign({
      selection: ({ event }) => {
        assertEvent(event, 'selection.change');
        return event.selection;
      },
    }),
    forgetSelection: assign({ selection: () => null, note: () => emptyRichText(), oldNote: () => emptyRichText() }),
    /** A new note, with a new request key for its create. */
    startNote: assign({ note: () => emptyRichText(), oldNote: () => emptyRichText(), requestKey: () => newRequestKey() }),
    takeNote: assign({
      note: ({ event }) => {
        assertEvent(event, 'draft.change');
        return event.note;
      },
    }),
    /** The editor shows the note as saved, which is the update's oldValues (Edit, Cancel, discard). */
    resetNote: assign(({ context }) => ({ note: context.savedNote, oldNote: context.savedNote })),
    takeCreated: assign(({ event }) => {
      if (!('output' in event)) return {};
      const annotation = event.output as Annotation;
      return { annotation, annotationId: annotation.id, own: annotation.own, savedNote: annotation.note, oldNote: annotation.note, error: null };
    }),
    takeSavedNote: assign(({ context }) => ({ annotation: withNote(context.annotation, context.note), savedNote: context.note, oldNote: context.note, error: null })),
    /** The current version from the server becomes the base: the next update's oldValues; the learner's text stays. */
    takeReloaded: assign(({ event }) => {
      if (!('output' in event)) return {};
      const annotation = event.output as Annotation;
      return { annotation, own: annotation.own, savedNote: annotation.note, oldNote: annotation.note, error: null };
    }),
    rememberError: assign({ error: ({ event }) => errorOf(event) ?? null }),
    announceCreated: emit(({ context }) => ({ type: 'annotation.created' as const, annotation: context.annotation! })),
    /** Tells the new version, when the annotation's record is known (a kept draft may name only its id). */
    announceUpdated: enqueueActions(({ context, enqueue }) => {
      if (context.annotation) enqueue.emit({ type: 'annotation.updated', annotation: context.annotation });
    }),
    announceDeleted: emit(({ context }) => ({ type: 'annotation.deleted' as const, id: context.annotationId! })),
  },
}).createMachine({
  id: 'annotation',
  description: 'One annotation: selection, note editor, saving with the draft kept in the browser, editing, deleting after confirmation, 409 conflict.',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  states: {
    starting: {
      description: 'Decides where the annotation starts from its input.',
      always: [
        { guard: 'hasNewDraft', target: 'composing', description: 'A kept draft of a new annotation: the note editor shows it again.' },
        { guard: and(['hasAnnotation', 'noteChanged']), target: 'editing', description: 'A kept draft of an existing note: the editor shows it again.' },
        { guard: 'hasAnnotation', target: 'saved', description: 'An existing annotation.' },
        { target: 'idle', description: 'Nothing yet: waits for a selection.' },
      ],
    },
    idle: {
      description: 'No text is selected.',
      invoke: { id: 'watchSelection', src: 'watchSelection' },
      on: {
        'selection.change': {
          guard: and(['mayAnnotate', 'isUsableSelection']),
          target: 'selecting',
          actions: 'takeSelection',
          description: 'Text selected by a visitor who may annotate: the Annotate button shows.',
        },
      },
    },
    selecting: {
      description: 'A text selection is held; the Annotate button shows at it.',
      invoke: { id: 'watchSelection', src: 'watchSelection' },
      on: {
        'selection.change': [
          { guard: 'isUsableSelection', actions: 'takeSelection', description: 'Another selection.' },
          { target: 'idle', actions: 'forgetSelection', description: 'The selection went (collapsed or cleared).' },
        ],
        'compose.start': { target: 'composing', actions: 'startNote', description: 'Annotate: the note editor opens for the selection.' },
      },
    },
    composing: {
      description: 'The note editor is open for a new annotation; the selection is frozen.',
      on: {
        'draft.change': { actions: ['takeNote', { type: 'persistDraft', params: persistParams }], description: 'Typed: the draft is kept in the browser.' },
        'draft.save': { target: 'saving.creating', description: 'Save: the annotation is created with its note (a blank note makes a plain highlight).' },
        'draft.cancel': {
          target: 'idle',
          actions: [{ type: 'discardDraft', params: discardParams }, 'forgetSelection'],
          description: 'Cancel: the draft is given up.',
        },
      },
    },
    saving: {
      description: 'The draft is kept in the browser, then sent; the editor waits.',
      entry: { type: 'persistDraft', params: persistParams },
      initial: 'creating',
      states: {
        creating: {
          description: 'The annotation is being created (from, to, text, reference, note).',
          invoke: {
            id: 'createAnnotation',
            src: 'createAnnotation',
            input: ({ context }) => ({ selection: context.selection!, note: context.note, requestKey: context.requestKey }),
            onDone: {
              target: '#annotation.saved',
              actions: ['takeCreated', { type: 'discardDraft', params: discardParams }, 'announceCreated'],
              description: 'Created: the draft is dropped.',
            },
            onError: { target: '#annotation.failed', actions: 'rememberError', description: 'Creating failed: the draft stays.' },
          },
        },
        updatingNote: {
          description: 'The note is being saved (newValues, oldValues = the note as loaded).',
          invoke: {
            id: 'updateNote',
            src: 'updateNote',
            input: ({ context }) => ({
              annotation: { id: context.annotationId! },
              newValues: { note: context.note },
              oldValues: { note: context.oldNote },
            }),
            onDone: {
              target: '#annotation.saved',
              actions: ['takeSavedNote', { type: 'discardDraft', params: discardParams }, 'announceUpdated'],
              description: 'Acknowledged: the draft is dropped.',
            },
            onError: [
              { guard: 'isConflict', target: '#annotation.conflict', actions: 'rememberError', description: '409: modified meanwhile; the learner’s text stays.' },
              { target: '#annotation.failed', actions: 'rememberError', description: 'Network or server error: the draft stays.' },
            ],
          },
        },
      },
    },
    saved: {
      description: 'The annotation is stored: its highlight and note show, with Edit and Delete for the owner.',
      on: {
        'edit.start': { guard: 'mayEdit', target: 'editing', actions: 'resetNote', description: 'Edit: the note editor opens with the note as loaded.' },
        'delete.request': { guard: 'mayEdit', target: 'deleting', description: 'Delete: the confirmation dialog opens.' },
      },
    },
    editing: {
      description: 'The note of the annotation is being edited; oldValues = the note as loaded.',
      on: {
        'draft.change': { actions: ['takeNote', { type: 'persistDraft', params: persistParams }], description: 'Typed: the draft is kept in the browser.' },
        'draft.save': [
          {
            guard: not('noteChanged'),
            target: 'saved',
            actions: [{ type: 'discardDraft', params: discardParams }],
            description: 'Nothing changed: no call.',
          },
          { guard: 'hasNote', target: 'saving.updatingNote', description: 'Save the changed note (a blank note is not saved).' },
        ],
        'draft.cancel': {
          target: 'saved',
          actions: [{ type: 'discardDraft', params: discardParams }, 'resetNote'],
          description: 'Cancel: the note as saved.',
        },
      },
    },
    deleting: {
      description: 'The dialog Delete the element? Deleted elements cannot be restored, with Cancel and Delete.',
      initial: 'confirming',
      states: {
        confirming: {
          description: 'The dialog asks; nothing is deleted yet.',
          on: {
            'delete.cancel': { target: '#annotation.saved', description: 'Cancel, Escape or a press outside: the dialog closes.' },
            'delete.confirm': { target: 'removing', description: 'Delete.' },
          },
        },
        removing: {
          description: 'The annotation is being deleted; the dialog waits.',
          invoke: {
            id: 'deleteAnnotation',
            src: 'deleteAnnotation',
            input: ({ context }) => ({ annotation: { id: context.annotationId! } }),
            onDone: { target: '#annotation.deleted', actions: 'announceDeleted', description: 'Deleted.' },
            onError: {
              target: '#annotation.saved',
              actions: ['rememberError', { type: 'notifyFailure', params: errorParams }],
              description: 'Deleting failed: the annotation stays; the error toast shows.',
            },
          },
        },
      },
    },
    conflict: {
      description: '409 Conflict: someone changed the annotation meanwhile. The learner’s text is kept (and in the browser).',
      entry: { type: 'notifyConflict', params: errorParams },
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The learner chooses: reload and reapply the text, or discard it.',
          on: {
            'conflict.reapply': { target: 'reapplying', description: 'Reload the current version and keep the text.' },
            'conflict.discard': { target: 'discarding', description: 'Give the text up for the current version.' },
          },
        },
        reapplying: {
          description: 'The current version is being loaded; the text will go over it.',
          invoke: {
            id: 'loadAnnotation',
            src: 'loadAnnotation',
            input: ({ context }) => ({ annotation: { id: context.annotationId! } }),
            onDone: {
              target: '#annotation.editing',
              actions: ['takeReloaded', { type: 'persistDraft', params: persistParams }],
              description: 'Loaded: the editor shows the learner’s text over the current version (its oldValues), to save again.',
            },
            onError: {
              target: 'choosing',
              actions: ['rememberError', { type: 'notifyFailure', params: errorParams }],
              description: 'Loading failed: the text stays; choose again.',
            },
          },
        },
        discarding: {
          description: 'The current version is being loaded; the learner’s text goes.',
          invoke: {
            id: 'loadAnnotation',
            src: 'loadAnnotation',
            input: ({ context }) => ({ annotation: { id: context.annotationId! } }),
            onDone: {
              target: '#annotation.saved',
              actions: ['takeReloaded', 'resetNote', { type: 'discardDraft', params: discardParams }, 'announceUpdated'],
              description: 'Loaded: the current version shows; the draft is dropped.',
            },
            onError: {
              target: '#annotation.saved',
              actions: ['rememberError', 'resetNote', { type: 'discardDraft', params: discardParams }, { type: 'notifyFailure', params: errorParams }],
              description: 'Loading failed: the draft is dropped anyway; the version known before shows.',
            },
          },
        },
      },
    },
    failed: {
      description: 'Saving failed (network, 5xx): the draft stays in the browser and in the editor; Retry, or the connection coming back, saves again.',
      entry: { type: 'notifyFailure', params: errorParams },
      invoke: { id: 'reconnectionSignal', src: 'reconnectionSignal' },
      on: {
        'save.retry': [
          { guard: 'hasAnnotation', target: 'saving.updatingNote', description: 'Retry: the note again.' },
          { target: 'saving.creating', description: 'Retry: create again.' },
        ],
        'draft.save': [
          { guard: 'hasAnnotation', target: 'saving.updatingNote', description: 'Save pressed again in the editor: the note again.' },
          { target: 'saving.creating', description: 'Save pressed again in the composer: create again.' },
        ],
        'network.restored': [
          { guard: 'hasAnnotation', target: 'saving.updatingNote', description: 'Online again: the note is saved by itself.' },
          { target: 'saving.creating', description: 'Online again: created by itself.' },
        ],
        'draft.change': [
          {
            guard: 'hasAnnotation',
            target: 'editing',
            actions: ['takeNote', { type: 'persistDraft', params: persistParams }],
            description: 'Typed on: back to editing the note.',
          },
          { target: 'composing', actions: ['takeNote', { type: 'persistDraft', params: persistParams }], description: 'Typed on: back to composing.' },
        ],
        'draft.cancel': [
          {
            guard: 'hasAnnotation',
            target: 'saved',
            actions: [{ type: 'discardDraft', params: discardParams }, 'resetNote'],
            description: 'Given up: the annotation as saved.',
          },
          {
            target: 'idle',
            actions: [{ type: 'discardDraft', params: discardParams }, 'forgetSelection'],
            description: 'Given up: no annotation is made.',
          },
        ],
      },
    },
    deleted: {
      type: 'final',
      description: 'The annotation is deleted.',
    },
  },
});

export type AnnotationSnapshot = SnapshotFrom<typeof annotationMachine>;
type View = Pick<AnnotationSnapshot, 'context' | 'matches'>;

/* Selectors for the annotation screens. */

/** The note editor shows (writing, saving, failed or in conflict): the selection stays frozen. */
export const isNoteEditorOpen = (snapshot: View): boolean =>
  snapshot.matches('composing') || snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('failed') || snapshot.matches('conflict');
export const isSaving = (snapshot: View): boolean => snapshot.matches('saving');
/** The delete confirmation dialog shows. */
export const isDeleteDialogOpen = (snapshot: View): boolean => snapshot.matches('deleting');
/** The visitor may edit and delete this annotation (Edit and Delete show). */
export const canEdit = (snapshot: View): boolean => {
  const { context } = snapshot;
  return context.mayAnnotate && context.own && context.annotationId !== null;
};
/**
 * Save in the note editor does something: composing always (blank: a highlight); editing unless the
 * changed note is blank. Never while the note's text is beyond the limit of a stored note (its counter
 * shows that as an error; spec section 5: no submit while an error exists).
 */
export const canSaveNote = (snapshot: View): boolean => {
  const { context } = snapshot;
  if (!withinTextLimit(context.note)) return false;
  if (snapshot.matches('composing')) return true;
  if (snapshot.matches('editing')) return sameNote(context.note, context.oldNote) || !isBlankNote(context.note);
  return false;
};
/** The overlays this annotation has open, for the overlay stack (spec section 4). */
export const annotationOverlaysOf = (snapshot: View): OpenOverlay[] =>
  snapshot.matches('deleting') && snapshot.context.annotationId ? [deleteDialogOverlay(snapshot.context.annotationId)] : [];
