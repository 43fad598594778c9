import { HIGHLIGHT_COLORS, type HighlightColor, type RichTextMark } from '../../model/richTextDoc';

/*
 * Which formats of the rich-text toolbar exclude each other (spec section 4, Link editor:
 * "underline and linethrough exclude each other; the five highlights exclude each other; sub, sup
 * and gap exclude each other; ul and ol toggle"). Pure data and functions: before the editor sets a
 * format it unsets what `marksToUnset` names, so two excluding formats never sit on the same text.
 *
 * Names are those of the learners' rich-text document (model/richTextDoc.ts, tiptap's marks):
 * spec section 3's linethrough is `strike`, sub and sup are `subscript` and `superscript`, and
 * highlight1 … highlight5 are the `highlight` mark in the five colours of HIGHLIGHT_COLORS, in that
 * order (`highlight:yellow` … `highlight:orange`). A link is no format here: the link editor
 * (machines/linkEditor.ts) sets it, and it excludes nothing.
 */

export type HighlightFormat = `highlight:${HighlightColor}`;
/** A format the toolbar toggles on selected text. */
export type FormatMark = 'bold' | 'italic' | 'underline' | 'strike' | HighlightFormat | 'subscript' | 'superscript' | 'gap';

/** The five highlights (spec section 9: 5 highlight colours). */
export const HIGHLIGHT_FORMATS: readonly HighlightFormat[] = HIGHLIGHT_COLORS.map((color) => `highlight:${color}` as const);

/** Every format, in toolbar order. */
export const FORMAT_MARKS: readonly FormatMark[] = ['bold', 'italic', 'underline', 'strike', ...HIGHLIGHT_FORMATS, 'subscript', 'superscript', 'gap'];

/** Groups of formats of which at most one applies to a piece of text. A format is in at most one group. */
export const EXCLUSION_GROUPS: readonly (readonly FormatMark[])[] = [['underline', 'strike'], HIGHLIGHT_FORMATS, ['subscript', 'superscript', 'gap']];

export function isFormatMark(value: string): value is FormatMark {
  return (FORMAT_MARKS as readonly string[]).includes(value);
}

/** The group `mark` belongs to, or undefined for a format that excludes nothing (bold, italic). */
export function exclusionGroupOf(mark: FormatMark): readonly FormatMark[] | undefined {
  return EXCLUSION_GROUPS.find((group) => group.includes(mark));
}

/**
 * The formats to remove from the selection before `markToApply` is set: the other members of its
 * exclusion group, in the group's order. Empty for bold and italic.
 */
export function marksToUnset(markToApply: FormatMark): FormatMark[] {
  return (exclusionGroupOf(markToApply) ?? []).filter((mark) => mark !== markToApply);
}

/** The document mark of a format (`highlight:green` → the highlight mark with colour green). */
export function markOfFormat(format: FormatMark): Exclude<RichTextMark, { type: 'link' }> {
  if (format.startsWith('highlight:')) return { type: 'highlight', attrs: { color: format.slice('highlight:'.length) as HighlightColor } };
  return { type: format as Exclude<FormatMark, HighlightFormat> };
}

/** The format of a document mark (a highlight without a colour is yellow, as the html makes it); null for a link. */
export function formatOfMark(mark: RichTextMark): FormatMark | null {
  if (mark.type === 'link') return null;
  if (mark.type === 'highlight') {
    const color = mark.attrs?.color;
    return `highlight:${color && (HIGHLIGHT_COLORS as readonly string[]).includes(color) ? color : 'yellow'}`;
  }
  return mark.type;
}

/** The two list types (spec: ul and ol). */
export type ListType = 'bulletList' | 'orderedList';

/**
 * The list a block becomes when the toolbar's `pressed` list button is used on it: the same list
 * again ends it (a plain paragraph, null), the other list switches to `pressed`, no list starts one.
 */
export function listAfterToggle(current: ListType | null, pressed: ListType): ListType | null {
  return current === pressed ? null : pressed;
}
