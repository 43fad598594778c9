// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { TOOLTIP_OPEN_DELAY_MS, UNDO_HISTORY_LIMIT } from '../../../model/constants';
import { FORMAT_MARKS } from '../../../src/editor/formatExclusions';
import { normalizeRichText, RICH_TEXT_LIMITS, RichTextDoc } from '../../../model/richTextDoc';
import { editorLabels, marksOf, paragraphDoc, renderNoteEditor, select } from './noteEditorHarness';
import { expectVisible } from '../../support/visible';

const de = editorLabels('de');
const json = (editor: { getJSON(): unknown }) => normalizeRichText(editor.getJSON() as RichTextDoc);

const RICH: RichTextDoc = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'plain ' },
        { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
        { type: 'text', text: 'all', marks: [{ type: 'bold' }, { type: 'italic' }, { type: 'underline' }, { type: 'highlight', attrs: { color: 'pink' } }, { type: 'superscript' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'struck', marks: [{ type: 'strike' }, { type: 'highlight', attrs: { color: 'orange' } }] },
        { type: 'text', text: 'gap', marks: [{ type: 'gap' }] },
        { type: 'text', text: 'sub', marks: [{ type: 'subscript' }] },
        { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: 'https://example.org/a' } }, { type: 'italic' }] },
      ],
    },
    { type: 'paragraph' },
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'one' }] },
            { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'three', marks: [{ type: 'highlight', attrs: { color: 'blue' } }] }] }] }] },
          ],
        },
      ],
    },
    { type: 'orderedList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'mailto', marks: [{ type: 'link', attrs: { href: 'mailto:a@example.org' } }] }] }] }] },
  ],
};

