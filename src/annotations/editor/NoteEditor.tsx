import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useViewerInspection } from '../../viewer/inspection';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components/Button';
import { FieldError } from 'react-aria-components/FieldError';
import { Input } from 'react-aria-components/Input';
import { Separator } from 'react-aria-components/Separator';
import { TextField } from 'react-aria-components/TextField';
import { ToggleButton } from 'react-aria-components/ToggleButton';
import { Toolbar } from 'react-aria-components/Toolbar';
import { LINK_INPUT_WIDTH_PX } from '../../../model/constants';
import { withTooltip } from '../../ui/withTooltip';
import { isDisplayMode, isEditingMode, isLinkEditorOpen, linkEditorMachine } from '../../../machines/linkEditor';
import { FORMAT_MARKS, HIGHLIGHT_FORMATS, type FormatMark } from '../../editor/formatExclusions';
import { LINK_REL, normalizeRichText, RICH_TEXT_LIMITS, richTextSize, withinTextLimit, type HighlightColor, type RichTextDoc } from '../../../model/richTextDoc';
import { CharacterCounter, showsCounter } from '../../ui/CharacterCounter';
import { useAnnotationLang, useAnnotationTexts, type AnnotationT } from '../useAnnotationTexts';
import {
  HIGHLIGHT_CLASS,
  applyLinkTo,
  clearFormatting,
  createNoteEditorExtensions,
  isFormatActive,
  linkOfSelection,
  removeLinkAt,
  toggleFormat,
  type FrozenSelection,
} from './noteEditorExtensions';
import { Icon } from '../../../paint/Icon';

/*
 * The rich-text note editor of issue 12 (spec sections 4, 5 and 9): a tiptap editor limited to the
 * document of model/richTextDoc.ts, a react-aria toolbar of toggle buttons (arrow keys move
 * between them) and the link editor of machines/linkEditor.ts, which takes the toolbar's place while
 * the selection is frozen. Lazy-loadable: `lazy(() => import('./annotations/editor/NoteEditor'))`.
 */

export type NoteEditorProps = {
  /** The document shown; a new value that differs from the editor's content replaces it. */
  value: RichTextDoc;
  /** Every change, as `normalizeRichText` gives it (the stored form). */
  onChange(doc: RichTextDoc): void;
  /** The accessible name of the text box. */
  label: string;
  readOnly?: boolean;
  autoFocus?: boolean;
};

/** The label of a format's toolbar button (`highlight:yellow` → `editor.format.highlight.yellow`). */
const formatLabelKey = (format: FormatMark) => `editor.format.${format.replace(':', '.')}` as Parameters<AnnotationT>[0];

const docKey = (doc: RichTextDoc) => JSON.stringify(doc);

const EDITOR_CLASS =
  'min-h-24 whitespace-pre-wrap break-words rounded-b-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 ' +
  '[&_ul]:list-disc [&_ul]:ps-6 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:min-h-[1lh]';

const TOOL_CLASS =
  'inline-flex min-w-8 h-8 items-center justify-center rounded px-1.5 text-sm text-gray-800 cursor-default ' +
  'hover:bg-gray-100 data-pressed:bg-gray-200 data-selected:bg-primary-100 data-selected:text-primary-800 ' +
  'data-focus-visible:outline-2 data-focus-visible:outline-offset-1 data-focus-visible:outline-primary-600 ' +
  'data-disabled:opacity-40';

const TEXT_BUTTON_CLASS =
  'inline-flex h-8 items-center rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-800 cursor-default ' +
  'hover:bg-gray-50 data-pressed:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-offset-2 data-focus-visible:outline-primary-600';

/** What the toolbar shows as pressed. */
type ToolbarState = Record<FormatMark | 'bulletList' | 'orderedList' | 'link', boolean>;

function toolbarStateOf(editor: Editor): ToolbarState {
  const state = {} as ToolbarState;
  for (const format of FORMAT_MARKS) state[format] = isFormatActive(editor, format);
  state.bulletList = editor.isActive('bulletList');
  state.orderedList = editor.isActive('orderedList');
  state.link = editor.isActive('link');
  return state;
}

/** The visible face of a format button (the accessible name is its text). */
const FACES: Record<Exclude<FormatMark, `highlight:${string}`>, ReactNode> = {
  bold: <b>B</b>,
  italic: <i className="font-serif">I</i>,
  underline: <u>U</u>,
  strike: <s>S</s>,
  subscript: (
    <span>
      x<sub>2</sub>
    </span>
  ),
  superscript: (
    <span>
      x<sup>2</sup>
    </span>
  ),
  gap: <span className="inline-block w-5 border-b-2 border-dashed border-current">&nbsp;</span>,
};

function FormatButton({ label, isSelected, onChange, children }: { label: string; isSelected: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <ToggleButton aria-label={label} isSelected={isSelected} onChange={onChange} className={TOOL_CLASS} {...withTooltip}>
      {children}
    </ToggleButton>
  );
}

