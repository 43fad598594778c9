// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import type { Annotation } from '../../model/annotation';
import { trackingMachine, type SendBatchInput, type SendBatchOutput } from '../../machines/tracking';
import { viewerMachine } from '../../machines/viewer';
import type { AnnotationCalls } from '../../src/annotations/annotationApi';
import { annotationLogic } from '../../src/annotations/annotationLogic';
import { discardDraft, draftStore, persistDraft } from '../../src/annotations/draftStore';
import { notifyDraftsChanged } from '../../src/annotations/unsentDrafts';
import { ViewerActorContext } from '../../src/elements/viewerContext';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import { Material } from '../../model/material';
import type { PageData } from '../../model/pageData';
import { PageDataContext } from '../../paint/PageDataContext';
import { SaveStateIndicator } from '../../src/viewer/SaveStateIndicator';
import { annotation, doc } from './fixtures';

/*
 * Issue 12, durability: a note the server has not acknowledged counts in the header's save state, like
 * a tracked change not yet sent, from the first keystroke until the server answered the save.
 */

const material = Material.parse({
  modelName: 'Material', id: 'material-1', publicId: 'm', title: 'M',
  content: [{ id: 'text-1', modelName: 'Text', content: { html: '<p>marked passage and more</p>' } }],
});
const scope = { share: 'share-1', materialId: 'material-1' };
const pageData = { share: { publicId: 'share-1' } } as PageData;
const selection = { reference: 'text-1', from: 0, to: 14, text: 'marked passage' };

const started: AnyActorRef[] = [];
beforeEach(() => {
  localStorage.clear();
  // Cleared behind the store's back: its cached counts are dropped as another tab's change would.
  notifyDraftsChanged();
});
afterEach(() => {
  started.splice(0).forEach((actor) => actor.stop());
  vi.restoreAllMocks();
});

/** A user's viewer whose tracking sends at once and succeeds, with the header's save state rendered (its drafts' module loaded). */
async function renderHeaderState(lang: 'de' | 'en' = 'en') {
  const logic = trackingMachine.provide({
    actions: { persist: () => undefined },
    actors: { sendBatch: fromPromise<SendBatchOutput, SendBatchInput>(async () => ({ acknowledged: 1, remaining: 0 })) },
  });
  const viewer = createActor(viewerMachine, { input: { material, tracking: { logic, input: { mode: 'user', guestSessionId: null, online: true, pending: 0 } } } }).start();
  started.push(viewer);
  render(
    <I18nProvider i18n={createI18n(lang)}>
      <PageDataContext.Provider value={pageData}>
        <ViewerActorContext.Provider value={viewer}>
          <SaveStateIndicator />
        </ViewerActorContext.Provider>
      </PageDataContext.Provider>
    </I18nProvider>,
  );
  // The header loads the drafts' module after its first render.
  await act(() => import('../../src/annotations/unsentDrafts'));
  const tracking = () => viewer.getSnapshot().context.tracking as AnyActorRef;
  return { viewer, tracking };
}

