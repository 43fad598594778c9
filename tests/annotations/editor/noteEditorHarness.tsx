import type { Editor } from '@tiptap/react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import NoteEditor, { type NoteEditorProps } from '../../../src/annotations/editor/NoteEditor';
import { FORMAT_MARKS, type FormatMark } from '../../../src/editor/formatExclusions';
import { createI18n } from '../../../i18n';
import { I18nProvider } from '../../../i18n/react';
import { annotations } from '../../../i18n/resources/annotations';
import type { RichTextDoc } from '../../../model/richTextDoc';
import Tooltips from '../../../src/ui/Tooltips';

/*
 * jsdom has no layout: Range lacks getClientRects / getBoundingClientRect, which ProseMirror calls to
 * scroll the selection into view after a focused command. Empty rectangles stand in (test-only).
 */
const emptyRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
if (typeof Range !== 'undefined') {
  if (typeof Range.prototype.getClientRects !== 'function') Range.prototype.getClientRects = emptyRects;
  if (typeof Range.prototype.getBoundingClientRect !== 'function') Range.prototype.getBoundingClientRect = emptyRect;
}
// jsdom has no ClipboardEvent; ProseMirror's view.pasteText / pasteHTML only make one to pass along.
if (typeof window !== 'undefined' && typeof window.ClipboardEvent === 'undefined') {
  class ClipboardEventStub extends Event {
    readonly clipboardData: DataTransfer | null = null;
  }
  Object.defineProperty(window, 'ClipboardEvent', { value: ClipboardEventStub, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'ClipboardEvent', { value: ClipboardEventStub, configurable: true, writable: true });
}
if (typeof document !== 'undefined' && typeof document.elementFromPoint !== 'function') document.elementFromPoint = () => null;

/** A document of one paragraph. */
export const paragraphDoc = (text: string): RichTextDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

type EditorTexts = Omit<(typeof annotations)['de']['editor'], 'format'> & Record<FormatMark, string>;

/** The editor's texts in `lang` (i18n/resources/annotations.ts `editor`), its formats by their names (`highlight:yellow`). */
export function editorLabels(lang: 'de' | 'en'): EditorTexts {
  const { format, ...rest } = annotations[lang].editor;
  const formats = Object.fromEntries(
    FORMAT_MARKS.map((name) => {
      const [kind, colour] = name.split(':') as [keyof typeof format, string | undefined];
      const text = format[kind];
      return [name, typeof text === 'string' ? text : text[colour as keyof typeof text]];
    }),
  ) as Record<FormatMark, string>;
  return { ...rest, ...formats };
}

/** Renders the editor in `lang` (German by default); `editor` is tiptap's instance (tiptap hangs it on the ProseMirror element). */
export function renderNoteEditor({ lang = 'de', ...props }: Partial<NoteEditorProps> & { lang?: 'de' | 'en' } = {}) {
  const onChange = vi.fn<(doc: RichTextDoc) => void>();
  const all: NoteEditorProps = { value: paragraphDoc('Hello world'), onChange, label: 'Notiz', ...props };
  const i18n = createI18n(lang);
  const tree = (editorProps: NoteEditorProps) => (
    <I18nProvider i18n={i18n}>
      <NoteEditor {...editorProps} />
      {/* The page's tooltip, as the app's root mounts it (src/ui/Tooltips.tsx): it names the toolbar's icons. */}
      <Tooltips />
    </I18nProvider>
  );
  const result = render(tree(all));
  /** Renders the same editor again with new props (as its parent would). */
  const rerenderEditor = (editorProps: NoteEditorProps) => result.rerender(tree(editorProps));
  const dom = result.container.querySelector<HTMLElement>('.ProseMirror');
  if (!dom) throw new Error('no ProseMirror element');
  const editor = (dom as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('no tiptap editor on the ProseMirror element');
  const user = userEvent.setup();
  /** The last document sent to onChange. */
  const lastDoc = (): RichTextDoc => {
    const calls = (all.onChange as typeof onChange).mock.calls;
    if (!calls.length) throw new Error('onChange was not called');
    return calls[calls.length - 1][0];
  };
  return { ...result, dom, editor, onChange: all.onChange as typeof onChange, user, lastDoc, props: all, i18n, rerenderEditor };
}

/** Selects the document range from..to (ProseMirror positions) through the command layer. */
export function select(editor: Editor, from: number, to: number) {
  act(() => {
    editor.commands.setTextSelection({ from, to });
  });
}

/** The marks (type, or `highlight:colour`) on the text nodes of the document, per text. */
export function marksOf(doc: RichTextDoc): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const visit = (node: { type: string; text?: string; marks?: { type: string; attrs?: Record<string, unknown> }[]; content?: unknown[] }) => {
    if (node.type === 'text' && node.text) {
      out[node.text] = (node.marks ?? []).map((mark) => (mark.type === 'highlight' ? `highlight:${String(mark.attrs?.color)}` : mark.type));
    }
    for (const child of node.content ?? []) visit(child as typeof node);
  };
  visit(doc as Parameters<typeof visit>[0]);
  return out;
}

/** Types text as the keyboard does in ProseMirror: one inserted character per transaction. */
export function typeText(editor: Editor, text: string) {
  act(() => {
    for (const char of text) {
      const { view } = editor;
      const { from, to } = view.state.selection;
      const handled = view.someProp('handleTextInput', (handler) => handler(view, from, to, char, () => view.state.tr.insertText(char, from, to)));
      if (!handled) view.dispatch(view.state.tr.insertText(char, from, to));
    }
  });
}
