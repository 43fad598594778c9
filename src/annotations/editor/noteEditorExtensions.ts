import { Extension, Mark, mergeAttributes, type Editor, type Extensions } from '@tiptap/core';
import type { ResolvedPos } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import Underline from '@tiptap/extension-underline';
import Highlight from '@tiptap/extension-highlight';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import Link from '@tiptap/extension-link';
import { UNDO_HISTORY_LIMIT } from '../../../model/constants';
import { FORMAT_MARKS, markOfFormat, marksToUnset, type FormatMark } from '../../editor/formatExclusions';
import { ALLOWED_LINK_SCHEMES, normalizeLinkUrl, schemeOf } from '../../../model/linkUrl';
import { HIGHLIGHT_COLORS, LINK_REL, RICH_TEXT_LIMITS, type HighlightColor } from '../../../model/richTextDoc';

/*
 * The tiptap schema and commands of the note editor (issue 12): exactly what model/richTextDoc.ts
 * stores (doc, paragraph, bulletList, orderedList, listItem, text, hardBreak; marks bold, italic,
 * underline, strike, highlight {color}, subscript, superscript, gap, link {href}), nothing of
 * starter-kit beyond it. Formats are toggled through `toggleFormat`, which applies the exclusions of
 * src/editor/formatExclusions.ts, from the toolbar and from the keyboard alike.
 */

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    gap: {
      /** Marks the selection as a gap. */
      setGap: () => ReturnType;
      /** Toggles the gap mark. */
      toggleGap: () => ReturnType;
      /** Removes the gap mark. */
      unsetGap: () => ReturnType;
    };
  }
}

/** Tailwind classes of the five highlight colours (static strings, so that Tailwind finds them). */
export const HIGHLIGHT_CLASS: Record<HighlightColor, string> = {
  yellow: 'bg-yellow-200',
  green: 'bg-green-200',
  blue: 'bg-sky-200',
  pink: 'bg-pink-200',
  orange: 'bg-orange-200',
};

const GAP_CLASS = 'rounded-sm border-b-2 border-dashed border-primary-600 bg-primary-50 px-0.5';

const isHighlightColor = (value: unknown): value is HighlightColor => (HIGHLIGHT_COLORS as readonly unknown[]).includes(value);

