// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LINK_INPUT_WIDTH_PX } from '../../../model/constants';
import { shouldAutoLinkText } from '../../../src/annotations/editor/noteEditorExtensions';
import { RichTextDoc, type RichTextMark } from '../../../model/richTextDoc';
import { editorLabels, marksOf, paragraphDoc, renderNoteEditor, select, typeText } from './noteEditorHarness';
import { expectVisible } from '../../support/visible';

const de = editorLabels('de');

/** The links of a document: text → href. */
function linksOf(doc: RichTextDoc): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (node: { type: string; text?: string; marks?: RichTextMark[]; content?: unknown[] }) => {
    const link = node.marks?.find((mark) => mark.type === 'link');
    if (node.text && link?.type === 'link') out[node.text] = link.attrs.href;
    for (const child of node.content ?? []) visit(child as typeof node);
  };
  visit(doc as Parameters<typeof visit>[0]);
  return out;
}

const linkedDoc: RichTextDoc = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'See ' }, { type: 'text', text: 'the site', marks: [{ type: 'link', attrs: { href: 'https://example.org/' } }] }, { type: 'text', text: ' now' }] }],
};

describe('NoteEditor: the link editor (machines/linkEditor.ts)', () => {
  it('without a link: editing mode, a 300 px input; an invalid URL is refused with invalid-url and stays', async () => {
    const { editor, user, onChange } = renderNoteEditor();
    select(editor, 1, 6);
    await user.click(screen.getByRole('button', { name: de.link }));
    expect(screen.queryByRole('toolbar')).toBeNull();
    const group = screen.getByRole('group', { name: de.linkEditor });
    const input = within(group).getByRole('textbox', { name: de.linkUrl });
    expect(input.style.width).toBe(`${LINK_INPUT_WIDTH_PX}px`);
    expect(document.activeElement).toBe(input);
    await user.type(input, 'javascript:alert(1)');
    await user.click(within(group).getByRole('button', { name: de.linkSave }));
    expectVisible(screen.getByText(de['invalid-url']));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: de.linkUrl })).toBe(input);
    expect(onChange).not.toHaveBeenCalled();
    // Typing again takes the error away until the next Save; an empty input is refused too.
    await user.clear(input);
    expect(screen.queryByText(de['invalid-url'])).toBeNull();
    await user.keyboard('{Enter}');
    expectVisible(screen.getByText(de['invalid-url']));
  });

  it('a valid URL is saved normalised on the selection (Enter saves), and the document passes RichTextDoc', async () => {
    const { editor, user, lastDoc } = renderNoteEditor();
    select(editor, 1, 6);
    await user.click(screen.getByRole('button', { name: de.link }));
    await user.type(screen.getByRole('textbox', { name: de.linkUrl }), '  Example.ORG/a b{Enter}');
    expect(linksOf(lastDoc())).toEqual({ Hello: 'https://example.org/a%20b' });
    expect(RichTextDoc.safeParse(lastDoc()).success).toBe(true);
    // Back to the toolbar, the link button pressed for the linked selection.
    expect(screen.getByRole('button', { name: de.link }).getAttribute('aria-pressed')).toBe('true');
  });

  it('at a cursor outside a link, Save inserts the address as a link', async () => {
    const { editor, user, lastDoc } = renderNoteEditor();
    select(editor, 12, 12);
    await user.click(screen.getByRole('button', { name: de.link }));
    await user.type(screen.getByRole('textbox', { name: de.linkUrl }), 'mailto:a@example.org');
    await user.click(screen.getByRole('button', { name: de.linkSave }));
    expect(linksOf(lastDoc())).toEqual({ 'mailto:a@example.org': 'mailto:a@example.org' });
    expect(RichTextDoc.safeParse(lastDoc()).success).toBe(true);
  });

  it('with a link: display mode shows it (new tab, noopener) with Edit and Remove; Edit changes it', async () => {
    const { editor, user, lastDoc } = renderNoteEditor({ value: linkedDoc });
    select(editor, 7, 7);
    await user.click(screen.getByRole('button', { name: de.link }));
    const group = screen.getByRole('group', { name: de.linkEditor });
    const link = within(group).getByRole('link', { name: 'https://example.org/' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(within(group).queryByRole('textbox')).toBeNull();
    await user.click(within(group).getByRole('button', { name: de.linkEdit }));
    const input = screen.getByRole('textbox', { name: de.linkUrl }) as HTMLInputElement;
    expect(input.value).toBe('https://example.org/');
    await user.clear(input);
    await user.type(input, 'ftp://files.example.org/x{Enter}');
    // The whole link changes, not only the cursor's position.
    expect(linksOf(lastDoc())).toEqual({ 'the site': 'ftp://files.example.org/x' });
  });

  it('Remove takes the link away and keeps its text', async () => {
    const { editor, user, lastDoc } = renderNoteEditor({ value: linkedDoc });
    select(editor, 7, 7);
    await user.click(screen.getByRole('button', { name: de.link }));
    await user.click(screen.getByRole('button', { name: de.linkRemove }));
    expect(lastDoc()).toEqual(paragraphDoc('See the site now'));
    expectVisible(screen.getByRole('toolbar', { name: de.toolbar }));
  });

  it('Cancel and Escape go back without a change', async () => {
    const { editor, user, onChange } = renderNoteEditor({ value: linkedDoc });
    select(editor, 7, 7);
    await user.click(screen.getByRole('button', { name: de.link }));
    await user.click(screen.getByRole('button', { name: de.linkEdit }));
    await user.click(screen.getByRole('button', { name: de.linkCancel }));
    // Cancel from editing a link: the link as it was.
    expectVisible(screen.getByRole('button', { name: de.linkRemove }));
    await user.keyboard('{Escape}');
    expectVisible(screen.getByRole('toolbar', { name: de.toolbar }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('NoteEditor: typed and pasted URLs (tiptap Link autolink / linkOnPaste with normalizeLinkUrl)', () => {
  it('typed "https://example.org " becomes a link', () => {
    const { editor, lastDoc } = renderNoteEditor({ value: paragraphDoc('Go') });
    select(editor, 3, 3);
    typeText(editor, ' https://example.org ');
    expect(linksOf(lastDoc())).toEqual({ 'https://example.org': 'https://example.org/' });
    expect(RichTextDoc.safeParse(lastDoc()).success).toBe(true);
  });

  it('typed "www.example.org " becomes an https link', () => {
    const { editor, lastDoc } = renderNoteEditor({ value: paragraphDoc('Go') });
    select(editor, 3, 3);
    typeText(editor, ' www.example.org ');
    expect(linksOf(lastDoc())).toEqual({ 'www.example.org': 'https://www.example.org/' });
  });

  it('typed "javascript:alert(1) " does not, nor a single word or an IP address', () => {
    const { editor, lastDoc } = renderNoteEditor({ value: paragraphDoc('Go') });
    select(editor, 3, 3);
    typeText(editor, ' javascript:alert(1) data:text/html,x intranet 10.0.0.1 ');
    expect(linksOf(lastDoc())).toEqual({});
    expect(marksOf(lastDoc())).toEqual({ 'Go javascript:alert(1) data:text/html,x intranet 10.0.0.1 ': [] });
  });

  it('pasted text: a URL becomes a link, javascript: does not', () => {
    const { editor, lastDoc } = renderNoteEditor({ value: paragraphDoc('Go') });
    select(editor, 3, 3);
    act(() => {
      editor.view.pasteText(' see https://example.org/x and javascript:alert(1) ');
    });
    expect(linksOf(lastDoc())).toEqual({ 'https://example.org/x': 'https://example.org/x' });
  });

  it('a URL pasted over selected text links that text', () => {
    const { editor, lastDoc } = renderNoteEditor();
    select(editor, 1, 6);
    act(() => {
      editor.view.pasteText('https://example.org/page');
    });
    expect(linksOf(lastDoc())).toEqual({ Hello: 'https://example.org/page' });
  });

  it('pasted html keeps only allowed links', () => {
    const { editor, lastDoc } = renderNoteEditor({ value: paragraphDoc('Go') });
    select(editor, 3, 3);
    act(() => {
      editor.view.pasteHTML('<p><a href="javascript:alert(1)">evil</a> <a href="https://example.org/ok">good</a> <a href="data:text/html,x">data</a></p>');
    });
    expect(linksOf(lastDoc())).toEqual({ good: 'https://example.org/ok' });
    expect(RichTextDoc.safeParse(lastDoc()).success).toBe(true);
  });

  it('typed and pasted addresses of every allowed scheme become links: isurf, tel and callto as ftp and mailto do', () => {
    for (const url of ['isurf://server/lesson-7', 'isurf:lesson-7', 'tel:0441234567', 'callto:ada.lovelace', 'callto://ada', 'ftps://files.example.org/x', 'mailto:a@example.org']) {
      const typed = renderNoteEditor({ value: paragraphDoc('Go') });
      select(typed.editor, 3, 3);
      typeText(typed.editor, ` ${url} `);
      expect(linksOf(typed.lastDoc()), `typed ${url}`).toEqual({ [url]: url });
      typed.unmount();
      const pasted = renderNoteEditor({ value: paragraphDoc('Go') });
      select(pasted.editor, 3, 3);
      act(() => {
        pasted.editor.view.pasteText(` see ${url} now`);
      });
      expect(linksOf(pasted.lastDoc()), `pasted ${url}`).toEqual({ [url]: url });
      expect(RichTextDoc.safeParse(pasted.lastDoc()).success).toBe(true);
      pasted.unmount();
    }
  });

  it('an isurf link with a host only keeps its address, and the link editor saves one', async () => {
    const stored: RichTextDoc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Lektion', marks: [{ type: 'link', attrs: { href: 'isurf://server' } }] }] }] };
    const shown = renderNoteEditor({ value: stored });
    expect(shown.dom.querySelector('a')?.getAttribute('href')).toBe('isurf://server');
    shown.unmount();
    const { editor, user, lastDoc } = renderNoteEditor();
    select(editor, 1, 6);
    await user.click(screen.getByRole('button', { name: de.link }));
    await user.type(screen.getByRole('textbox', { name: de.linkUrl }), 'isurf://server{Enter}');
    expect(screen.queryByText(de['invalid-url'])).toBeNull();
    expect(linksOf(lastDoc())).toEqual({ Hello: 'isurf://server' });
  });

  it('shouldAutoLinkText: the URL rule of model/linkUrl.ts', () => {
    expect(['https://example.org', 'example.org', 'mailto:a@example.org', 'tel:+41123', 'ftp://x.example'].map(shouldAutoLinkText)).toEqual([true, true, true, true, true]);
    expect(['javascript:alert(1)', 'vbscript:x', 'data:text/html,x', 'intranet', '10.0.0.1'].map(shouldAutoLinkText)).toEqual([false, false, false, false, false]);
  });
});
