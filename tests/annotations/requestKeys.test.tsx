// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftStorageKey, readDraft } from '../../src/annotations/draftStore';
import { notifyDraftsChanged, unsentDraftCount } from '../../src/annotations/unsentDrafts';
import type { Annotation } from '../../model/annotation';
import { Material } from '../../model/material';
import { RequestKey } from '../../model/requestKey';
import { annotation, doc, textareaEditor } from './fixtures';
import { guestSharePageData } from '../support/materialPage';
import { renderAnnotationLayer, stubAnnotationServer, type SentRequest } from './layerHarness';

/*
 * Idempotent creates seen from the viewer (model/requestKey.ts): a new annotation's note gets a
 * request key when it is started, the key is kept with the draft in the browser, and the create sent
 * again after a reload carries the same key. The server here does what the real one does: it answers a
 * repeated key with the annotation the first create made (even when that create's answer never arrived).
 */

vi.mock('../../src/annotations/editor/NoteEditor', () => ({ default: textareaEditor }));

const scope = { share: 'share-1', materialId: 'material-1' };
const material = Material.parse({
  modelName: 'Material', id: 'material-1', publicId: 'm', title: 'M',
  content: [{ id: 'text-1', modelName: 'Text', content: { html: '<p>A marked passage stays here.</p>' } }],
});
const pageData = guestSharePageData('Gina Gast');

// jsdom has no layout: the Annotate button is placed at the selection's rectangle.
if (typeof Range.prototype.getBoundingClientRect !== 'function') Range.prototype.getBoundingClientRect = () => new DOMRect(10, 10, 50, 10);

let sent: SentRequest[];
/** The server's annotations by request key. */
let stored: Map<string, Annotation>;
/** The next create is stored, but its answer is lost (the network is cut after the server committed). */
let cutNextAnswer: boolean;
let page: HTMLElement;

beforeEach(() => {
  localStorage.clear();
  notifyDraftsChanged();
  stored = new Map();
  cutNextAnswer = false;
  page = document.createElement('main');
  page.innerHTML = '<div id="text-1" data-model-name="Text"><p>A marked passage stays here.</p></div>';
  document.body.append(page);
  sent = stubAnnotationServer((url, body) => {
    let data: unknown = null;
    if (url.endsWith('/annotations')) data = [...stored.values()];
    if (url.endsWith('/model/create')) {
      const first = stored.get(body.requestKey);
      data = first ?? annotation({ id: `a-${stored.size + 1}`, ...body.model, note: body.model.note });
      stored.set(body.requestKey, data as Annotation);
      if (cutNextAnswer) {
        cutNextAnswer = false;
        throw new TypeError('Failed to fetch');
      }
    }
    if (url.endsWith('/model/update')) {
      const [key, current] = [...stored.entries()].find(([, a]) => a.id === body.model.id)!;
      data = annotation({ ...current, note: body.newValues.note });
      stored.set(key, data as Annotation);
    }
    return data;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  page.remove();
});

const renderLayer = () => renderAnnotationLayer(material, pageData);

/** Selects "marked passage" in the text element, as a mouse would. */
function selectPassage() {
  const text = page.querySelector('p')!.firstChild!;
  const range = document.createRange();
  range.setStart(text, 2);
  range.setEnd(text, 16);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  act(() => {
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  });
}

/** Presses Annotate by keyboard (a pointer press would collapse the jsdom selection first). */
async function annotate(user: ReturnType<typeof userEvent.setup>) {
  act(() => screen.getByTestId('annotate').focus());
  await user.keyboard('{Enter}');
}

const creates = () => sent.filter((s) => s.url.endsWith('/model/create'));
const keptDraft = () => readDraft(scope, 'text-1#2-16');

describe('a new annotation’s request key', () => {
  it('is made when the note is started, kept with the draft, and sent again with the kept draft after a reload: one annotation', async () => {
    const first = renderLayer();
    selectPassage();
    await screen.findByTestId('annotate');
    await annotate(first.user);
    const composer = await screen.findByTestId('annotation-composer');
    await first.user.type(await within(composer).findByRole('textbox', { name: 'Note' }), 'Before the cut');
    const key = keptDraft()?.requestKey;
    expect(RequestKey.safeParse(key).success).toBe(true);

    // Saved; the server made the annotation, but its answer never arrived.
    cutNextAnswer = true;
    await first.user.click(within(composer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0].body.requestKey).toBe(key);
    await waitFor(() => expect(within(composer).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    expect(keptDraft()).toMatchObject({ annotationId: null, note: doc('Before the cut'), requestKey: key });

    // A reload: the kept note opens again in the composer, with its key.
    first.unmount();
    const second = renderLayer();
    const reopened = await screen.findByTestId('annotation-composer');
    const editor = (await within(reopened).findByRole('textbox', { name: 'Note' })) as HTMLTextAreaElement;
    expect(editor.value).toBe('Before the cut');
    await second.user.type(editor, ', and after');
    await second.user.click(within(reopened).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('annotation-composer')).toBeNull());

    expect(creates().map((s) => s.body.requestKey)).toEqual([key, key]);
    expect(stored.size).toBe(1);
    // The server answered the note as first sent: what was typed after the reload is saved over it.
    const update = sent.find((s) => s.url.endsWith('/model/update'));
    expect(update?.body).toMatchObject({ model: { id: 'a-1' }, newValues: { note: doc('Before the cut, and after') }, oldValues: { note: doc('Before the cut') } });
    expect([...stored.values()][0].note).toEqual(doc('Before the cut, and after'));
    expect(localStorage.getItem(draftStorageKey(scope, 'text-1#2-16'))).toBeNull();
    expect(unsentDraftCount(scope)).toBe(0);
  });

  it('a note started anew after the kept one was given up gets a new key', async () => {
    const { user } = renderLayer();
    selectPassage();
    await screen.findByTestId('annotate');
    await annotate(user);
    let composer = await screen.findByTestId('annotation-composer');
    await user.type(await within(composer).findByRole('textbox', { name: 'Note' }), 'First try');
    const firstKey = keptDraft()?.requestKey;
    await user.click(within(composer).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('annotation-composer')).toBeNull());

    selectPassage();
    await screen.findByTestId('annotate');
    await annotate(user);
    composer = await screen.findByTestId('annotation-composer');
    await user.type(await within(composer).findByRole('textbox', { name: 'Note' }), 'Second try');
    await user.click(within(composer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(RequestKey.safeParse(creates()[0].body.requestKey).success).toBe(true);
    expect(creates()[0].body.requestKey).not.toBe(firstKey);
  });
});
