// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { SendBatchError, trackingMachine, type SendBatchInput, type SendBatchOutput } from '../../machines/tracking';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import type { UserdataEvent } from '../../model/tracking';
import PublicationWatcher, { PublicationWatch } from '../../src/publication/PublicationWatcher';
import { PageDataContext } from '../../paint/PageDataContext';
import { publicPageData } from '../support/materialPage';
import { learnerQueue } from '../../src/viewer/learnerTracking';

/*
 * Issue 24 in the page: the publication watch polls `POST /api/publication/current` (a short interval set as
 * the e2e does), shows "Dieses Material wurde aktualisiert." as a polite status with Reload and Close, closed it
 * stays away until the next publication, failed checks are silent, and Reload waits for the learner's work:
 * work that would be lost keeps the page (the notice says so), sent work lets it reload.
 */

const SHARE = 'share-1';
const UPDATED = 'Dieses Material wurde aktualisiert.';

/** The answers the server gives, one per check (the last one repeats); `Error` is a failed request. */
let answers: (string | Error)[] = [];
const checked: unknown[] = [];

beforeEach(() => {
  window.__lernwerkPublicationPollMs = 20;
  answers = [];
  checked.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    checked.push({ url, body: JSON.parse(String(init.body)) });
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (next instanceof Error) throw next;
    return new Response(JSON.stringify({ data: { id: next } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  delete window.__lernwerkPublicationPollMs;
  vi.unstubAllGlobals();
});

/** A viewer whose tracking child is `tracking` (null: nothing tracked, as on a public share). */
const viewerWith = (tracking: AnyActorRef | null) => ({ getSnapshot: () => ({ context: { tracking } }) }) as unknown as AnyActorRef;

function renderWatcher(viewer: AnyActorRef, reload: () => void, strict: boolean) {
  const tree: ReactNode = (
    <I18nProvider i18n={createI18n('de')}>
      <PublicationWatch viewer={viewer} apiBase="/api" shareId={SHARE} materialId="m1" publicationId="p1" reload={reload} />
    </I18nProvider>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

const notice = () => screen.getByTestId('publication-notice');

describe.each([false, true])('the publication notice (StrictMode: %s)', (strict) => {
  it('shows only for a newer publication, politely, reachable by keyboard; closed, it stays away until the next one; failures are silent', async () => {
    const user = userEvent.setup();
    answers = ['p1', new TypeError('Failed to fetch'), 'p1', 'p2'];
    const reload = vi.fn();
    renderWatcher(viewerWith(null), reload, strict);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await waitFor(() => expect(status.textContent).toBe(UPDATED));
    expect(checked[0]).toEqual({ url: '/api/publication/current', body: { share: SHARE, materialId: 'm1' } });
    expect(checked.length).toBeGreaterThanOrEqual(4);
    expect(notice().dataset.state).toBe('offered');
    expect(screen.queryByTestId('toast-region')).toBeNull();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBe(document.activeElement);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Hinweis schließen' })).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    expect(notice().dataset.state).toBe('none');
    expect(status.textContent).toBe('');

    // The closed publication is not offered again; the next one is.
    const seen = checked.length;
    await waitFor(() => expect(checked.length).toBeGreaterThan(seen + 2));
    expect(notice().dataset.state).toBe('none');
    answers = ['p3'];
    await waitFor(() => expect(status.textContent).toBe(UPDATED));
    expect(reload).not.toHaveBeenCalled();
  });

  it('Reload waits for the learner’s work: kept only in memory and unsent, the page stays and says so; sent, it reloads', async () => {
    const user = userEvent.setup();
    const queue = await learnerQueue();
    expect(queue.durable, 'jsdom has no IndexedDB: the memory queue').toBe(false);
    const event = { id: 'e'.repeat(22), at: 1, metadata: { shareId: SHARE, guestSessionId: null, id: 'q1', modelName: 'ChoiceQuestion' }, data: { value: ['a'] } } as unknown as UserdataEvent;
    let serverUp = false;
    const sends: string[] = [];
    const tracking = createActor(
      trackingMachine.provide({
        actions: { persist: () => queue.add([event]) },
        actors: {
          sendBatch: fromPromise<SendBatchOutput, SendBatchInput>(async () => {
            sends.push(serverUp ? 'ok' : 'failed');
            if (!serverUp) throw new SendBatchError('server');
            await queue.ack([event.id]);
            return { acknowledged: 1, remaining: 0 };
          }),
        },
      }),
      { input: { mode: 'user', guestSessionId: null, online: true, pending: 0 } },
    ).start();
    tracking.send({ type: 'tracking.changed', changes: [{ id: 'q1', modelName: 'ChoiceQuestion', field: 'value', value: ['a'] }] });
    expect(tracking.getSnapshot().value).toBe('debouncing');

    answers = ['p2'];
    const reload = vi.fn();
    renderWatcher(viewerWith(tracking), reload, strict);
    await waitFor(() => expect(notice().dataset.state).toBe('offered'));
    await user.click(screen.getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(notice().dataset.state).toBe('workUnsaved'));
    expect(sends).toEqual(['failed']);
    expect(screen.getByRole('status').textContent).toContain('Deine letzten Änderungen sind noch nicht gespeichert.');
    expect(reload).not.toHaveBeenCalled();

    serverUp = true;
    await user.click(screen.getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sends).toEqual(['failed', 'ok']);
    expect(tracking.getSnapshot().value).toBe('saved');
    expect(queue.pending(SHARE, null)).toEqual([]);
    await act(async () => tracking.stop());
  });
});

it('a preview share never asks (authors check their drafts there); another share does', async () => {
  answers = ['p2'];
  const pageData = (preview: boolean) => ({ ...publicPageData, preview, share: { publicId: SHARE } as typeof publicPageData.share });
  const page = (preview: boolean) => (
    <I18nProvider i18n={createI18n('de')}>
      <PageDataContext.Provider value={pageData(preview)}>
        <PublicationWatcher viewer={viewerWith(null)} materialId="m1" publicationId="p1" />
      </PageDataContext.Provider>
    </I18nProvider>
  );
  const { rerender } = render(page(true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(checked).toEqual([]);
  expect(screen.queryByTestId('publication-notice')).toBeNull();
  rerender(page(false));
  await waitFor(() => expect(screen.getByTestId('publication-notice').dataset.state).toBe('offered'));
});