/** Calls whose create waits until the test lets the server answer. */
function pendingCreate() {
  let answer: (annotation: Annotation) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const createAnnotation = vi.fn(
    () =>
      new Promise<Annotation>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  const calls = { createAnnotation } as unknown as AnnotationCalls;
  return { calls, createAnnotation, answer: (a: Annotation) => answer(a), fail: (e: Error) => fail(e) };
}

const indicator = () => screen.getByTestId('save-state');

describe('the header’s save state counts unsent annotation notes', () => {
  it('a note being written, then saved, is not saved until the server acknowledged it', async () => {
    await renderHeaderState('en');
    expect(indicator().dataset.status).toBe('saved');
    const server = pendingCreate();
    const note = createActor(annotationLogic(server.calls, draftStore(scope)), { input: { mayAnnotate: true } }).start();
    started.push(note);
    act(() => {
      note.send({ type: 'selection.change', selection });
      note.send({ type: 'compose.start' });
    });
    expect(indicator().dataset.status).toBe('saved');

    act(() => note.send({ type: 'draft.change', note: doc('My thought') }));
    expect(indicator().dataset.status).toBe('pending');
    expect(indicator().dataset.pending).toBe('1');
    expect(indicator().textContent).toContain('1 change not saved');
    expect(indicator().textContent).toContain('Until then they are kept in this browser.');

    act(() => note.send({ type: 'draft.save' }));
    expect(server.createAnnotation).toHaveBeenCalledTimes(1);
    expect(indicator().dataset.status).toBe('pending');

    await act(async () => server.answer(annotation({ id: 'a-1', ...selection, noteText: 'My thought' })));
    expect(note.getSnapshot().value).toBe('saved');
    expect(indicator().dataset.status).toBe('saved');
    expect(indicator().textContent).toContain('Saved');
  });

  it('a save that failed keeps counting the note; German texts', async () => {
    await renderHeaderState('de');
    const server = pendingCreate();
    const note = createActor(annotationLogic(server.calls, draftStore(scope)), { input: { mayAnnotate: true } }).start();
    started.push(note);
    act(() => {
      note.send({ type: 'selection.change', selection });
      note.send({ type: 'compose.start' });
      note.send({ type: 'draft.save' });
    });
    expect(indicator().dataset.status).toBe('pending');
    await act(async () => server.fail(Object.assign(new Error('HTTP 503'), { status: 503 })));
    expect(note.getSnapshot().value).toBe('failed');
    expect(indicator().dataset.status).toBe('pending');
    expect(indicator().textContent).toContain('1 Änderung nicht gespeichert');
    act(() => note.send({ type: 'draft.cancel' }));
    expect(indicator().dataset.status).toBe('saved');
  });

  it('adds notes to tracked changes not yet sent, keeping the tracking’s reason', async () => {
    const { tracking } = await renderHeaderState('en');
    act(() => tracking().send({ type: 'network.lost' }));
    act(() => tracking().send({ type: 'tracking.changed', changes: [{ id: 'text-1', modelName: 'Text', field: 'progress', value: 1 }] }));
    expect(indicator().dataset.pending).toBe('1');
    act(() => persistDraft(scope, { key: 'text-1#0-14', draft: { annotationId: null, selection, note: doc('Offline note'), oldNote: doc('') } }));
    expect(indicator().dataset.status).toBe('pending');
    expect(indicator().dataset.pending).toBe('2');
    expect(indicator().textContent).toContain('2 changes not saved');
    expect(indicator().textContent).toContain('You are offline.');
  });

  it('counts only the notes of this share’s material; a note kept from before a reload counts at once', async () => {
    persistDraft({ share: 'share-1', materialId: 'material-2' }, { key: 'text-9#0-4', draft: { annotationId: null, selection: { ...selection, reference: 'text-9' }, note: doc('x'), oldNote: doc('') } });
    persistDraft({ share: 'share-2', materialId: 'material-1' }, { key: 'text-1#0-14', draft: { annotationId: null, selection, note: doc('x'), oldNote: doc('') } });
    persistDraft(scope, { key: 'text-1#0-14', draft: { annotationId: 'a-1', selection, note: doc('edited'), oldNote: doc('before') } });
    await renderHeaderState('en');
    expect(indicator().dataset.status).toBe('pending');
    expect(indicator().dataset.pending).toBe('1');
  });

  it('a note kept only in memory (storage full) asks the learner to keep the page open', async () => {
    await renderHeaderState('en');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    act(() => persistDraft(scope, { key: 'text-1#0-14', draft: { annotationId: null, selection, note: doc('x'), oldNote: doc('') } }));
    setItem.mockRestore();
    expect(indicator().dataset.pending).toBe('1');
    expect(indicator().textContent).toContain('leave the page open until everything is saved');
    act(() => discardDraft(scope, { key: 'text-1#0-14' }));
    expect(indicator().dataset.status).toBe('saved');
  });
});
