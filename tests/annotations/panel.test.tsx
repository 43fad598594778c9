// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { overlaysMachine } from '../../machines/overlays';
import { OverlayProvider } from '../../src/ui/OverlayProvider';
import { AnnotationPanel } from '../../src/annotations/AnnotationPanel';
import type { AnnotationCalls } from '../../src/annotations/annotationApi';
import { annotationLogic, annotationPanelLogic } from '../../src/annotations/annotationLogic';
import { draftStore } from '../../src/annotations/draftStore';
import { HttpError } from '../../src/api/client';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import type { Annotation } from '../../model/annotation';
import type { PageData } from '../../model/pageData';
import { richTextToPlainText } from '../../model/richTextDoc';
import { PageDataContext } from '../../paint/PageDataContext';
import { publicPageData } from '../support/materialPage';
import { annotation, comment, doc, textareaEditor } from './fixtures';
import { expectVisible } from '../support/visible';

const older = annotation({ id: 'a-old', created_at: '2026-01-05T08:15:00.000Z', owner: { kind: 'guest', name: 'Gina Gast' }, own: false, text: 'older passage', noteText: 'Old note' });
const newer = annotation({ id: 'a-new', created_at: '2026-02-10T14:45:00.000Z', owner: { kind: 'user', name: 'Ada Lovelace' }, own: true, text: 'newer passage', noteText: 'My note' });

function fakeCalls(list: Annotation[], over: Partial<AnnotationCalls> = {}): AnnotationCalls {
  return {
    loadAnnotations: vi.fn(async () => structuredClone(list)),
    loadAnnotation: vi.fn(async ({ annotation: { id } }) => structuredClone(list.find((a) => a.id === id)!)),
    createAnnotation: vi.fn(async () => {
      throw new Error('not in these tests');
    }),
    updateNote: vi.fn(async () => undefined),
    deleteAnnotation: vi.fn(async () => undefined),
    addComment: vi.fn(async ({ content }) => comment({ id: 'c-new', own: true, owner: { kind: 'user', name: 'Ada Lovelace' }, content, text: richTextToPlainText(content) })),
    updateComment: vi.fn(async () => undefined),
    ...over,
  };
}

const scope = { share: 'share-1', materialId: 'material-1' };

function setup({
  calls = fakeCalls([older, newer]),
  commentsEnabled = true,
  mayAnnotate = true,
  lang = 'en' as const,
  featureFlags = null as Partial<PageData['featureFlags']> | null,
} = {}) {
  const panel = createActor(annotationPanelLogic(calls), { input: { commentsEnabled } }).start();
  const overlays = createActor(overlaysMachine).start();
  const drafts = draftStore(scope);
  const logic = annotationLogic(calls, drafts);
  const tree = (
    <I18nProvider i18n={createI18n(lang)}>
      <OverlayProvider actor={overlays}>
        <AnnotationPanel panel={panel} annotationLogic={logic} drafts={drafts} mayAnnotate={mayAnnotate} renderEditor={textareaEditor} />
      </OverlayProvider>
    </I18nProvider>
  );
  render(featureFlags ? <PageDataContext.Provider value={{ ...publicPageData, featureFlags: { ...publicPageData.featureFlags, ...featureFlags } }}>{tree}</PageDataContext.Provider> : tree);
  return { panel, overlays, calls, user: userEvent.setup() };
}

async function openPanel(panel: ReturnType<typeof setup>['panel']) {
  act(() => panel.send({ type: 'panel.open' }));
  await screen.findAllByTestId('annotation-card');
}