/** The gap mark of richTextDoc (`<span data-gap>`): a cloze gap in a learner's note. */
export const Gap = Mark.create({
  name: 'gap',
  // Sub, sup and gap exclude each other through toggleFormat; as a mark, a gap is a plain span.
  parseHTML() {
    return [{ tag: 'span[data-gap]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes({ 'data-gap': '', class: GAP_CLASS }, HTMLAttributes), 0];
  },
  addCommands() {
    return {
      setGap:
        () =>
        ({ commands }) =>
          commands.setMark(this.name),
      toggleGap:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
      unsetGap:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name),
    };
  },
});

/** Highlight in the five colours only (`data-color` and a class, no inline style); an unknown colour reads as yellow. */
const NoteHighlight = Highlight.extend({
  addAttributes() {
    return {
      color: {
        default: 'yellow',
        parseHTML: (element: HTMLElement) => {
          const color = element.getAttribute('data-color');
          return isHighlightColor(color) ? color : 'yellow';
        },
        renderHTML: (attributes: { color?: unknown }) => {
          const color = isHighlightColor(attributes.color) ? attributes.color : 'yellow';
          return { 'data-color': color, class: HIGHLIGHT_CLASS[color] };
        },
      },
    };
  },
}).configure({ multicolor: true });

/** Whether `url` may be a link: the one URL rule of model/linkUrl.ts (spec section 5). */
export const isAllowedLinkUrl = (url: string | undefined | null): boolean => typeof url === 'string' && normalizeLinkUrl(url).ok;

/**
 * Whether typed or pasted text becomes a link: an allowed URL that names its scheme, or a host name
 * with a dot (not a bare IP address, not a single word like `intranet`).
 */
export function shouldAutoLinkText(text: string): boolean {
  if (!isAllowedLinkUrl(text)) return false;
  if (schemeOf(text.trim()) !== null) return true;
  const host = (text.includes('@') ? text.slice(text.lastIndexOf('@') + 1) : text).split(/[/?#:]/)[0];
  return host.includes('.') && !/^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/** The number of lists around a position (a top-level list is 1). */
function listDepthAt($pos: ResolvedPos): number {
  let depth = 0;
  for (let level = $pos.depth; level > 0; level--) {
    const name = $pos.node(level).type.name;
    if (name === 'bulletList' || name === 'orderedList') depth++;
  }
  return depth;
}

/** The deepest nesting of lists inside the list item around `$pos` (0 when it holds none). */
function nestedListDepthOfItem($pos: ResolvedPos): number {
  for (let level = $pos.depth; level > 0; level--) {
    const node = $pos.node(level);
    if (node.type.name !== 'listItem') continue;
    let deepest = 0;
    const walk = (parent: typeof node, depth: number) => {
      parent.forEach((child) => {
        const isList = child.type.name === 'bulletList' || child.type.name === 'orderedList';
        const next = isList ? depth + 1 : depth;
        deepest = Math.max(deepest, next);
        walk(child, next);
      });
    };
    walk(node, 0);
    return deepest;
  }
  return 0;
}

/** Whether `format` applies to the whole selection (or the stored marks at the cursor). */
export function isFormatActive(editor: Editor, format: FormatMark): boolean {
  const mark = markOfFormat(format);
  return mark.type === 'highlight' ? editor.isActive('highlight', { color: mark.attrs?.color ?? 'yellow' }) : editor.isActive(mark.type);
}

/**
 * Toggles a format on the selection: off when it applies, else on after the other formats of its
 * exclusion group are unset (`marksToUnset`: underline/strike, the five highlights, sub/sup/gap).
 */
export function toggleFormat(editor: Editor, format: FormatMark, options: { focus?: boolean } = {}): boolean {
  const mark = markOfFormat(format);
  let chain = editor.chain();
  if (options.focus !== false) chain = chain.focus();
  if (isFormatActive(editor, format)) return chain.unsetMark(mark.type).run();
  for (const other of marksToUnset(format)) {
    const otherMark = markOfFormat(other);
    // Another highlight colour is the same mark type: setting the new colour replaces it.
    if (otherMark.type !== mark.type) chain = chain.unsetMark(otherMark.type);
  }
  return chain.setMark(mark.type, mark.type === 'highlight' ? { color: mark.attrs?.color ?? 'yellow' } : {}).run();
}

/** The marks "clear formatting" removes: every format; a link is no format and stays (the link editor removes it). */
const FORMAT_MARK_TYPES = [...new Set(FORMAT_MARKS.map((format) => markOfFormat(format).type))];

export function clearFormatting(editor: Editor, options: { focus?: boolean } = {}): boolean {
  let chain = editor.chain();
  if (options.focus !== false) chain = chain.focus();
  for (const type of FORMAT_MARK_TYPES) chain = chain.unsetMark(type);
  return chain.run();
}

/** The link of the selection (its href), or null when it holds none. */
export function linkOfSelection(editor: Editor): string | null {
  if (!editor.isActive('link')) return null;
  const href = editor.getAttributes('link').href;
  return typeof href === 'string' && href !== '' ? href : null;
}

export type FrozenSelection = { from: number; to: number };

const clampRange = (editor: Editor, range: FrozenSelection | null): FrozenSelection => {
  const size = editor.state.doc.content.size;
  const { from, to } = range ?? editor.state.selection;
  return { from: Math.max(0, Math.min(from, size)), to: Math.max(0, Math.min(to, size)) };
};

/**
 * Sets the link `href` (already normalised) on `range`: the link there or the selected text links to it;
 * a cursor outside a link inserts the address as linked text.
 */
export function applyLinkTo(editor: Editor, range: FrozenSelection | null, href: string): boolean {
  const { from, to } = clampRange(editor, range);
  const chain = editor.chain().focus().setTextSelection({ from, to });
  if (from === to && !editor.state.doc.rangeHasMark(Math.max(0, from - 1), Math.min(editor.state.doc.content.size, to + 1), editor.schema.marks.link)) {
    return chain
      .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
      .unsetMark('link')
      .run();
  }
  return chain.extendMarkRange('link').setLink({ href }).run();
}

/** Removes the link at `range` (the whole link around a cursor); its text stays. */
export function removeLinkAt(editor: Editor, range: FrozenSelection | null): boolean {
  const { from, to } = clampRange(editor, range);
  return editor.chain().focus().setTextSelection({ from, to }).extendMarkRange('link').unsetLink().run();
}

/**
 * The keyboard of spec section 9: mod+b, mod+i, mod+u, mod+s (strike), cmd+g / ctrl+g (gap), the
 * marks' own shortcuts (all through toggleFormat, so the exclusions hold), and Tab in a list only
 * while the result stays within RICH_TEXT_LIMITS.maxListDepth. mod+z / shift+mod+z come from
 * undoRedo; Tab / shift+Tab (sink, lift) and Enter on an empty item (leaves the list) from listItem.
 */
export const NoteEditorKeymap = Extension.create({
  name: 'noteEditorKeymap',
  // Before the marks' and lists' own shortcuts.
  priority: 1000,
  addKeyboardShortcuts() {
    const format = (name: FormatMark) => () => (this.editor.isEditable ? toggleFormat(this.editor, name, { focus: false }) : false);
    return {
      'Mod-b': format('bold'),
      'Mod-B': format('bold'),
      'Mod-i': format('italic'),
      'Mod-I': format('italic'),
      'Mod-u': format('underline'),
      'Mod-U': format('underline'),
      // Also stops the browser's "save page".
      'Mod-s': format('strike'),
      'Mod-Shift-s': format('strike'),
      'Mod-g': format('gap'),
      'Ctrl-g': format('gap'),
      'Mod-,': format('subscript'),
      'Mod-.': format('superscript'),
      'Mod-Shift-h': format('highlight:yellow'),
      Tab: () => {
        const { $from } = this.editor.state.selection;
        const depth = listDepthAt($from);
        if (depth === 0) return false;
        // Sinking puts the item (and the lists inside it) one level deeper: swallow the key past the limit.
        return depth + nestedListDepthOfItem($from) + 1 > RICH_TEXT_LIMITS.maxListDepth;
      },
    };
  },
});

/** The allowed schemes (spec section 5) that the URL finder of typed and pasted text (linkify) does not know by itself. */
const SCHEMES_TO_FIND = ALLOWED_LINK_SCHEMES.filter((scheme) => !['http', 'https', 'ftp', 'ftps', 'mailto'].includes(scheme));
let schemesRegistered = false;

/**
 * tiptap's Link whose URL finder knows every allowed scheme. The finder is one per page: the schemes are
 * registered once, before it first runs, and kept when an editor goes (Link's own reset would take them
 * from every other editor still open, and a second registration after the first find only warns).
 */
const NoteLink = Link.extend({
  onCreate(event) {
    if (schemesRegistered) return;
    schemesRegistered = true;
    this.parent?.(event);
  },
  onDestroy() {},
});

/** The extensions of the note editor. A new array per editor (tiptap configures them per instance). */
export function createNoteEditorExtensions(): Extensions {
  return [
    StarterKit.configure({
      // Not in richTextDoc: no headings, code, quotes, rules; link and underline are configured below.
      blockquote: false,
      code: false,
      codeBlock: false,
      heading: false,
      horizontalRule: false,
      link: false,
      underline: false,
      // A trailing empty paragraph after a list would change the document on every load.
      trailingNode: false,
      // No atom blocks in this schema: nothing for a gap cursor to stand next to.
      gapcursor: false,
      undoRedo: { depth: UNDO_HISTORY_LIMIT },
    }),
    Underline,
    NoteHighlight,
    Subscript,
    Superscript,
    Gap,
    NoteLink.configure({
      autolink: true,
      protocols: SCHEMES_TO_FIND.map((scheme) => ({ scheme, optionalSlashes: true })),
      linkOnPaste: true,
      openOnClick: false,
      defaultProtocol: 'https',
      // tabindex -1: a link inside the text box is no Tab stop. A focus scope around the editor (react-aria's
      // modal) moves the focus on Tab to the next tabbable element itself, and would find the link inside the
      // text box first: Tab could never leave a note with a link.
      HTMLAttributes: { target: '_blank', rel: LINK_REL, class: 'text-primary-700 underline', tabindex: '-1' },
      isAllowedUri: (url) => isAllowedLinkUrl(url),
      shouldAutoLink: shouldAutoLinkText,
    }),
    NoteEditorKeymap,
  ];
}