export default function NoteEditor({ value, onChange, label, readOnly = false, autoFocus = false }: NoteEditorProps) {
  const t = useAnnotationTexts();
  const lang = useAnnotationLang();
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  /** The last document sent out or received: a `value` equal to it is no change. */
  const lastKey = useRef<string | null>(null);
  const [initial] = useState(() => normalizeRichText(value));

  const editor = useEditor({
    extensions: createNoteEditorExtensions(),
    content: initial,
    editable: !readOnly,
    autofocus: autoFocus ? 'end' : false,
    injectCSS: false,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: EDITOR_CLASS },
    },
    onUpdate: ({ editor: current }) => {
      const doc = normalizeRichText(current.getJSON() as RichTextDoc);
      const key = docKey(doc);
      if (key === lastKey.current) return;
      lastKey.current = key;
      onChangeRef.current(doc);
    },
  });

  // A new value from outside replaces the content (not an echo of what the editor sent).
  useEffect(() => {
    const next = normalizeRichText(value);
    const key = docKey(next);
    if (key === lastKey.current) return;
    lastKey.current = key;
    if (docKey(normalizeRichText(editor.getJSON() as RichTextDoc)) !== key) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  // The text's length against the limit of a stored document (spec section 5: a counter used/limit, an error beyond).
  const counterId = useId();
  const used = richTextSize(value).text;
  const counted = !readOnly && showsCounter(used, RICH_TEXT_LIMITS.maxTotalText);
  const tooLong = !withinTextLimit(value);

  useEffect(() => {
    const described: Record<string, string> = counted ? { 'aria-describedby': counterId, 'aria-invalid': String(tooLong) } : {};
    editor.setOptions({
      editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, 'aria-readonly': String(readOnly), class: EDITOR_CLASS, ...described } },
    });
  }, [editor, label, readOnly, counted, tooLong, counterId]);

  const pressed = useEditorState({ editor, selector: ({ editor: current }) => toolbarStateOf(current) });

  // The link editor: its actions work on the selection frozen when it opened.
  const editorRef = useRef(editor);
  const frozen = useRef<FrozenSelection | null>(null);
  useLayoutEffect(() => {
    editorRef.current = editor;
  }, [editor]);
  const linkEditor = useActorRef(
    linkEditorMachine.provide({
      actions: {
        freezeSelection: () => {
          const { from, to } = editorRef.current.state.selection;
          frozen.current = { from, to };
        },
        releaseSelection: () => {
          frozen.current = null;
          if (!editorRef.current.isDestroyed) editorRef.current.commands.focus();
        },
        applyLink: (_, params) => {
          applyLinkTo(editorRef.current, frozen.current, params.href);
        },
        removeLink: () => {
          removeLinkAt(editorRef.current, frozen.current);
        },
      },
    }),
    { inspect: useViewerInspection() },
  );
  const linkView = useSelector(linkEditor, (snapshot) => ({
    open: isLinkEditorOpen(snapshot),
    display: isDisplayMode(snapshot),
    editing: isEditingMode(snapshot),
    href: snapshot.context.href,
    input: snapshot.context.input,
    error: snapshot.context.error,
  }), (a, b) => JSON.stringify(a) === JSON.stringify(b));

  // A press in the text (the editor takes the focus back) closes the link editor, nothing changed.
  useEffect(() => {
    const close = () => linkEditor.send({ type: 'link.close' });
    editor.on('focus', close);
    return () => {
      editor.off('focus', close);
    };
  }, [editor, linkEditor]);

  const format = (name: FormatMark) => () => toggleFormat(editor, name);

  return (
    <div
      className="flex flex-col"
      lang={lang}
      onKeyDown={(event) => {
        // Tab / Shift+Tab the text box used (a list item indented or outdented; spec section 9) goes no
        // further: a focus scope around the editor (react-aria's modal, which moves the focus on every Tab
        // at the document) would take the focus out of the text box as well.
        if (event.key === 'Tab' && event.defaultPrevented && event.target === editor.view.dom) event.stopPropagation();
      }}
    >
      {!readOnly &&
        (linkView.open ? (
          <LinkEditorPanel t={t} view={linkView} send={linkEditor.send} />
        ) : (
          <Toolbar aria-label={t('editor.toolbar')} className="flex flex-wrap items-center gap-1 rounded-t-md border border-b-0 border-gray-300 bg-gray-50 p-1">
            {(['bold', 'italic', 'underline', 'strike'] as const).map((name) => (
              <FormatButton key={name} label={t(formatLabelKey(name))} isSelected={pressed[name]} onChange={format(name)}>
                {FACES[name]}
              </FormatButton>
            ))}
            <Separator orientation="vertical" className="mx-1 h-6 w-px bg-gray-300" />
            {HIGHLIGHT_FORMATS.map((name) => (
              <FormatButton key={name} label={t(formatLabelKey(name))} isSelected={pressed[name]} onChange={format(name)}>
                <span aria-hidden className={`inline-block size-4 rounded-sm border border-gray-400 ${HIGHLIGHT_CLASS[name.slice('highlight:'.length) as HighlightColor]}`} />
              </FormatButton>
            ))}
            <Separator orientation="vertical" className="mx-1 h-6 w-px bg-gray-300" />
            <FormatButton label={t('editor.bulletList')} isSelected={pressed.bulletList} onChange={() => editor.chain().focus().toggleBulletList().run()}>
              <span aria-hidden>•≡</span>
            </FormatButton>
            <FormatButton label={t('editor.orderedList')} isSelected={pressed.orderedList} onChange={() => editor.chain().focus().toggleOrderedList().run()}>
              <span aria-hidden>1.≡</span>
            </FormatButton>
            <Separator orientation="vertical" className="mx-1 h-6 w-px bg-gray-300" />
            {(['subscript', 'superscript'] as const).map((name) => (
              <FormatButton key={name} label={t(formatLabelKey(name))} isSelected={pressed[name]} onChange={format(name)}>
                {FACES[name]}
              </FormatButton>
            ))}
            <FormatButton label={t('editor.link')} isSelected={pressed.link} onChange={() => linkEditor.send({ type: 'link.open', href: linkOfSelection(editor) })}>
              <Icon name="link" className="size-4" />
            </FormatButton>
            <Button aria-label={t('editor.clearFormatting')} onPress={() => clearFormatting(editor)} className={TOOL_CLASS} {...withTooltip}>
              <span aria-hidden>T̸</span>
            </Button>
            <FormatButton label={t(formatLabelKey('gap'))} isSelected={pressed.gap} onChange={format('gap')}>
              {FACES.gap}
            </FormatButton>
          </Toolbar>
        ))}
      <EditorContent editor={editor} />
      {counted ? <CharacterCounter id={counterId} used={used} limit={RICH_TEXT_LIMITS.maxTotalText} text={(numbers) => t('editor.counter', numbers)} /> : null}
    </div>
  );
}