const cardOwners = () => screen.getAllByTestId('annotation-card').map((card) => within(card).getByTestId('annotation-owner').textContent);

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('AnnotationPanel: list', () => {
  it('renders nothing while closed; opens titled Annotations, 580 px, newest first, with initials and -CH dates', async () => {
    const { panel } = setup();
    expect(screen.queryByTestId('annotation-panel')).toBeNull();
    act(() => panel.send({ type: 'panel.open' }));
    expect(screen.getByRole('status').textContent).toBe('Loading annotations …');
    await screen.findAllByTestId('annotation-card');
    const dialog = screen.getByRole('dialog', { name: 'Annotations' });
    expect(screen.getByTestId('annotation-panel').style.maxWidth).toBe('580px');
    expect(cardOwners()).toEqual(['Ada Lovelace (you)', 'Gina Gast']);
    const [first, second] = screen.getAllByTestId('annotation-card');
    expect(within(first).getByTestId('annotation-avatar').textContent).toBe('AL');
    expect(within(second).getByTestId('annotation-avatar').textContent).toBe('GG');
    expect(within(second).queryByRole('img')).toBeNull();
    const time = second.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(older.created_at);
    expect(time.textContent).toBe(
      new Intl.DateTimeFormat('en-CH', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(older.created_at)),
    );
    expectVisible(within(dialog).getByText('older passage'));
  });

  it('cards and the detail in German show the date as de-CH writes it: dd.mm.yyyy, hh:mm', async () => {
    const { panel, user } = setup({ lang: 'de' as never });
    await openPanel(panel);
    const dates = screen.getAllByTestId('annotation-card').map((card) => card.querySelector('time')!.textContent);
    expect(dates).toHaveLength(2);
    for (const date of dates) expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    const local = new Date(older.created_at);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(dates[1]).toBe(`${pad(local.getDate())}.${pad(local.getMonth() + 1)}.${local.getFullYear()}, ${pad(local.getHours())}:${pad(local.getMinutes())}`);
    await user.click(screen.getByRole('button', { name: 'Anmerkung von Gina Gast öffnen' }));
    expect(screen.getByTestId('annotation-detail').querySelector('time')!.textContent).toBe(dates[1]);
  });

  it('with USE_GRAVATAR a user’s card shows the avatar service’s picture over the initials (a guest’s the initials); never with PRIVATE_MODE or without the flag', async () => {
    const hash = 'a'.repeat(64);
    const withHash = [{ ...newer, owner: { ...newer.owner, avatarHash: hash } }, older];
    const pictures = () => screen.getAllByTestId('annotation-avatar').map((avatar) => avatar.querySelector('img')?.getAttribute('src') ?? avatar.textContent);

    const shown = setup({ calls: fakeCalls(withHash), featureFlags: { USE_GRAVATAR: true } });
    await openPanel(shown.panel);
    expect(pictures()).toEqual([`https://www.gravatar.com/avatar/${hash}?s=80&d=404`, 'GG']);
    const img = screen.getAllByTestId('annotation-avatar')[0].querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    // No picture at the service: the initials stay.
    expect(screen.getAllByTestId('annotation-avatar')[0].textContent).toBe('AL');
    fireEvent.error(img);
    expect(img.style.display).toBe('none');
    cleanup();

    for (const featureFlags of [{ USE_GRAVATAR: true, PRIVATE_MODE: true }, { USE_GRAVATAR: false }, null]) {
      const { panel } = setup({ calls: fakeCalls(withHash), featureFlags });
      await openPanel(panel);
      expect(pictures(), JSON.stringify(featureFlags)).toEqual(['AL', 'GG']);
      cleanup();
    }
  });

  it('German: titled Anmerkungen', async () => {
    const { panel } = setup({ lang: 'de' as never });
    await openPanel(panel);
    expectVisible(screen.getByRole('dialog', { name: 'Anmerkungen' }));
    expectVisible(screen.getByRole('combobox', { name: 'Sortierung' }));
  });

  it('sorts oldest first and back', async () => {
    const { panel, user } = setup();
    await openPanel(panel);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'asc');
    expect(cardOwners()).toEqual(['Gina Gast', 'Ada Lovelace (you)']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'desc');
    expect(cardOwners()).toEqual(['Ada Lovelace (you)', 'Gina Gast']);
  });

  it('a failed load shows Try again, which loads again', async () => {
    let fail = true;
    const calls = fakeCalls([older], {
      loadAnnotations: vi.fn(async () => {
        if (fail) throw new HttpError(500, '/api/annotations', new Headers());
        return [older];
      }),
    });
    const { panel, user } = setup({ calls });
    act(() => panel.send({ type: 'panel.open' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The annotations could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('annotation-card')).toHaveLength(1);
  });

  it('opens the detail with the note as html, and Back returns to the list', async () => {
    const { panel, user } = setup();
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Gina Gast' }));
    const detail = screen.getByTestId('annotation-detail');
    expect(within(detail).getByTestId('annotation-note').innerHTML).toBe('<p>Old note</p>');
    expect(within(detail).getByTestId('annotation-avatar').style.width).toBe('48px');
    // Not the visitor's own: no Edit, no Delete.
    expect(within(detail).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Delete' })).toBeNull();
    // The title bar is in its back mode: an arrow instead of the panel's icon (spec section 2, modal title bar).
    const titleBar = screen.getByRole('dialog').querySelector('[data-mode]')!;
    expect(titleBar.getAttribute('data-mode')).toBe('back');
    await user.click(within(titleBar as HTMLElement).getByRole('button', { name: 'Back to the list' }));
    expect(screen.queryByTestId('annotation-detail')).toBeNull();
    expect(screen.getByRole('dialog').querySelector('[data-mode]')!.getAttribute('data-mode')).toBe('default');
    expect(cardOwners()).toEqual(['Ada Lovelace (you)', 'Gina Gast']);
  });

  it('the close button closes the panel', async () => {
    const { panel, user } = setup();
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Close annotations' }));
    expect(panel.getSnapshot().matches('closed')).toBe(true);
    expect(screen.queryByTestId('annotation-panel')).toBeNull();
  });
});

describe('AnnotationPanel: overlays (one sidebar at a time, Escape closes the topmost)', () => {
  const stackIds = (overlays: ReturnType<typeof setup>['overlays']) => overlays.getSnapshot().context.stack.map((o) => o.id);

  it('the open panel is the sidebar overlay; another sidebar opening closes it', async () => {
    const { panel, overlays } = setup();
    await openPanel(panel);
    expect(stackIds(overlays)).toEqual(['annotation-panel']);
    act(() => overlays.send({ type: 'overlay.open', id: 'other-sidebar', group: 'sidebar' }));
    expect(panel.getSnapshot().matches('closed')).toBe(true);
    expect(screen.queryByTestId('annotation-panel')).toBeNull();
    expect(stackIds(overlays)).toEqual(['other-sidebar']);
  });

  it('Escape closes the panel (from the detail too), and the overlay leaves the stack', async () => {
    const { panel, overlays, user } = setup();
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Gina Gast' }));
    await user.keyboard('{Escape}');
    expect(panel.getSnapshot().matches('closed')).toBe(true);
    expect(stackIds(overlays)).toEqual([]);
  });

  it('the delete dialog is a dialog overlay above the panel', async () => {
    const { panel, overlays, user } = setup();
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(stackIds(overlays)).toEqual(['annotation-panel', 'annotation-delete:a-new']);
    await user.keyboard('{Escape}');
    expect(stackIds(overlays)).toEqual(['annotation-panel']);
    expect(panel.getSnapshot().matches('open')).toBe(true);
  });
});

describe('AnnotationPanel: delete', () => {
  it('Delete asks first; Cancel keeps the annotation', async () => {
    const { panel, calls, user } = setup();
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the element?' });
    expect(dialog.textContent).toContain('Deleted elements cannot be restored');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.deleteAnnotation).not.toHaveBeenCalled();
    expectVisible(screen.getByTestId('annotation-detail'));
  });

  it('Escape closes the dialog first, the panel stays open', async () => {
    const { panel, calls, user } = setup();
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expectVisible(screen.getByRole('alertdialog'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(panel.getSnapshot().matches('open')).toBe(true);
    expect(calls.deleteAnnotation).not.toHaveBeenCalled();
  });

  it('Delete in the dialog deletes: back to the list without it', async () => {
    const { panel, calls, user } = setup();
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('annotation-detail')).toBeNull());
    expect(calls.deleteAnnotation).toHaveBeenCalledWith({ annotation: { id: 'a-new' } });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cardOwners()).toEqual(['Gina Gast']);
  });

  it('German dialog texts', async () => {
    const { panel, user } = setup({ lang: 'de' as never });
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Anmerkung von Ada Lovelace öffnen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Element löschen?' });
    expect(dialog.textContent).toContain('Gelöschte Elemente können nicht wiederhergestellt werden.');
    expectVisible(within(dialog).getByRole('button', { name: 'Abbrechen' }));
  });
});