describe('NoteEditor: the document', () => {
  it('round-trips a document of every node and mark as richTextDoc stores it, and sends nothing on load', () => {
    const { editor, onChange } = renderNoteEditor({ value: RICH });
    const stored = normalizeRichText(RICH);
    expect(json(editor)).toEqual(stored);
    expect(RichTextDoc.safeParse(json(editor)).success).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes a document with text at the top level as normalizeRichText wraps it', () => {
    const { editor } = renderNoteEditor({ value: { type: 'doc', content: [{ type: 'text', text: 'loose' }] } });
    expect(json(editor)).toEqual(paragraphDoc('loose'));
  });

  it('has exactly the nodes and marks of richTextDoc (no heading, code, blockquote, image, rule)', () => {
    const { editor } = renderNoteEditor();
    expect(Object.keys(editor.schema.nodes).sort()).toEqual(['bulletList', 'doc', 'hardBreak', 'listItem', 'orderedList', 'paragraph', 'text']);
    expect(Object.keys(editor.schema.marks).sort()).toEqual(['bold', 'gap', 'highlight', 'italic', 'link', 'strike', 'subscript', 'superscript', 'underline']);
    act(() => {
      editor.commands.setContent(
        '<h1>Title</h1><blockquote><p>quote</p></blockquote><pre><code>code</code></pre><hr><p><img src="x.png">img <code>c</code> <a href="javascript:alert(1)">bad</a> <mark data-color="red">hl</mark> <span data-gap>g</span></p>',
      );
    });
    const doc = json(editor);
    expect(RichTextDoc.safeParse(doc).success).toBe(true);
    expect(JSON.stringify(doc)).not.toMatch(/heading|blockquote|codeBlock|image|horizontalRule|javascript/);
    // The javascript: link is dropped (its text stays), an unknown highlight colour reads as yellow.
    expect(marksOf(doc)).toMatchObject({ 'img c bad ': [], hl: ['highlight:yellow'], g: ['gap'] });
  });

  it('sends every change normalised, and a new value from outside replaces the content', () => {
    const view = renderNoteEditor();
    act(() => {
      view.editor.commands.insertContentAt(1, 'Oh, ');
    });
    expect(view.lastDoc()).toEqual(paragraphDoc('Oh, Hello world'));
    expect(RichTextDoc.safeParse(view.lastDoc()).success).toBe(true);
    const calls = view.onChange.mock.calls.length;
    // The parent passes the sent document back: nothing changes.
    view.rerenderEditor({ ...view.props, value: view.lastDoc() });
    expect(json(view.editor)).toEqual(paragraphDoc('Oh, Hello world'));
    view.rerenderEditor({ ...view.props, value: paragraphDoc('Replaced') });
    expect(json(view.editor)).toEqual(paragraphDoc('Replaced'));
    expect(view.onChange.mock.calls.length).toBe(calls);
  });

  it('links render with target _blank and rel noopener noreferrer nofollow', () => {
    const { dom } = renderNoteEditor({ value: RICH });
    const link = dom.querySelector('a[href="https://example.org/a"]');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(dom.querySelector('span[data-gap]')?.textContent).toBe('gap');
  });

  it('is read-only without a toolbar when readOnly', () => {
    const { dom } = renderNoteEditor({ readOnly: true });
    expect(dom.getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('names the text box with the label', () => {
    renderNoteEditor({ label: 'Meine Notiz' });
    expectVisible(screen.getByRole('textbox', { name: 'Meine Notiz' }));
  });
});

describe('NoteEditor: the toolbar', () => {
  const formatLabels = FORMAT_MARKS.map((format) => [format, de[format]] as const);

  it('names an icon in a tooltip once the pointer has rested on it for the open delay, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { dom } = renderNoteEditor();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // The learner works with the pointer.
    await user.click(dom);
    const button = screen.getByRole('button', { name: de.clearFormatting });
    await user.hover(button);
    act(() => vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS - 100));
    expect(screen.queryByTestId('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('tooltip').textContent).toBe(de.clearFormatting);
    await user.unhover(button);
  });

  it('names an icon in a tooltip at once when the keyboard reaches it', async () => {
    const { user } = renderNoteEditor();
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe(de.bold);
    expect(screen.getByTestId('tooltip').textContent).toBe(de.bold);
  });

  it.each(formatLabels)('%s: the button toggles its mark on the selection, with aria-pressed', async (format, label) => {
    const { editor, user, lastDoc } = renderNoteEditor();
    select(editor, 1, 6);
    const button = within(screen.getByRole('toolbar', { name: de.toolbar })).getByRole('button', { name: label });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    expect(marksOf(lastDoc()).Hello).toEqual([format]);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await user.click(button);
    expect(marksOf(lastDoc()).Hello).toBeUndefined();
    expect(lastDoc()).toEqual(paragraphDoc('Hello world'));
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('the list buttons start, switch and end a list', async () => {
    const { editor, user, lastDoc } = renderNoteEditor();
    select(editor, 3, 3);
    const bullet = screen.getByRole('button', { name: de.bulletList });
    const ordered = screen.getByRole('button', { name: de.orderedList });
    await user.click(bullet);
    expect(lastDoc().content?.[0].type).toBe('bulletList');
    expect(bullet.getAttribute('aria-pressed')).toBe('true');
    await user.click(ordered);
    expect(lastDoc().content?.[0].type).toBe('orderedList');
    expect(ordered.getAttribute('aria-pressed')).toBe('true');
    expect(bullet.getAttribute('aria-pressed')).toBe('false');
    await user.click(ordered);
    expect(lastDoc()).toEqual(paragraphDoc('Hello world'));
  });

  it('clear formatting removes every format but keeps the link', async () => {
    const value: RichTextDoc = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello', marks: [{ type: 'link', attrs: { href: 'https://example.org/' } }, { type: 'bold' }, { type: 'underline' }, { type: 'highlight', attrs: { color: 'green' } }, { type: 'gap' }] }, { type: 'text', text: ' world' }] }],
    };
    const { editor, user, lastDoc } = renderNoteEditor({ value });
    select(editor, 1, 12);
    await user.click(screen.getByRole('button', { name: de.clearFormatting }));
    expect(marksOf(lastDoc())).toEqual({ Hello: ['link'], ' world': [] });
  });

  it('has every feature of spec section 9 as a button, in a toolbar the arrow keys walk', async () => {
    const { user } = renderNoteEditor();
    const toolbar = screen.getByRole('toolbar', { name: de.toolbar });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      de.bold, de.italic, de.underline, de.strike,
      de['highlight:yellow'], de['highlight:green'], de['highlight:blue'], de['highlight:pink'], de['highlight:orange'],
      de.bulletList, de.orderedList, de.subscript, de.superscript, de.link, de.clearFormatting, de.gap,
    ]);
    // The toggles say whether they are pressed; clear formatting is an action.
    expect(buttons.filter((button) => button.hasAttribute('aria-pressed'))).toHaveLength(15);
    act(() => buttons[0].focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(buttons[3]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[2]);
    // Tab leaves the toolbar: one tab stop for all its buttons.
    await user.tab();
    expect(buttons).not.toContain(document.activeElement);
  });

  it('shows its texts in English for lang en', () => {
    renderNoteEditor({ lang: 'en' });
    expectVisible(screen.getByRole('toolbar', { name: 'Formatting' }));
    expectVisible(screen.getByRole('button', { name: 'Strikethrough' }));
    expectVisible(screen.getByRole('button', { name: 'Highlight yellow' }));
  });

  it('follows a language switch of the page, keeping the text and its marks', async () => {
    const value: RichTextDoc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello', marks: [{ type: 'bold' }] }] }] };
    const { i18n, dom, onChange } = renderNoteEditor({ value });
    expectVisible(screen.getByRole('button', { name: de.bold }));
    await act(() => i18n.changeLanguage('en'));
    expectVisible(screen.getByRole('toolbar', { name: 'Formatting' }));
    expectVisible(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.queryByRole('button', { name: de.bold })).toBeNull();
    expect(dom.closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(dom.innerHTML).toBe('<p><strong>Hello</strong></p>');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('NoteEditor: exclusions (src/editor/formatExclusions.ts)', () => {
  const cases: [string, string[], string][] = [
    ['underline and strike', ['underline', 'strike'], 'strike'],
    ['strike and underline', ['strike', 'underline'], 'underline'],
    ['the five highlights', ['highlight:yellow', 'highlight:green', 'highlight:blue', 'highlight:pink', 'highlight:orange'], 'highlight:orange'],
    ['sub, sup and gap', ['subscript', 'superscript', 'gap'], 'gap'],
    ['gap, sub', ['gap', 'subscript'], 'subscript'],
    ['sup, gap, sub, sup', ['superscript', 'gap', 'subscript', 'superscript'], 'superscript'],
  ];

  it.each(cases)('%s: the last one applied is the one that stays', async (_, sequence, expected) => {
    const { editor, user, lastDoc } = renderNoteEditor();
    select(editor, 1, 6);
    for (const format of sequence) await user.click(screen.getByRole('button', { name: de[format as keyof typeof de] }));
    expect(marksOf(lastDoc()).Hello).toEqual([expected]);
    for (const format of sequence.filter((name) => name !== expected)) {
      expect(screen.getByRole('button', { name: de[format as keyof typeof de] }).getAttribute('aria-pressed')).toBe('false');
    }
  });

  it('formats outside a group stay: bold and italic with underline, then strike', async () => {
    const { editor, user, lastDoc } = renderNoteEditor();
    select(editor, 1, 6);
    for (const format of ['bold', 'italic', 'underline', 'highlight:green', 'strike'] as const) await user.click(screen.getByRole('button', { name: de[format] }));
    expect(marksOf(lastDoc()).Hello).toEqual(['bold', 'italic', 'strike', 'highlight:green']);
  });

  it('holds for a cursor too: the marks of the next typed text', () => {
    const { editor, lastDoc } = renderNoteEditor();
    select(editor, 12, 12);
    act(() => {
      editor.commands.toggleMark('underline');
    });
    fireEvent.keyDown(editor.view.dom, { key: 's', ctrlKey: true });
    act(() => {
      editor.commands.insertContent('!');
    });
    expect(marksOf(lastDoc())['!']).toEqual(['strike']);
  });
});

describe('NoteEditor: keyboard', () => {
  const press = (editor: { view: { dom: Element } }, key: string, init: { shiftKey?: boolean; ctrlKey?: boolean } = { ctrlKey: true }) =>
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key, ...init });
    });

  it.each([
    ['b', 'bold'],
    ['i', 'italic'],
    ['u', 'underline'],
    ['s', 'strike'],
    ['g', 'gap'],
  ])('mod+%s gives %s (and toggles it off again)', (key, mark) => {
    const { editor, lastDoc } = renderNoteEditor();
    select(editor, 1, 6);
    press(editor, key);
    expect(marksOf(lastDoc()).Hello).toEqual([mark]);
    press(editor, key);
    expect(lastDoc()).toEqual(paragraphDoc('Hello world'));
  });

  it('mod+s is taken from the browser (no "save page")', () => {
    const { editor } = renderNoteEditor();
    select(editor, 1, 6);
    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      editor.view.dom.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
  });

  it('shortcuts keep the exclusions: mod+u then mod+s leaves strike; mod+g after sub leaves gap', () => {
    const { editor, lastDoc } = renderNoteEditor();
    select(editor, 1, 6);
    press(editor, 'u');
    press(editor, 's');
    expect(marksOf(lastDoc()).Hello).toEqual(['strike']);
    act(() => {
      editor.commands.unsetMark('strike');
      editor.commands.setMark('subscript');
    });
    press(editor, 'g');
    expect(marksOf(lastDoc()).Hello).toEqual(['gap']);
  });

  it('mod+z undoes and shift+mod+z redoes', () => {
    const { editor, lastDoc } = renderNoteEditor();
    select(editor, 1, 6);
    press(editor, 'b');
    expect(marksOf(lastDoc()).Hello).toEqual(['bold']);
    press(editor, 'z');
    expect(lastDoc()).toEqual(paragraphDoc('Hello world'));
    press(editor, 'z', { ctrlKey: true, shiftKey: true });
    expect(marksOf(lastDoc()).Hello).toEqual(['bold']);
  });

  it(`keeps an undo history of ${UNDO_HISTORY_LIMIT} entries`, async () => {
    const { editor } = renderNoteEditor();
    const undoRedo = editor.extensionManager.extensions.find((extension) => extension.name === 'undoRedo');
    expect(undoRedo?.options.depth).toBe(UNDO_HISTORY_LIMIT);
    const { closeHistory, undoDepth } = await import('@tiptap/pm/history');
    act(() => {
      for (let index = 0; index < UNDO_HISTORY_LIMIT + 30; index++) {
        editor.view.dispatch(closeHistory(editor.state.tr.insertText('x', 1)));
      }
    });
    // prosemirror-history trims the oldest events in batches: never fewer than the limit stay.
    expect(undoDepth(editor.state)).toBeGreaterThanOrEqual(UNDO_HISTORY_LIMIT);
    act(() => {
      for (let index = 0; index < UNDO_HISTORY_LIMIT; index++) expect(editor.commands.undo()).toBe(true);
    });
  });

  it('Tab indents and shift+Tab outdents a list item; Enter on an empty item leaves the list', () => {
    const value: RichTextDoc = {
      type: 'doc',
      content: [{ type: 'bulletList', content: ['one', 'two'].map((text) => ({ type: 'listItem' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }] })) }],
    };
    const { editor, lastDoc } = renderNoteEditor({ value });
    // "two" starts at 10: doc > bulletList(0) > listItem(1) > paragraph(2) "one" … listItem(8) > paragraph(9).
    select(editor, 11, 11);
    press(editor, 'Tab', {});
    const nested = lastDoc();
    expect(nested.content).toHaveLength(1);
    expect(JSON.stringify(nested)).toMatch(/"one"\}\]\},\{"type":"bulletList"/);
    press(editor, 'Tab', { shiftKey: true });
    expect(lastDoc()).toEqual(normalizeRichText(value));
    // Enter at the end of "two", then Enter on the new empty item: a paragraph after the list.
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 3);
    });
    press(editor, 'Enter', {});
    press(editor, 'Enter', {});
    act(() => {
      editor.commands.insertContent('after');
    });
    expect(lastDoc().content?.map((block) => block.type)).toEqual(['bulletList', 'paragraph']);
    expect(marksOf(lastDoc()).after).toEqual([]);
  });

  it('Tab does not nest lists deeper than richTextDoc allows', () => {
    const item = (text: string) => ({ type: 'listItem' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }] });
    const { editor, lastDoc } = renderNoteEditor({ value: { type: 'doc', content: [{ type: 'bulletList', content: ['a', 'b', 'c', 'd', 'e', 'f'].map(item) }] } });
    for (let round = 0; round < 8; round++) {
      for (let index = 1; index < 6; index++) {
        // Put the cursor into the index-th item's text wherever it is now.
        let position = -1;
        editor.state.doc.descendants((node, pos) => {
          if (node.isText && node.text === 'abcdef'[index]) position = pos + 1;
        });
        act(() => {
          editor.commands.setTextSelection(position);
        });
        press(editor, 'Tab', {});
      }
    }
    expect(RichTextDoc.safeParse(lastDoc()).success).toBe(true);
    expect(JSON.stringify(lastDoc())).toMatch(/(bulletList.*){4}/);
  });
});