type LinkView = { open: boolean; display: boolean; editing: boolean; href: string | null; input: string; error: string | null };
type LinkSend = ReturnType<typeof useActorRef<typeof linkEditorMachine>>['send'];

/** The link editor in the toolbar's place: display mode (the link, Edit, Remove) or editing mode (URL input, Save, Cancel). */
function LinkEditorPanel({ t, view, send }: { t: AnnotationT; view: LinkView; send: LinkSend }) {
  return (
    <div
      role="group"
      aria-label={t('editor.linkEditor')}
      className="flex flex-wrap items-start gap-2 rounded-t-md border border-b-0 border-gray-300 bg-gray-50 p-2"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          // Escape closes the link editor only: not the dialog or panel the editor is in (react-aria's modal, the overlay stack).
          event.preventDefault();
          event.stopPropagation();
          send({ type: 'link.close' });
        }
      }}
      onBlur={(event) => {
        // Focus moved somewhere else than the link editor (and not back into the text, which closes it too).
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) send({ type: 'link.close' });
      }}
    >
      {view.display && view.href !== null && (
        <>
          <a href={view.href} target="_blank" rel={LINK_REL} className="max-w-[300px] truncate self-center text-sm text-primary-700 underline">
            {view.href}
          </a>
          <Button autoFocus onPress={() => send({ type: 'link.edit' })} className={TEXT_BUTTON_CLASS}>
            {t('editor.linkEdit')}
          </Button>
          <Button onPress={() => send({ type: 'link.remove' })} className={TEXT_BUTTON_CLASS}>
            {t('editor.linkRemove')}
          </Button>
        </>
      )}
      {view.editing && (
        <form
          className="flex flex-wrap items-start gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'link.save' });
          }}
        >
          <TextField
            aria-label={t('editor.linkUrl')}
            value={view.input}
            onChange={(value) => send({ type: 'input.change', value })}
            isInvalid={view.error !== null}
            autoFocus
            className="flex flex-col gap-1"
          >
            <Input
              type="text"
              inputMode="url"
              placeholder="https://"
              style={{ width: LINK_INPUT_WIDTH_PX }}
              className="h-8 rounded-md border border-gray-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary-600 data-invalid:border-red-600"
            />
            <FieldError className="max-w-[300px] text-xs text-red-700">{view.error ? t(`editor.${view.error as 'invalid-url'}`) : null}</FieldError>
          </TextField>
          <Button type="submit" className={TEXT_BUTTON_CLASS}>
            {t('editor.linkSave')}
          </Button>
          <Button onPress={() => send({ type: 'link.cancel' })} className={TEXT_BUTTON_CLASS}>
            {t('editor.linkCancel')}
          </Button>
        </form>
      )}
    </div>
  );
}
