// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '../../i18n/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { trackingMachine, type SendBatchInput, type SendBatchOutput } from '../../machines/tracking';
import { viewerMachine } from '../../machines/viewer';
import { ViewerActorContext } from '../../src/elements/viewerContext';
import { createI18n } from '../../i18n';
import { Material } from '../../model/material';
import type { TrackingMode } from '../../model/tracking';
import { SaveStateIndicator } from '../../src/viewer/SaveStateIndicator';
import { learnerQueue } from '../../src/viewer/learnerTracking';
import { IDBFactory } from 'fake-indexeddb';

const material = Material.parse({
  modelName: 'Material', id: 'm', publicId: 'm', title: 'M',
  content: [{ id: 'q', modelName: 'ChoiceQuestion', type: 'sc', question: '<p>?</p>', choices: [{ id: 'a', text: 'a', correct: true }, { id: 'b', text: 'b', correct: false }] }],
});

const started: AnyActorRef[] = [];
afterEach(() => {
  started.splice(0).forEach((actor) => actor.stop());
  vi.restoreAllMocks();
});

function renderIndicator(viewer: AnyActorRef, lang: 'de' | 'en') {
  render(
    <I18nProvider i18n={createI18n(lang)}>
      <ViewerActorContext.Provider value={viewer}>
        <SaveStateIndicator />
      </ViewerActorContext.Provider>
    </I18nProvider>,
  );
}

/** A viewer whose tracking child sends through `send` (what the server would answer). */
function viewerWithTracking(mode: TrackingMode, guestSessionId: string | null, send: (input: SendBatchInput) => Promise<SendBatchOutput>) {
  let queued = 0;
  const logic = trackingMachine.provide({
    actions: { persist: (_, params) => void (queued += params.changes.length) },
    actors: {
      sendBatch: fromPromise<SendBatchOutput, SendBatchInput>(async ({ input }) => {
        const output = await send(input);
        queued = output.remaining;
        return output;
      }),
    },
  });
  const viewer = createActor(viewerMachine, { input: { material, tracking: { logic, input: { mode, guestSessionId, online: true, pending: 0 } } } }).start();
  started.push(viewer);
  renderIndicator(viewer, 'en');
  const change = () => act(() => viewer.send({ type: 'element.changed', id: 'q', field: 'selected', value: ['a'] }));
  const tracking = () => viewer.getSnapshot().context.tracking as AnyActorRef;
  return { viewer, change, tracking, queued: () => queued };
}

const indicator = () => screen.getByTestId('save-state');

describe('save state in the header', () => {
  it('a guest without a name: changes are counted as not saved, with the reason; after naming they are saved', async () => {
    const { change, tracking } = viewerWithTracking('guest', null, async () => ({ acknowledged: 1, remaining: 0 }));
    expect(screen.queryByTestId('save-state')).toBeNull();
    change();
    change();
    expect(indicator().dataset.status).toBe('pending');
    expect(indicator().textContent).toContain('2 changes not saved');
    expect(indicator().textContent).toContain('Save your learning progress to continue later.');
    act(() => tracking().send({ type: 'guest.created', guestSessionId: 'G'.repeat(24) }));
    expect(indicator().dataset.status).toBe('saving');
    await waitFor(() => expect(indicator().dataset.status).toBe('saved'));
    expect(indicator().textContent).toContain('Saved');
  });

  it('offline: pending with the offline reason until the connection is back', async () => {
    const { change, tracking } = viewerWithTracking('user', null, async () => ({ acknowledged: 1, remaining: 0 }));
    expect(indicator().dataset.status).toBe('saved');
    act(() => tracking().send({ type: 'network.lost' }));
    // Offline with nothing unsent: still all saved, not "0 changes not saved".
    expect(indicator().textContent).toContain('Saved');
    expect(indicator().textContent).not.toContain('not saved');
    change();
    expect(indicator().dataset.status).toBe('pending');
    expect(indicator().dataset.pending).toBe('1');
    expect(indicator().textContent).toContain('You are offline.');
    act(() => tracking().send({ type: 'network.restored' }));
    await waitFor(() => expect(indicator().dataset.status).toBe('saved'));
  });

  it('a failing server: pending with the retry reason', async () => {
    const { change } = viewerWithTracking('user', null, async () => {
      throw Object.assign(new Error('HTTP 503'), { kind: 'server' });
    });
    change();
    await waitFor(() => expect(indicator().dataset.status).toBe('pending'), { timeout: 2000 });
    expect(indicator().textContent).toContain('The server cannot be reached.');
  });

  it('without tracking (anonymous): the work is kept in this browser', () => {
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    started.push(viewer);
    renderIndicator(viewer, 'de');
    expect(indicator().dataset.status).toBe('local');
    expect(indicator().textContent).toContain('In diesem Browser gespeichert');
  });

  it('where the browser blocks storage, an anonymous visitor is told that a reload loses the work', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    started.push(viewer);
    renderIndicator(viewer, 'en');
    expect(indicator().textContent).toContain('Not saved');
    expect(indicator().textContent).toContain('a reload loses it');
  });

  it('pending changes: kept in this browser when the queue is in IndexedDB, else the learner is asked to keep the page open', async () => {
    const offline = viewerWithTracking('user', null, async () => ({ acknowledged: 1, remaining: 0 }));
    act(() => offline.tracking().send({ type: 'network.lost' }));
    offline.change();
    expect(indicator().textContent).toContain('leave the page open until everything is saved');
    vi.stubGlobal('indexedDB', new IDBFactory());
    const queue = await learnerQueue();
    expect(queue.durable).toBe(true);
    offline.change();
    expect(indicator().dataset.pending).toBe('2');
    expect(indicator().textContent).toContain('Until then they are kept in this browser.');
    vi.unstubAllGlobals();
  });
});
