// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it, vi } from 'vitest';
import NoteEditor from '../../../src/annotations/editor/NoteEditor';
import { createI18n } from '../../../i18n';
import { I18nProvider } from '../../../i18n/react';
import type { RichTextDoc } from '../../../model/richTextDoc';
import { editorLabels } from './noteEditorHarness';
import { expectVisible } from '../../support/visible';

/*
 * Keys the note editor uses must not reach the dialog or panel around it (found by
 * e2e/annotations.spec.ts, keyboard only): Escape in the link editor closes the link editor, not the
 * composer; Tab / Shift+Tab that indent or outdent a list item do not also move the focus (react-aria's
 * modal moves it on every Tab at the document); a link inside the text box is no Tab stop, so Tab can
 * leave a note that holds one.
 */

const de = editorLabels('de');

const listDoc: RichTextDoc = {
  type: 'doc',
  content: [
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'eins' }] }] },
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'zwei' }] }] },
      ],
    },
  ],
};

const linkDoc: RichTextDoc = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Seite', marks: [{ type: 'link', attrs: { href: 'https://example.org/' } }] }] }],
};

/** The editor inside a container that records the keys reaching it, as the dialog around it would. */
function renderInContainer(value: RichTextDoc) {
  const reached = vi.fn<(key: string) => void>();
  const result = render(
    <I18nProvider i18n={createI18n('de')}>
      <div onKeyDown={(event) => reached(`${event.shiftKey ? 'Shift+' : ''}${event.key}`)}>
        <NoteEditor value={value} onChange={() => {}} label="Notiz" />
      </div>
    </I18nProvider>,
  );
  const dom = result.container.querySelector<HTMLElement>('.ProseMirror')!;
  const editor = (dom as HTMLElement & { editor: Editor }).editor;
  return { ...result, dom, editor, reached };
}

describe('NoteEditor: keys stay with the editor', () => {
  it('Escape in the link editor closes it and goes no further', async () => {
    const { editor, reached } = renderInContainer(linkDoc);
    act(() => {
      editor.commands.setTextSelection({ from: 2, to: 4 });
    });
    fireEvent.click(screen.getByRole('button', { name: de.link }));
    const group = screen.getByRole('group', { name: de.linkEditor });
    fireEvent.keyDown(within(group).getByRole('button', { name: de.linkEdit }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: de.linkEditor })).toBeNull();
    expectVisible(screen.getByRole('toolbar', { name: de.toolbar }));
    expect(reached).not.toHaveBeenCalledWith('Escape');
  });

  it('Tab and Shift+Tab in a list indent and outdent, and go no further; outside a list Tab goes on (it leaves the text box)', () => {
    const { dom, editor, reached } = renderInContainer(listDoc);
    act(() => {
      editor.commands.focus();
      editor.commands.setTextSelection(12); // in "zwei"
    });
    fireEvent.keyDown(dom, { key: 'Tab' });
    expect(dom.querySelectorAll('ul ul li')).toHaveLength(1);
    fireEvent.keyDown(dom, { key: 'Tab', shiftKey: true });
    expect(dom.querySelectorAll('ul ul')).toHaveLength(0);
    expect(reached).not.toHaveBeenCalled();

    act(() => {
      editor.commands.setContent({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'frei' }] }] });
      editor.commands.setTextSelection(2);
    });
    fireEvent.keyDown(dom, { key: 'Tab' });
    expect(reached).toHaveBeenCalledWith('Tab');
  });

  it('a link in the text box is no Tab stop', () => {
    const { dom } = renderInContainer(linkDoc);
    const link = dom.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.org/');
    expect(link.getAttribute('tabindex')).toBe('-1');
  });
});