describe('NoteEditor: the length of the text', () => {
  const ofLength = (n: number) => ({ type: 'doc' as const, content: [0, 1, 2].map((i) => paragraphDoc('x'.repeat(Math.floor(n / 3) + (i < n % 3 ? 1 : 0))).content![0]) });
  const counterOf = (dom: HTMLElement) => {
    const id = dom.getAttribute('aria-describedby');
    return id ? document.getElementById(id) : null;
  };

  it('no counter while the text is well below the limit of a stored note', () => {
    const { dom } = renderNoteEditor({ value: ofLength(RICH_TEXT_LIMITS.maxTotalText * 0.8) });
    expect(counterOf(dom)).toBeNull();
    expect(document.querySelector('[data-over]')).toBeNull();
  });

  it('near the limit a counter used / limit; beyond it the counter is an error and the text box invalid', () => {
    const near = renderNoteEditor({ value: ofLength(RICH_TEXT_LIMITS.maxTotalText - 10) });
    expect(counterOf(near.dom)?.textContent).toBe('19.990 / 20.000 Zeichen');
    expect(counterOf(near.dom)?.hasAttribute('data-over')).toBe(false);
    expect(near.dom.getAttribute('aria-invalid')).toBe('false');
    near.rerenderEditor({ ...near.props, value: ofLength(RICH_TEXT_LIMITS.maxTotalText + 1) });
    expect(counterOf(near.dom)?.textContent).toBe('20.001 / 20.000 Zeichen');
    expect(counterOf(near.dom)?.hasAttribute('data-over')).toBe(true);
    expect(near.dom.getAttribute('aria-invalid')).toBe('true');
  });

  it('a read-only note shows no counter', () => {
    const { dom } = renderNoteEditor({ value: ofLength(RICH_TEXT_LIMITS.maxTotalText + 1), readOnly: true });
    expect(counterOf(dom)).toBeNull();
  });
});