describe('AnnotationPanel: editing the note', () => {
  it('saves a changed note with oldValues; the list shows the new note', async () => {
    const { panel, calls, user } = setup();
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Note' });
    await user.clear(editor);
    await user.type(editor, 'Better');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('annotation-note').innerHTML).toBe('<p>Better</p>'));
    expect(calls.updateNote).toHaveBeenCalledWith({ annotation: { id: 'a-new' }, newValues: { note: doc('Better') }, oldValues: { note: doc('My note') } });
    expect(localStorage.length).toBe(0);
  });

  it('a 409 keeps the learner’s text and offers reload-and-keep or discard; reapply saves over the current version', async () => {
    const current = { ...newer, note: doc('Changed elsewhere') };
    let conflict = true;
    const calls = fakeCalls([older, newer], {
      updateNote: vi.fn(async () => {
        if (conflict) {
          conflict = false;
          throw new HttpError(409, '/api/model/update', new Headers(), [{ path: 'oldValues.note', message: 'The resource has been modified. Please reload the page.' }]);
        }
      }),
      loadAnnotation: vi.fn(async () => structuredClone(current)),
    });
    const { panel, user } = setup({ calls });
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Note' });
    await user.clear(editor);
    await user.type(editor, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByTestId('annotation-conflict');
    expect(alert.textContent).toContain('Your text is not lost.');
    // The text stays in the editor and in the browser.
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('Mine');
    expect(localStorage.length).toBe(1);

    await user.click(within(alert).getByRole('button', { name: 'Load the current version and keep my text' }));
    await waitFor(() => expect(screen.queryByTestId('annotation-conflict')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('annotation-note').innerHTML).toBe('<p>Mine</p>'));
    expect(calls.updateNote).toHaveBeenLastCalledWith({ annotation: { id: 'a-new' }, newValues: { note: doc('Mine') }, oldValues: { note: doc('Changed elsewhere') } });
    expect(localStorage.length).toBe(0);
  });

  it('after a 409, discard shows the current version and drops the draft', async () => {
    const current = { ...newer, note: doc('Changed elsewhere'), noteHtml: '<p>Changed elsewhere</p>' };
    const calls = fakeCalls([older, newer], {
      updateNote: vi.fn(async () => {
        throw new HttpError(409, '/api/model/update', new Headers());
      }),
      loadAnnotation: vi.fn(async () => structuredClone(current)),
    });
    const { panel, user } = setup({ calls });
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByTestId('annotation-conflict')).getByRole('button', { name: 'Discard my text' }));
    await waitFor(() => expect(screen.getByTestId('annotation-note').innerHTML).toBe('<p>Changed elsewhere</p>'));
    expect(localStorage.length).toBe(0);
  });

  it('a kept draft of the shown annotation shows again in its editor (after a reload)', async () => {
    draftStore(scope).persist({
      key: 'text-1#0-14',
      draft: { annotationId: 'a-new', selection: { reference: 'text-1', from: 0, to: 14, text: 'marked passage' }, note: doc('Unsent'), oldNote: doc('My note') },
    });
    const { panel, user } = setup({ calls: fakeCalls([{ ...newer, text: 'marked passage' }]) });
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Ada Lovelace' }));
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('Unsent');
  });
});

