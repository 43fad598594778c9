// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { AnnotationPanel } from '../../src/annotations/AnnotationPanel';
import { annotationCalls } from '../../src/annotations/annotationApi';
import { annotationLogic, annotationPanelLogic } from '../../src/annotations/annotationLogic';
import { draftStore } from '../../src/annotations/draftStore';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import type { Lang } from '../../model/pageData';
import { OverlayProvider } from '../../src/ui/OverlayProvider';
import { Toasts } from '../../src/ui/Toasts';
import { loadToastQueue } from '../../src/ui/toasts';
import { annotation, doc, textareaEditor } from './fixtures';
import { expectVisible } from '../support/visible';

/*
 * Spec section 8, seen by the learner: a note saved over a copy someone changed meanwhile answers 409;
 * the page shows the Conflict toast (once, 8 s) and the learner's text stays in the editor and in the
 * browser. The real calls (src/annotations/annotationApi.ts through src/api/client.ts), the real
 * toast region; only the network is a stand-in.
 */

const GUEST = 'G'.repeat(24);
const scope = { base: '/api', share: 'share-1', materialId: 'material-1', guestSessionId: GUEST, path: '' };
const mine = annotation({ id: 'a-mine', own: true, owner: { kind: 'guest', name: 'Gina Gast' }, noteText: 'My note' });

const toastQueue = await loadToastQueue();
let updates: unknown[];

beforeEach(() => {
  localStorage.clear();
  toastQueue.clear();
  updates = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/model/update')) {
        updates.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ errors: [{ path: 'oldValues.note', message: 'The resource has been modified. Please reload the page.' }] }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ data: url.endsWith('/annotations') ? [mine] : null }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel(lang: Lang) {
  const calls = annotationCalls(scope);
  const panel = createActor(annotationPanelLogic(calls), { input: { commentsEnabled: false } }).start();
  const drafts = draftStore({ share: scope.share, materialId: scope.materialId });
  render(
    <I18nProvider i18n={createI18n(lang)}>
      <OverlayProvider>
        <AnnotationPanel panel={panel} annotationLogic={annotationLogic(calls, drafts)} drafts={drafts} mayAnnotate renderEditor={textareaEditor} />
      </OverlayProvider>
      <Toasts />
    </I18nProvider>,
  );
  return { panel, user: userEvent.setup() };
}

async function saveOverAChangedCopy(lang: Lang, texts: { open: string; edit: string; note: string; save: string }) {
  const { panel, user } = renderPanel(lang);
  act(() => panel.send({ type: 'panel.open' }));
  await user.click(await screen.findByRole('button', { name: texts.open }));
  await user.click(screen.getByRole('button', { name: texts.edit }));
  const editor = screen.getByRole('textbox', { name: texts.note });
  await user.clear(editor);
  await user.type(editor, 'My own words');
  await user.click(screen.getByRole('button', { name: texts.save }));
  return screen.findByTestId('toast', undefined, { timeout: 5000 });
}

describe('409 Conflict on saving a note (spec section 8)', () => {
  it('shows the Conflict toast once, for 8 s, and keeps the learner’s text in the editor and the browser', async () => {
    const toast = await saveOverAChangedCopy('en', { open: 'Open the annotation of Gina Gast', edit: 'Edit', note: 'Note', save: 'Save' });
    expect(updates).toEqual([expect.objectContaining({ newValues: { note: doc('My own words') }, oldValues: { note: doc('My note') } })]);
    expect(toast.dataset.kind).toBe('error');
    expectVisible(within(toast).getByText('Conflict'));
    expectVisible(within(toast).getByText('The resource has been modified. Please reload the page.'));
    expect(toastQueue.visibleToasts.map((t) => t.timeout)).toEqual([8000]);
    await waitFor(() => expectVisible(screen.getByTestId('annotation-conflict')));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);

    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('My own words');
    const kept = Object.keys(localStorage).map((key) => JSON.parse(localStorage.getItem(key)!));
    expect(JSON.stringify(kept)).toContain('My own words');
  });

  it('in German: Konflikt, Die Ressource wurde geändert. Bitte lade die Seite neu.', async () => {
    const toast = await saveOverAChangedCopy('de', { open: 'Anmerkung von Gina Gast öffnen', edit: 'Bearbeiten', note: 'Notiz', save: 'Speichern' });
    expectVisible(within(toast).getByText('Konflikt'));
    expectVisible(within(toast).getByText('Die Ressource wurde geändert. Bitte lade die Seite neu.'));
    expect((screen.getByRole('textbox', { name: 'Notiz' }) as HTMLTextAreaElement).value).toBe('My own words');
  });
});
