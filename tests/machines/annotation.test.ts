import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef, type StateValue } from 'xstate';
import {
  annotationMachine, annotationOverlaysOf, canEdit, canSaveNote, deleteDialogOverlay, draftKeyOf, draftOf, isBlankNote, isConflictError,
  isDeleteDialogOpen, isNoteEditorOpen, isUsableSelection, statusOf,
  type AnnotationContext, type AnnotationDraft, type AnnotationEmitted, type AnnotationEvent, type AnnotationInput,
  type CreateAnnotationInput, type DeleteAnnotationInput, type LoadAnnotationInput, type UpdateNoteInput,
} from '../../machines/annotation';
import type { Annotation } from '../../model/annotation';
import { RequestKey } from '../../model/requestKey';
import { emptyRichText, RICH_TEXT_LIMITS, richTextToPlainText, type RichTextDoc } from '../../model/richTextDoc';
import { sameNote } from '../../model/sameNote';
import { annotationKey, annotationOf, annotationSelection, httpError, noteOf, walkConfigs } from '../../scripts/statecharts/walkConfigs';
import { walkedChartShare } from './chartCoverage';
import { itWalks, pathsOf, runPath } from './walkMachine';
import { silentSignals } from './browserFakes';

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};
const pathOf = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${pathOf(v as StateValue)}`).join(',');

type Pending<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/** The machine with controllable calls, a fake browser store for drafts, and a log of every effect in order. */
function harness() {
  const log: string[] = [];
  const stored = new Map<string, AnnotationDraft>();
  const calls = {
    createAnnotation: [] as Pending<CreateAnnotationInput, Annotation>[],
    updateNote: [] as Pending<UpdateNoteInput, void>[],
    deleteAnnotation: [] as Pending<DeleteAnnotationInput, void>[],
    loadAnnotation: [] as Pending<LoadAnnotationInput, Annotation>[],
  };
  const pending = <I, O>(name: keyof typeof calls) =>
    fromPromise<O, I>(({ input }) =>
      new Promise<O>((resolve, reject) => {
        log.push(`call ${name}`);
        (calls[name] as unknown as Pending<I, O>[]).push({ input, resolve, reject });
      }),
    );
  const machine = annotationMachine.provide({
    actions: {
      persistDraft: (_, { key, draft }) => {
        log.push('persist');
        stored.set(key, structuredClone(draft));
      },
      discardDraft: (_, { key }) => {
        log.push('discard');
        stored.delete(key);
      },
      notifyConflict: (_, { error }) => log.push(`conflict toast ${statusOf(error)}`),
      notifyFailure: () => log.push('failure toast'),
    },
    actors: {
      createAnnotation: pending<CreateAnnotationInput, Annotation>('createAnnotation'),
      updateNote: pending<UpdateNoteInput, void>('updateNote'),
      deleteAnnotation: pending<DeleteAnnotationInput, void>('deleteAnnotation'),
      loadAnnotation: pending<LoadAnnotationInput, Annotation>('loadAnnotation'),
      reconnectionSignal: silentSignals(),
    },
  });
  const emitted: AnnotationEmitted[] = [];
  const start = (input: AnnotationInput) => {
    const actor = createActor(machine, { input });
    actor.on('*', (event) => {
      emitted.push(event as AnnotationEmitted);
      log.push(`emit ${event.type}`);
    });
    return actor.start();
  };
  const last = <K extends keyof typeof calls>(name: K) => calls[name][calls[name].length - 1] as (typeof calls)[K][number];
  return { machine, log, stored, calls, emitted, start, last };
}

const mine = annotationOf('a1', true, 'First note.');
const key = draftKeyOf(annotationSelection);
const state = (actor: { getSnapshot(): { value: StateValue } }) => pathOf(actor.getSnapshot().value);

describe('annotation helpers', () => {
  it('a usable selection has a range and some text', () => {
    expect(isUsableSelection(annotationSelection)).toBe(true);
    expect(isUsableSelection({ ...annotationSelection, to: 4 })).toBe(false);
    expect(isUsableSelection({ ...annotationSelection, text: '  ' })).toBe(false);
    expect(isUsableSelection({ ...annotationSelection, reference: '' })).toBe(false);
    expect(isUsableSelection(null)).toBe(false);
  });

  it('blank and equal notes (compared normalised, as the server compares oldValues); statuses; draft keys', () => {
    expect(isBlankNote(emptyRichText())).toBe(true);
    expect(isBlankNote(noteOf(' \n '))).toBe(true);
    expect(isBlankNote(null)).toBe(true);
    expect(isBlankNote(noteOf('x'))).toBe(false);
    expect(sameNote(null, emptyRichText())).toBe(true);
    expect(sameNote(noteOf(''), emptyRichText())).toBe(true);
    expect(sameNote(noteOf('a'), noteOf('a'))).toBe(true);
    expect(sameNote(noteOf('a'), { type: 'doc', content: [{ type: 'text', text: 'a' }] })).toBe(true);
    expect(sameNote(noteOf('a'), noteOf('b'))).toBe(false);
    expect(isConflictError(httpError(409))).toBe(true);
    expect(isConflictError(httpError(500))).toBe(false);
    expect(isConflictError(new TypeError('Failed to fetch'))).toBe(false);
    expect(draftKeyOf(annotationSelection)).toBe('t1#4-9');
  });
});

describe('annotation machine behaviour', () => {
  it('selection → Annotate → typing keeps the draft → Save: the draft is persisted before the call, dropped once created', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true });
    expect(state(actor)).toBe('idle');
    actor.send({ type: 'selection.change', selection: annotationSelection });
    expect(state(actor)).toBe('selecting');
    actor.send({ type: 'compose.start' });
    expect(isNoteEditorOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'draft.change', note: noteOf('Plants') });
    actor.send({ type: 'draft.change', note: noteOf('Plants turn light into sugar.') });
    const { requestKey } = actor.getSnapshot().context;
    expect(RequestKey.safeParse(requestKey).success).toBe(true);
    expect(h.stored.get(key)).toEqual({ annotationId: null, selection: annotationSelection, note: noteOf('Plants turn light into sugar.'), oldNote: emptyRichText(), requestKey });
    h.log.length = 0;
    actor.send({ type: 'draft.save' });
    expect(state(actor)).toBe('saving.creating');
    expect(h.log).toEqual(['persist', 'call createAnnotation']);
    expect(h.last('createAnnotation').input).toEqual({ selection: annotationSelection, note: noteOf('Plants turn light into sugar.'), requestKey });
    const created = annotationOf('a9', true, 'Plants turn light into sugar.');
    h.last('createAnnotation').resolve(created);
    await settle();
    expect(state(actor)).toBe('saved');
    expect(h.stored.size).toBe(0);
    expect(h.log).toEqual(['persist', 'call createAnnotation', 'discard', 'emit annotation.created']);
    expect(h.emitted).toEqual([{ type: 'annotation.created', annotation: created }]);
    expect(actor.getSnapshot().context).toMatchObject({ annotationId: 'a9', own: true });
    expect(canEdit(actor.getSnapshot())).toBe(true);
  });

  it('a blank note makes a plain highlight: created with the empty note', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true });
    actor.send({ type: 'selection.change', selection: annotationSelection });
    actor.send({ type: 'compose.start' });
    actor.send({ type: 'draft.change', note: noteOf('   ') });
    expect(canSaveNote(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'draft.save' });
    expect(isBlankNote(h.last('createAnnotation').input.note)).toBe(true);
    h.last('createAnnotation').resolve(annotationOf('a9', true, ''));
    await settle();
    expect(state(actor)).toBe('saved');
    expect(h.calls.updateNote).toHaveLength(0);
    expect(h.stored.size).toBe(0);
  });

  it('a failed create (network, 5xx) keeps the draft in the browser and the editor; Retry creates again', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true });
    actor.send({ type: 'selection.change', selection: annotationSelection });
    actor.send({ type: 'compose.start' });
    actor.send({ type: 'draft.change', note: noteOf('Keep me.') });
    actor.send({ type: 'draft.save' });
    h.last('createAnnotation').reject(new TypeError('Failed to fetch'));
    await settle();
    expect(state(actor)).toBe('failed');
    expect(h.log.at(-1)).toBe('failure toast');
    expect(h.stored.get(key)).toMatchObject({ annotationId: null, note: noteOf('Keep me.') });
    expect(actor.getSnapshot().context.note).toEqual(noteOf('Keep me.'));
    expect(isNoteEditorOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'save.retry' });
    expect(h.calls.createAnnotation).toHaveLength(2);
    expect(h.last('createAnnotation').input.note).toEqual(noteOf('Keep me.'));
    h.last('createAnnotation').resolve(annotationOf('a9', true, 'Keep me.'));
    await settle();
    expect(state(actor)).toBe('saved');
    expect(h.stored.size).toBe(0);
  });

  it('every create of one note carries its request key (Retry, typing on, the connection back); the next note gets a new one', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true });
    actor.send({ type: 'selection.change', selection: annotationSelection });
    actor.send({ type: 'compose.start' });
    actor.send({ type: 'draft.change', note: noteOf('Keep me.') });
    const { requestKey } = actor.getSnapshot().context;
    expect(h.stored.get(key)?.requestKey).toBe(requestKey);
    actor.send({ type: 'draft.save' });
    h.last('createAnnotation').reject(new TypeError('Failed to fetch'));
    await settle();
    actor.send({ type: 'save.retry' });
    h.last('createAnnotation').reject(httpError(502));
    await settle();
    actor.send({ type: 'draft.change', note: noteOf('Keep me, longer.') });
    expect(h.stored.get(key)?.requestKey).toBe(requestKey);
    actor.send({ type: 'draft.save' });
    h.last('createAnnotation').reject(new TypeError('Failed to fetch'));
    await settle();
    actor.send({ type: 'network.restored' });
    expect(h.calls.createAnnotation.map((call) => call.input.requestKey)).toEqual([requestKey, requestKey, requestKey, requestKey]);

    // Given up, then a note started anew (of the same passage): a new create, with a new key.
    h.last('createAnnotation').reject(new TypeError('Failed to fetch'));
    await settle();
    actor.send({ type: 'draft.cancel' });
    actor.send({ type: 'selection.change', selection: annotationSelection });
    actor.send({ type: 'compose.start' });
    actor.send({ type: 'draft.save' });
    expect(h.last('createAnnotation').input.requestKey).not.toBe(requestKey);
    expect(RequestKey.safeParse(h.last('createAnnotation').input.requestKey).success).toBe(true);
  });

  it('a kept draft of a new annotation creates with its own request key; one kept before keys existed gets one, kept from then on', () => {
    const h = harness();
    const kept: AnnotationDraft = { annotationId: null, selection: annotationSelection, note: noteOf('Half'), oldNote: emptyRichText(), requestKey: 'kept-key_0123456789abc' };
    const resumed = h.start({ mayAnnotate: true, draft: kept });
    resumed.send({ type: 'draft.save' });
    expect(h.last('createAnnotation').input.requestKey).toBe('kept-key_0123456789abc');
    expect(h.stored.get(key)).toEqual(kept);

    const { requestKey: _none, ...older } = kept;
    const olderResumed = h.start({ mayAnnotate: true, draft: older });
    olderResumed.send({ type: 'draft.change', note: noteOf('Half more') });
    const made = h.stored.get(key)?.requestKey;
    expect(RequestKey.safeParse(made).success).toBe(true);
    olderResumed.send({ type: 'draft.save' });
    expect(h.last('createAnnotation').input.requestKey).toBe(made);
  });

  it('the draft of an existing note carries no request key (it is updated, never created)', () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true, annotation: mine });
    actor.send({ type: 'edit.start' });
    actor.send({ type: 'draft.change', note: noteOf('Better.') });
    expect(h.stored.get(draftKeyOf(mine))).not.toHaveProperty('requestKey');
  });

  it('a failed note update keeps the draft; the connection coming back saves the note again (never a second annotation)', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true, annotation: mine });
    actor.send({ type: 'edit.start' });
    actor.send({ type: 'draft.change', note: noteOf('Better.') });
    actor.send({ type: 'draft.save' });
    h.last('updateNote').reject(httpError(503));
    await settle();
    expect(state(actor)).toBe('failed');
    expect(h.stored.get(draftKeyOf(mine))).toEqual({ annotationId: 'a1', selection: annotationSelection, note: noteOf('Better.'), oldNote: noteOf('First note.') });
    actor.send({ type: 'network.restored' });
    expect(state(actor)).toBe('saving.updatingNote');
    expect(h.calls.createAnnotation).toHaveLength(0);
    h.last('updateNote').resolve();
    await settle();
    expect(state(actor)).toBe('saved');
    expect(h.stored.size).toBe(0);
    expect(h.emitted.at(-1)).toMatchObject({ type: 'annotation.updated', annotation: { id: 'a1', note: noteOf('Better.'), noteHtml: '<p>Better.</p>' } });
  });

  it('the connection watch runs only while a save has failed: the online event it reports saves again, leaving stops it', async () => {
    const h = harness();
    const watching: { report: (event: AnnotationEvent) => void; stopped: boolean }[] = [];
    const machine = h.machine.provide({
      actors: {
        reconnectionSignal: fromCallback(({ sendBack }) => {
          const watch = { report: sendBack, stopped: false };
          watching.push(watch);
          return () => {
            watch.stopped = true;
          };
        }),
      },
    });
    const actor = createActor(machine, { input: { mayAnnotate: true, annotation: mine } }).start();
    actor.send({ type: 'edit.start' });
    actor.send({ type: 'draft.change', note: noteOf('Better.') });
    actor.send({ type: 'draft.save' });
    expect(watching).toHaveLength(0);
    h.last('updateNote').reject(httpError(503));
    await settle();
    expect(watching.map((w) => w.stopped)).toEqual([false]);
    watching[0]!.report({ type: 'network.restored' });
    expect(state(actor)).toBe('saving.updatingNote');
    expect(watching.map((w) => w.stopped)).toEqual([true]);
  });

  it('Save pressed again after a refused save saves again: the composer and the editor are not left with a button that does nothing', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true });
    actor.send({ type: 'selection.change', selection: annotationSelection });
    actor.send({ type: 'compose.start' });
    actor.send({ type: 'draft.change', note: noteOf('Plants.') });
    actor.send({ type: 'draft.save' });
    h.last('createAnnotation').reject(httpError(503));
    await settle();
    expect(state(actor)).toBe('failed');
    actor.send({ type: 'draft.save' });
    expect(state(actor)).toBe('saving.creating');
    expect(h.calls.createAnnotation).toHaveLength(2);
    expect(h.last('createAnnotation').input.note).toEqual(noteOf('Plants.'));
  });

  it('typing on after a failure goes back to the editor, keeping the draft; Cancel gives it up', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true });
    actor.send({ type: 'selection.change', selection: annotationSelection });
    actor.send({ type: 'compose.start' });
    actor.send({ type: 'draft.change', note: noteOf('One') });
    actor.send({ type: 'draft.save' });
    h.last('createAnnotation').reject(httpError(502));
    await settle();
    actor.send({ type: 'draft.change', note: noteOf('One more') });
    expect(state(actor)).toBe('composing');
    expect(h.stored.get(key)?.note).toEqual(noteOf('One more'));
    actor.send({ type: 'draft.cancel' });
    expect(state(actor)).toBe('idle');
    expect(h.stored.size).toBe(0);
    expect(actor.getSnapshot().context.selection).toBeNull();
  });

  it('409 Conflict: the learner’s text is kept and the Conflict toast shows; reapply loads the current version and saves the text over it', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true, annotation: mine });
    actor.send({ type: 'edit.start' });
    expect(actor.getSnapshot().context.oldNote).toEqual(noteOf('First note.'));
    actor.send({ type: 'draft.change', note: noteOf('My better note.') });
    actor.send({ type: 'draft.save' });
    expect(h.last('updateNote').input.oldValues).toEqual({ note: noteOf('First note.') });
    h.last('updateNote').reject(httpError(409));
    await settle();
    expect(state(actor)).toBe('conflict.choosing');
    expect(h.log.filter((x) => x.includes('toast'))).toEqual(['conflict toast 409']);
    expect(actor.getSnapshot().context.note).toEqual(noteOf('My better note.'));
    expect(h.stored.get(draftKeyOf(mine))?.note).toEqual(noteOf('My better note.'));
    expect(isNoteEditorOpen(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'conflict.reapply' });
    expect(h.last('loadAnnotation').input).toEqual({ annotation: { id: 'a1' } });
    h.last('loadAnnotation').resolve(annotationOf('a1', true, 'Changed by someone else.'));
    await settle();
    expect(state(actor)).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ note: noteOf('My better note.'), oldNote: noteOf('Changed by someone else.') });
    expect(h.stored.get(draftKeyOf(mine))?.oldNote).toEqual(noteOf('Changed by someone else.'));
    actor.send({ type: 'draft.save' });
    expect(h.last('updateNote').input).toEqual({
      annotation: { id: 'a1' },
      newValues: { note: noteOf('My better note.') },
      oldValues: { note: noteOf('Changed by someone else.') },
    });
  });

  it('409 Conflict, discard: the current version shows and the draft goes', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true, annotation: mine });
    actor.send({ type: 'edit.start' });
    actor.send({ type: 'draft.change', note: noteOf('Mine.') });
    actor.send({ type: 'draft.save' });
    h.last('updateNote').reject(httpError(409));
    await settle();
    actor.send({ type: 'conflict.discard' });
    const theirs = annotationOf('a1', true, 'Theirs.');
    h.last('loadAnnotation').resolve(theirs);
    await settle();
    expect(state(actor)).toBe('saved');
    expect(actor.getSnapshot().context).toMatchObject({ note: noteOf('Theirs.'), oldNote: noteOf('Theirs.'), savedNote: noteOf('Theirs.') });
    expect(h.stored.size).toBe(0);
    expect(h.emitted.at(-1)).toEqual({ type: 'annotation.updated', annotation: theirs });
  });

  it('deleting needs the confirmation: Cancel keeps it, Delete deletes it', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true, annotation: mine });
    actor.send({ type: 'delete.request' });
    expect(state(actor)).toBe('deleting.confirming');
    expect(isDeleteDialogOpen(actor.getSnapshot())).toBe(true);
    expect(annotationOverlaysOf(actor.getSnapshot())).toEqual([{ id: 'annotation-delete:a1', group: 'dialog' }]);
    expect(h.calls.deleteAnnotation).toHaveLength(0);
    actor.send({ type: 'delete.cancel' });
    expect(state(actor)).toBe('saved');
    expect(annotationOverlaysOf(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    expect(h.last('deleteAnnotation').input).toEqual({ annotation: { id: 'a1' } });
    actor.send({ type: 'delete.cancel' });
    expect(state(actor)).toBe('deleting.removing');
    h.last('deleteAnnotation').resolve();
    await settle();
    expect(state(actor)).toBe('deleted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(h.emitted).toEqual([{ type: 'annotation.deleted', id: 'a1' }]);
  });

  it('a failed delete keeps the annotation and says so', async () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true, annotation: mine });
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    h.last('deleteAnnotation').reject(httpError(500));
    await settle();
    expect(state(actor)).toBe('saved');
    expect(h.log.at(-1)).toBe('failure toast');
  });

  it('permissions (spec section 6): no selection is taken without the right to annotate; only the owner edits and deletes', () => {
    const h = harness();
    const anonymous = h.start({ mayAnnotate: false });
    anonymous.send({ type: 'selection.change', selection: annotationSelection });
    expect(state(anonymous)).toBe('idle');
    const others = h.start({ mayAnnotate: true, annotation: annotationOf('a2', false, 'Bob’s.') });
    expect(canEdit(others.getSnapshot())).toBe(false);
    others.send({ type: 'edit.start' });
    others.send({ type: 'delete.request' });
    expect(state(others)).toBe('saved');
    const ownButNotAllowed = h.start({ mayAnnotate: false, annotation: mine });
    ownButNotAllowed.send({ type: 'edit.start' });
    expect(state(ownButNotAllowed)).toBe('saved');
    expect(canEdit(h.start({ mayAnnotate: true, annotation: mine }).getSnapshot())).toBe(true);
  });

  it('editing: an unchanged note makes no call, a blank note is not saved, Cancel restores the note', () => {
    const h = harness();
    const actor = h.start({ mayAnnotate: true, annotation: mine });
    actor.send({ type: 'edit.start' });
    expect(canSaveNote(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'draft.save' });
    expect(state(actor)).toBe('saved');
    actor.send({ type: 'edit.start' });
    actor.send({ type: 'draft.change', note: noteOf('  ') });
    expect(canSaveNote(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'draft.save' });
    expect(state(actor)).toBe('editing');
    expect(h.calls.updateNote).toHaveLength(0);
    actor.send({ type: 'draft.cancel' });
    expect(state(actor)).toBe('saved');
    expect(actor.getSnapshot().context.note).toEqual(noteOf('First note.'));
    expect(h.stored.size).toBe(0);
  });

  it('a note whose text is beyond the limit of a stored note cannot be saved, composing or editing', () => {
    const h = harness();
    const editing = h.start({ mayAnnotate: true, annotation: mine });
    editing.send({ type: 'edit.start' });
    editing.send({ type: 'draft.change', note: noteOf('x'.repeat(RICH_TEXT_LIMITS.maxTotalText)) });
    expect(canSaveNote(editing.getSnapshot())).toBe(true);
    editing.send({ type: 'draft.change', note: noteOf('x'.repeat(RICH_TEXT_LIMITS.maxTotalText + 1)) });
    expect(canSaveNote(editing.getSnapshot())).toBe(false);
    const composing = h.start({ mayAnnotate: true });
    composing.send({ type: 'selection.change', selection: annotationSelection });
    composing.send({ type: 'compose.start' });
    expect(canSaveNote(composing.getSnapshot())).toBe(true);
    composing.send({ type: 'draft.change', note: noteOf('x'.repeat(RICH_TEXT_LIMITS.maxTotalText + 1)) });
    expect(canSaveNote(composing.getSnapshot())).toBe(false);
  });

  it('a collapsed selection, or none, ends selecting; another selection replaces it', () => {
    const actor = harness().start({ mayAnnotate: true });
    actor.send({ type: 'selection.change', selection: annotationSelection });
    const other = { ...annotationSelection, from: 20, to: 25, text: 'sugar' };
    actor.send({ type: 'selection.change', selection: other });
    expect(actor.getSnapshot().context.selection).toEqual(other);
    actor.send({ type: 'selection.change', selection: { ...other, to: 20, text: '' } });
    expect(state(actor)).toBe('idle');
    expect(actor.getSnapshot().context.selection).toBeNull();
  });

  it('a draft kept in the browser comes back in the editor; one of an existing note is updated (against its oldValues), never created', async () => {
    const h = harness();
    const fresh = h.start({ mayAnnotate: true, draft: { annotationId: null, selection: annotationSelection, note: noteOf('Half'), oldNote: emptyRichText() } });
    expect(state(fresh)).toBe('composing');
    expect(fresh.getSnapshot().context.note).toEqual(noteOf('Half'));

    const half: AnnotationDraft = { annotationId: 'a1', selection: annotationSelection, note: noteOf('Half'), oldNote: noteOf('First note.') };
    const restored = h.start({ mayAnnotate: true, draft: half });
    expect(state(restored)).toBe('editing');
    expect(restored.getSnapshot().context).toMatchObject({ annotationId: 'a1', annotation: null, own: true });
    restored.send({ type: 'draft.save' });
    expect(h.calls.createAnnotation).toHaveLength(0);
    expect(h.last('updateNote').input).toEqual({ annotation: { id: 'a1' }, newValues: { note: noteOf('Half') }, oldValues: { note: noteOf('First note.') } });
    h.last('updateNote').resolve();
    await settle();
    expect(state(restored)).toBe('saved');
    // Without its record the annotation has nothing to announce; the panel reloads its list on opening.
    expect(h.emitted).toEqual([]);

    // With the record the glue loaded meanwhile: the note changed on the server, so saving will meet a 409.
    const withRecord = h.start({ mayAnnotate: true, annotation: annotationOf('a1', true, 'Changed meanwhile.'), draft: half });
    expect(state(withRecord)).toBe('editing');
    expect(withRecord.getSnapshot().context).toMatchObject({ oldNote: noteOf('First note.'), savedNote: noteOf('Changed meanwhile.') });
    withRecord.send({ type: 'draft.cancel' });
    expect(withRecord.getSnapshot().context.note).toEqual(noteOf('Changed meanwhile.'));
  });

  it('the delete dialog overlay id names the annotation', () => {
    expect(deleteDialogOverlay('a7')).toEqual({ id: 'annotation-delete:a7', group: 'dialog' });
  });
});

/* The model: where each event leads from each state, and the effects in order. */

const DONE = (name: string) => `xstate.done.actor.${name}`;
const ERROR = (name: string) => `xstate.error.actor.${name}`;

type Rule = { name: string; to: string; effects: string[]; keepsNote?: boolean };

function modelStep(from: string, c: AnnotationContext, e: AnnotationEvent): Rule | undefined {
  const type = e.type as string;
  const error = (e as unknown as { error?: unknown }).error;
  const blank = isBlankNote(c.note);
  const changed = !sameNote(c.note, c.oldNote);
  const hasAnnotation = c.annotationId !== null;
  const mayEdit = c.mayAnnotate && hasAnnotation && c.own;
  const rule = (name: string, to: string, effects: string[] = [], keepsNote = false): Rule => ({ name: `${from} ${name}`, to, effects, keepsNote });
  const usable = type === 'selection.change' && isUsableSelection((e as { selection: unknown }).selection as never);
  switch (from) {
    case 'idle':
      return usable && c.mayAnnotate ? rule('selection.change → selecting', 'selecting') : undefined;
    case 'selecting':
      if (type === 'selection.change') return usable ? rule('selection.change (another)', 'selecting') : rule('selection.change (gone) → idle', 'idle');
      return type === 'compose.start' ? rule('compose.start → composing', 'composing') : undefined;
    case 'composing':
      if (type === 'draft.change') return rule('draft.change', 'composing', ['persist']);
      if (type === 'draft.save') return rule('draft.save → creating', 'saving.creating', ['persist', 'call createAnnotation'], true);
      return type === 'draft.cancel' ? rule('draft.cancel → idle', 'idle', ['discard']) : undefined;
    case 'saving.creating':
      if (type === DONE('createAnnotation')) return rule('created → saved', 'saved', ['discard', 'emit annotation.created']);
      return type === ERROR('createAnnotation') ? rule('create failed → failed', 'failed', ['failure toast'], true) : undefined;
    case 'saving.updatingNote':
      if (type === DONE('updateNote')) return rule('note saved → saved', 'saved', c.annotation ? ['discard', 'emit annotation.updated'] : ['discard'], true);
      if (type === ERROR('updateNote')) {
        return isConflictError(error)
          ? rule('409 → conflict', 'conflict.choosing', ['conflict toast 409'], true)
          : rule('update failed → failed', 'failed', ['failure toast'], true);
      }
      return undefined;
    case 'saved':
      if (type === 'edit.start' && mayEdit) return rule('edit.start → editing', 'editing');
      if (type === 'delete.request' && mayEdit) return rule('delete.request → confirming', 'deleting.confirming');
      return undefined;
    case 'editing':
      if (type === 'draft.change') return rule('draft.change', 'editing', ['persist']);
      if (type === 'draft.save' && !changed) return rule('draft.save (unchanged) → saved', 'saved', ['discard'], true);
      if (type === 'draft.save' && !blank) return rule('draft.save → updatingNote', 'saving.updatingNote', ['persist', 'call updateNote'], true);
      return type === 'draft.cancel' ? rule('draft.cancel → saved', 'saved', ['discard']) : undefined;
    case 'deleting.confirming':
      if (type === 'delete.cancel') return rule('delete.cancel → saved', 'saved');
      return type === 'delete.confirm' ? rule('delete.confirm → removing', 'deleting.removing', ['call deleteAnnotation']) : undefined;
    case 'deleting.removing':
      if (type === DONE('deleteAnnotation')) return rule('deleted → deleted', 'deleted', ['emit annotation.deleted']);
      return type === ERROR('deleteAnnotation') ? rule('delete failed → saved', 'saved', ['failure toast']) : undefined;
    case 'conflict.choosing':
      if (type === 'conflict.reapply') return rule('conflict.reapply → reapplying', 'conflict.reapplying', ['call loadAnnotation'], true);
      return type === 'conflict.discard' ? rule('conflict.discard → discarding', 'conflict.discarding', ['call loadAnnotation'], true) : undefined;
    case 'conflict.reapplying':
      if (type === DONE('loadAnnotation')) return rule('loaded → editing', 'editing', ['persist'], true);
      return type === ERROR('loadAnnotation') ? rule('load failed → choosing', 'conflict.choosing', ['failure toast'], true) : undefined;
    case 'conflict.discarding':
      if (type === DONE('loadAnnotation')) return rule('loaded → saved', 'saved', ['discard', 'emit annotation.updated']);
      return type === ERROR('loadAnnotation') ? rule('load failed → saved', 'saved', ['discard', 'failure toast']) : undefined;
    case 'failed':
      if (type === 'save.retry' || type === 'network.restored' || type === 'draft.save') {
        return hasAnnotation
          ? rule(`${type} → updatingNote`, 'saving.updatingNote', ['persist', 'call updateNote'], true)
          : rule(`${type} → creating`, 'saving.creating', ['persist', 'call createAnnotation'], true);
      }
      if (type === 'draft.change') return hasAnnotation ? rule('draft.change → editing', 'editing', ['persist']) : rule('draft.change → composing', 'composing', ['persist']);
      if (type === 'draft.cancel') return hasAnnotation ? rule('draft.cancel → saved', 'saved', ['discard']) : rule('draft.cancel → idle', 'idle', ['discard']);
      return undefined;
    default:
      return undefined;
  }
}

/** A path's name without the notes and records in full: `draft.change("Plants…") → xstate.done.actor.createAnnotation(a9)`. */
function shortName(events: readonly { type: string }[]): string {
  const label = (event: { type: string }) => {
    const e = event as { type: string; note?: RichTextDoc; selection?: { from: number; to: number } | null; output?: { id?: string }; error?: unknown };
    if (e.note) return `${e.type}(${JSON.stringify(richTextToPlainText(e.note).slice(0, 12))})`;
    if ('selection' in e) return `${e.type}(${e.selection ? `${e.selection.from}-${e.selection.to}` : 'null'})`;
    if (e.output?.id) return `${e.type}(${e.output.id})`;
    if ('error' in e) return `${e.type}(${statusOf(e.error) ?? 'network'})`;
    return e.type;
  };
  return events.map(label).join(' → ') || '(start)';
}

/** States in which the browser must hold exactly the draft of the context (the note is not acknowledged). */
const UNACKNOWLEDGED = /^(saving|failed|conflict)/;
/** States in which nothing may be kept. */
const NOTHING_KEPT = new Set(['idle', 'selecting', 'saved', 'deleted']);

/** Where each walk variant starts (the `starting` branches). */
const startOf: Record<string, string> = {
  'new annotation': 'idle',
  'visitor who may not annotate': 'idle',
  'own annotation': 'saved',
  'someone else’s annotation': 'saved',
  'kept draft of a new annotation': 'composing',
  'kept draft of an existing note': 'editing',
};

const walked = new Set<string>();
for (const v of walkConfigs.annotation) {
  const input = v.input as AnnotationInput;
  describe(`annotation model walk (${v.name}): every transition of the graph, checked against the model`, () => {
    const walk = pathsOf(annotationMachine, { input, events: v.events as AnnotationEvent[], key: annotationKey });
    const { stats } = walk;
    const paths = walk.paths.map((path) => ({ ...path, name: shortName(path.steps.slice(1).map((step) => step.event)) }));
    let h = harness();
    beforeEach(() => {
      h = harness();
    });
    const listening = new WeakSet<AnyActorRef>();
    const send = async (actor: AnyActorRef, event: AnnotationEvent) => {
      if (!listening.has(actor)) {
        listening.add(actor);
        actor.on('*', (emitted: AnnotationEmitted) => h.log.push(`emit ${emitted.type}`));
      }
      const type = event.type as string;
      const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type);
      if (!match) return void actor.send(event);
      const name = match[2] as keyof ReturnType<typeof harness>['calls'];
      const running = Object.values(actor.getSnapshot().children as Record<string, AnyActorRef>).some((child) => child.id === name);
      if (!running) return;
      const call = h.last(name);
      if (match[1] === 'done') (call.resolve as (output: unknown) => void)((event as unknown as { output: unknown }).output);
      else call.reject((event as unknown as { error: unknown }).error);
      await settle();
    };
    it(`(start) in ${startOf[v.name]}, keeping nothing new`, () => {
      const snapshot = h.start(input).getSnapshot();
      expect(pathOf(snapshot.value)).toBe(startOf[v.name]);
      expect(h.stored.size).toBe(0);
      expect(h.log).toEqual([]);
    });
    itWalks(`annotation (${v.name})`, { paths, stats }, async (path) => {
      h = harness();
      let before = 0;
      await runPath(
        h.machine,
        path,
        input,
        ({ snapshot, event, previous }) => {
          const from = pathOf(previous.value);
          const rule = modelStep(from, previous.context, event);
          // A note keeps its request key through every step; only a note started gets a new one. Every create sends it.
          expect(RequestKey.safeParse(snapshot.context.requestKey).success).toBe(true);
          if (rule?.name === 'selecting compose.start → composing') expect(snapshot.context.requestKey).not.toBe(previous.context.requestKey);
          else expect(snapshot.context.requestKey).toBe(previous.context.requestKey);
          if (rule?.effects.includes('call createAnnotation')) expect(h.last('createAnnotation').input.requestKey).toBe(snapshot.context.requestKey);
          if (rule) walked.add(rule.name);
          const to = pathOf(snapshot.value);
          expect(to).toBe(rule?.to ?? from);
          expect(h.log.slice(before)).toEqual(rule?.effects ?? []);
          before = h.log.length;
          if (rule?.keepsNote) expect(snapshot.context.note).toEqual(previous.context.note);
          // Durability: until the server acknowledged the note, the browser holds exactly the draft.
          if (UNACKNOWLEDGED.test(to)) expect([...h.stored.entries()]).toEqual([[draftKeyOf(snapshot.context.selection!), draftOf(snapshot.context)]]);
          if (NOTHING_KEPT.has(to)) expect(h.stored.size).toBe(0);
        },
        send,
      );
    });
  });
}

describe('annotation model walk, all variants', () => {
  it('walked every rule of the model', () => {
    const rules = [
      'idle selection.change → selecting', 'selecting selection.change (another)', 'selecting selection.change (gone) → idle', 'selecting compose.start → composing',
      'composing draft.change', 'composing draft.save → creating', 'composing draft.cancel → idle',
      'saving.creating created → saved', 'saving.creating create failed → failed',
      'saving.updatingNote note saved → saved', 'saving.updatingNote 409 → conflict', 'saving.updatingNote update failed → failed',
      'saved edit.start → editing', 'saved delete.request → confirming',
      'editing draft.change', 'editing draft.save (unchanged) → saved', 'editing draft.save → updatingNote', 'editing draft.cancel → saved',
      'deleting.confirming delete.cancel → saved', 'deleting.confirming delete.confirm → removing', 'deleting.removing deleted → deleted', 'deleting.removing delete failed → saved',
      'conflict.choosing conflict.reapply → reapplying', 'conflict.choosing conflict.discard → discarding', 'conflict.reapplying loaded → editing',
      'conflict.reapplying load failed → choosing', 'conflict.discarding loaded → saved', 'conflict.discarding load failed → saved',
      'failed save.retry → updatingNote', 'failed save.retry → creating', 'failed network.restored → updatingNote', 'failed network.restored → creating',
      'failed draft.save → updatingNote', 'failed draft.save → creating',
      'failed draft.change → editing', 'failed draft.change → composing', 'failed draft.cancel → saved', 'failed draft.cancel → idle',
    ];
    expect([...walked].sort()).toEqual(rules.sort());
  });

  it('the walk configuration walks every transition of the chart', () => {
    expect(walkedChartShare('annotation')).toEqual({ share: 1, notWalked: [] });
  });
});