describe('AnnotationPanel: comments', () => {
  const withComments = annotation({
    id: 'a-c',
    own: false,
    owner: { kind: 'guest', name: 'Gina Gast' },
    comments: [
      comment({ id: 'c-mine', own: true, owner: { kind: 'user', name: 'Ada Lovelace' }, text: 'My comment' }),
      comment({ id: 'c-other', own: false, owner: { kind: 'guest', name: 'Otto Other' }, text: 'Their comment' }),
    ],
  });

  it('ANNOTATION_COMMENTS off: no comments, no comment form', async () => {
    const { panel, user } = setup({ calls: fakeCalls([withComments]), commentsEnabled: false });
    await openPanel(panel);
    await user.click(screen.getAllByRole('button', { name: /Open the annotation/ })[0]);
    expectVisible(screen.getByTestId('annotation-detail'));
    expect(screen.queryByTestId('annotation-comments')).toBeNull();
    expect(screen.queryByTestId('comment-form')).toBeNull();
  });

  it('others’ comments are read-only; the own one has Edit and saves', async () => {
    const { panel, calls, user } = setup({ calls: fakeCalls([withComments]) });
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Gina Gast' }));
    const [mine, other] = screen.getAllByTestId('annotation-comment');
    expect(other.textContent).toContain('Their comment');
    expect(within(other).queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const editor = within(mine).getByRole('textbox', { name: 'Edit comment' });
    await user.clear(editor);
    await user.type(editor, 'Edited');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByTestId('annotation-comment')[0].textContent).toContain('Edited'));
    expect(calls.updateComment).toHaveBeenCalledWith({ comment: { id: 'c-mine' }, newValues: { content: doc('Edited') }, oldValues: { content: doc('My comment') } });
  });

  it('an empty comment is not submitted; a written one is appended and the input empties', async () => {
    const { panel, calls, user } = setup({ calls: fakeCalls([withComments]) });
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Gina Gast' }));
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    const input = screen.getByRole('textbox', { name: 'New comment' });
    await user.type(input, '   ');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    await user.clear(input);
    await user.type(input, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getAllByTestId('annotation-comment')).toHaveLength(3));
    expect(calls.addComment).toHaveBeenCalledTimes(1);
    expect(calls.addComment).toHaveBeenCalledWith({ annotation: { id: 'a-c' }, content: doc('Hello'), requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect((screen.getByRole('textbox', { name: 'New comment' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('a visitor who may not annotate reads the comments without a form', async () => {
    const { panel, user } = setup({ calls: fakeCalls([withComments]), mayAnnotate: false });
    await openPanel(panel);
    await user.click(screen.getByRole('button', { name: 'Open the annotation of Gina Gast' }));
    expect(screen.getAllByTestId('annotation-comment')).toHaveLength(2);
    expect(screen.queryByTestId('comment-form')).toBeNull();
  });
});
