import * as z from 'zod/mini';
import { ALLOWED_LINK_SCHEMES, LINK_URL_MAX_LENGTH, normalizeLinkUrl } from './linkUrl';

/*
 * The rich-text document of annotation notes and comments (issue 12; spec sections 3 and 5): the JSON a
 * ProseMirror/tiptap editor produces (`editor.getJSON()`), limited to the subset below. Not the cloze
 * content of ./richText.ts (a Slate-like tree of authored material); this one is written by learners,
 * so everything about it is bounded and checked.
 *
 *   doc          → paragraph | bulletList | orderedList   (text and hardBreak at the top level are taken
 *                                                         and wrapped in a paragraph by normalizeRichText)
 *   paragraph    → text | hardBreak
 *   bulletList, orderedList (attrs.start) → listItem
 *   listItem     → paragraph | bulletList | orderedList   (lists nest at most RICH_TEXT_LIMITS.maxListDepth)
 *   text marks   bold, italic, underline, strike, highlight (attrs.color: one of HIGHLIGHT_COLORS),
 *                subscript, superscript, gap, link (attrs.href: see normalizeLinkHref)
 *
 * Client and server parse with `RichTextDoc` (zod/mini, like ./common.ts). The server stores
 * `normalizeRichText(doc)` and `richTextToHtml(doc)`: html made from the document alone, never from
 * html of the input, so no script, event handler or `javascript:` link can reach it.
 */

/** The five highlight colours (spec section 9: "5 highlight colours"). */
export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink', 'orange'] as const;
export const HighlightColor = z.enum(HIGHLIGHT_COLORS);
export type HighlightColor = z.infer<typeof HighlightColor>;

/** What a document may hold: a hostile one costs at most this much to parse, store and render. */
export const RICH_TEXT_LIMITS = {
  /** Lists inside lists: a top-level list is depth 1. */
  maxListDepth: 4,
  /** Characters of one text node. */
  maxTextLength: 10_000,
  /** Characters of all text nodes together. */
  maxTotalText: 20_000,
  /** Nodes of the document (every block, list item, text node and hard break; the doc itself not counted). */
  maxNodes: 2_000,
  /** Marks on one text node. */
  maxMarks: 12,
  /** Characters of a link address, as sent and as stored. */
  maxHrefLength: LINK_URL_MAX_LENGTH,
} as const;

/** The attributes every link carries in the html (spec section 5: external links get noopener noreferrer). */
export const LINK_REL = 'noopener noreferrer nofollow';

/**
 * The address a link stores, or null when it may not be one: the link editor's rule
 * (model/linkUrl.ts, spec section 5), whose answer is the URL parser's serialisation, what a
 * browser will follow: host names lower-cased and international ones in punycode
 * (`https://bücher.example` → `https://xn--bcher-kva.example/`), so a look-alike host shows what it is.
 */
export function normalizeLinkHref(raw: string): string | null {
  if (typeof raw !== 'string') return null;
  const result = normalizeLinkUrl(raw);
  return result.ok ? result.href : null;
}

/** The message of a refused link (its key in the viewer's texts is `invalid-url`, spec section 8). */
export const INVALID_URL_MESSAGE = `invalid-url: a link goes to an address of ${ALLOWED_LINK_SCHEMES.join(', ')}`;

export const LinkHref = z.string().check(
  z.maxLength(RICH_TEXT_LIMITS.maxHrefLength, `a link address has at most ${RICH_TEXT_LIMITS.maxHrefLength} characters`),
  z.refine((href) => normalizeLinkHref(href) !== null, INVALID_URL_MESSAGE),
);

// ---------------------------------------------------------------------------------------------------
// Types (written out: the schemas below are built level by level, which TypeScript cannot infer as one type)

export type RichTextMark =
  | { type: 'bold' }
  | { type: 'italic' }
  | { type: 'underline' }
  | { type: 'strike' }
  | { type: 'highlight'; attrs?: { color?: HighlightColor | null } }
  | { type: 'subscript' }
  | { type: 'superscript' }
  | { type: 'gap' }
  | { type: 'link'; attrs: { href: string; target?: string | null; rel?: string | null; class?: string | null } };
export type RichTextMarkType = RichTextMark['type'];

export interface RichTextText {
  type: 'text';
  text: string;
  marks?: RichTextMark[];
}
export interface RichTextHardBreak {
  type: 'hardBreak';
  marks?: RichTextMark[];
}
export type RichTextInline = RichTextText | RichTextHardBreak;
export interface RichTextParagraph {
  type: 'paragraph';
  content?: RichTextInline[];
}
export interface RichTextListItem {
  type: 'listItem';
  content?: (RichTextParagraph | RichTextList)[];
}
export interface RichTextBulletList {
  type: 'bulletList';
  content?: RichTextListItem[];
}
export interface RichTextOrderedList {
  type: 'orderedList';
  attrs?: { start?: number; type?: string | null };
  content?: RichTextListItem[];
}
export type RichTextList = RichTextBulletList | RichTextOrderedList;
export type RichTextBlock = RichTextParagraph | RichTextList;
export interface RichTextDoc {
  type: 'doc';
  content?: (RichTextBlock | RichTextInline)[];
}

// ---------------------------------------------------------------------------------------------------
// Schemas

const ShortAttr = z.optional(z.nullable(z.string().check(z.maxLength(200))));
const plainMark = <T extends string>(type: T) => z.strictObject({ type: z.literal(type) });

export const RichTextMarkSchema = z.discriminatedUnion(
  'type',
  [
    plainMark('bold'),
    plainMark('italic'),
    plainMark('underline'),
    plainMark('strike'),
    z.strictObject({ type: z.literal('highlight'), attrs: z.optional(z.strictObject({ color: z.optional(z.nullable(HighlightColor)) })) }),
    plainMark('subscript'),
    plainMark('superscript'),
    plainMark('gap'),
    // target, rel and class as tiptap's link extension sends them: accepted, and replaced by our own in the html.
    z.strictObject({ type: z.literal('link'), attrs: z.strictObject({ href: LinkHref, target: ShortAttr, rel: ShortAttr, class: ShortAttr }) }),
  ],
  { error: 'a mark is bold, italic, underline, strike, highlight, subscript, superscript, gap or link' },
);

const Marks = z.optional(z.array(RichTextMarkSchema).check(z.maxLength(RICH_TEXT_LIMITS.maxMarks, `a text has at most ${RICH_TEXT_LIMITS.maxMarks} marks`)));
const RichTextTextSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string().check(z.maxLength(RICH_TEXT_LIMITS.maxTextLength, `a text node has at most ${RICH_TEXT_LIMITS.maxTextLength} characters`)),
  marks: Marks,
});
const RichTextHardBreakSchema = z.strictObject({ type: z.literal('hardBreak'), marks: Marks });
const nodeList = <T extends z.core.SomeType>(node: T) =>
  z.optional(z.array(node).check(z.maxLength(RICH_TEXT_LIMITS.maxNodes, `a document holds at most ${RICH_TEXT_LIMITS.maxNodes} nodes`)));

const Inline = z.discriminatedUnion('type', [RichTextTextSchema, RichTextHardBreakSchema], { error: 'inline content is text or hardBreak' });
const Paragraph = z.strictObject({ type: z.literal('paragraph'), content: nodeList(Inline) });

/** A list at `depth` (1: top level); its items hold lists only below maxListDepth. */
function listSchemas(depth: number): [z.ZodMiniType<RichTextBulletList>, z.ZodMiniType<RichTextOrderedList>] {
  const nested = depth < RICH_TEXT_LIMITS.maxListDepth ? listSchemas(depth + 1) : null;
  const itemContent = nested
    ? z.discriminatedUnion('type', [Paragraph, ...nested] as unknown as [typeof Paragraph], {
        error: 'a list item holds paragraphs and lists',
      })
    : z.discriminatedUnion('type', [Paragraph], { error: `a list item holds paragraphs (lists nest at most ${RICH_TEXT_LIMITS.maxListDepth} deep)` });
  const ListItem = z.strictObject({ type: z.literal('listItem'), content: nodeList(itemContent) });
  const items = nodeList(z.discriminatedUnion('type', [ListItem], { error: 'a list holds list items' }));
  return [
    z.strictObject({ type: z.literal('bulletList'), content: items }) as unknown as z.ZodMiniType<RichTextBulletList>,
    z.strictObject({
      type: z.literal('orderedList'),
      attrs: z.optional(z.strictObject({ start: z.optional(z.int().check(z.minimum(0), z.maximum(1_000_000))), type: ShortAttr })),
      content: items,
    }) as unknown as z.ZodMiniType<RichTextOrderedList>,
  ];
}

const [TopBulletList, TopOrderedList] = listSchemas(1);
const TopLevel = z.discriminatedUnion(
  'type',
  [Paragraph, TopBulletList, TopOrderedList, RichTextTextSchema, RichTextHardBreakSchema] as unknown as [typeof Paragraph],
  { error: 'a document holds paragraph, bulletList and orderedList blocks' },
);

/** The size of a document: its nodes and the characters of its text. */
export function richTextSize(doc: RichTextDoc): { nodes: number; text: number } {
  let nodes = 0;
  let text = 0;
  const visit = (node: { type: string; text?: string; content?: unknown[] }) => {
    nodes++;
    if (node.type === 'text') text += node.text?.length ?? 0;
    for (const child of node.content ?? []) visit(child as { type: string });
  };
  for (const node of doc.content ?? []) visit(node);
  return { nodes, text };
}

/** Whether a document's text is within the limit a stored note or comment has (what the editor's counter counts). */
export const withinTextLimit = (doc: RichTextDoc | null | undefined): boolean => !doc || richTextSize(doc).text <= RICH_TEXT_LIMITS.maxTotalText;

/** A rich-text document as an editor sends it; `normalizeRichText` gives the form that is stored. */
export const RichTextDoc: z.ZodMiniType<RichTextDoc> = z
  .strictObject({ type: z.literal('doc'), content: nodeList(TopLevel) })
  .check(
    z.superRefine((doc, ctx) => {
      const size = richTextSize(doc as RichTextDoc);
      if (size.nodes > RICH_TEXT_LIMITS.maxNodes) {
        ctx.issues.push({ code: 'custom', input: doc, path: ['content'], message: `a document holds at most ${RICH_TEXT_LIMITS.maxNodes} nodes` });
      }
      if (size.text > RICH_TEXT_LIMITS.maxTotalText) {
        ctx.issues.push({ code: 'custom', input: doc, path: ['content'], message: `a document holds at most ${RICH_TEXT_LIMITS.maxTotalText} characters of text` });
      }
    }),
  ) as unknown as z.ZodMiniType<RichTextDoc>;

// ---------------------------------------------------------------------------------------------------
// Normalisation

/** The order marks are kept in (outermost first in the html): the same marks always give the same JSON. */
const MARK_ORDER: readonly RichTextMarkType[] = ['link', 'bold', 'italic', 'underline', 'strike', 'highlight', 'subscript', 'superscript', 'gap'];
/** Marks that exclude each other (spec section 4, Link editor): only the last of a group stays. */
const MARK_GROUP: Partial<Record<RichTextMarkType, string>> = {
  underline: 'line',
  strike: 'line',
  subscript: 'script',
  superscript: 'script',
  gap: 'script',
};

/** Marks with exclusions resolved (the last one of underline/strike, of the highlights, of sub/sup/gap wins), in canonical order and form. */
export function normalizeMarks(marks: readonly RichTextMark[] | undefined): RichTextMark[] {
  const byGroup = new Map<string, RichTextMark>();
  for (const mark of marks ?? []) {
    let clean: RichTextMark | null;
    if (mark.type === 'link') {
      const href = normalizeLinkHref(mark.attrs.href);
      clean = href === null ? null : { type: 'link', attrs: { href } };
    } else if (mark.type === 'highlight') {
      clean = { type: 'highlight', attrs: { color: mark.attrs?.color ?? 'yellow' } };
    } else {
      clean = { type: mark.type } as RichTextMark;
    }
    if (!clean) continue;
    const group = MARK_GROUP[mark.type] ?? mark.type;
    // Deleted first, so that the map's order is that of the last occurrence; the order is then made canonical anyway.
    byGroup.delete(group);
    byGroup.set(group, clean);
  }
  return [...byGroup.values()].sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type));
}

const sameMarks = (a: readonly RichTextMark[], b: readonly RichTextMark[]) => JSON.stringify(a) === JSON.stringify(b);

function normalizeInline(nodes: readonly RichTextInline[]): RichTextInline[] {
  const out: RichTextInline[] = [];
  for (const node of nodes) {
    if (node.type === 'hardBreak') {
      out.push({ type: 'hardBreak' });
      continue;
    }
    if (node.text === '') continue;
    const marks = normalizeMarks(node.marks);
    const previous = out[out.length - 1];
    if (previous?.type === 'text' && sameMarks(previous.marks ?? [], marks)) {
      previous.text += node.text;
      continue;
    }
    out.push(marks.length ? { type: 'text', text: node.text, marks } : { type: 'text', text: node.text });
  }
  return out.flatMap(withinNodeLength);
}

/**
 * A text node longer than a stored one may be (RICH_TEXT_LIMITS.maxTextLength) as adjacent nodes with
 * the same marks, each within it, so a long paragraph is stored (only the document's total is the
 * learner's limit). Never between the two halves of a surrogate pair. An editor merges them again on
 * load, and normalising splits them the same way, so the stored form stays the same.
 */
function withinNodeLength(node: RichTextInline): RichTextInline[] {
  if (node.type !== 'text' || node.text.length <= RICH_TEXT_LIMITS.maxTextLength) return [node];
  const parts: RichTextInline[] = [];
  for (let start = 0; start < node.text.length; ) {
    let end = Math.min(start + RICH_TEXT_LIMITS.maxTextLength, node.text.length);
    if (end < node.text.length && /[\uD800-\uDBFF]/.test(node.text[end - 1])) end--;
    parts.push({ ...node, text: node.text.slice(start, end) });
    start = end;
  }
  return parts;
}

const paragraphOf = (inline: readonly RichTextInline[]): RichTextParagraph => {
  const content = normalizeInline(inline);
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
};

function normalizeList(list: RichTextList): RichTextList | null {
  const items = (list.content ?? []).map((item): RichTextListItem => {
    const blocks = normalizeBlocks(item.content ?? []);
    // A list item starts with a paragraph (ProseMirror's `paragraph block*`).
    if (blocks[0]?.type !== 'paragraph') blocks.unshift({ type: 'paragraph' });
    return { type: 'listItem', content: blocks };
  });
  if (!items.length) return null;
  if (list.type === 'bulletList') return { type: 'bulletList', content: items };
  const start = list.attrs?.start;
  return start !== undefined && start !== 1 ? { type: 'orderedList', attrs: { start }, content: items } : { type: 'orderedList', content: items };
}

function normalizeBlocks(nodes: readonly (RichTextBlock | RichTextInline)[]): RichTextBlock[] {
  const out: RichTextBlock[] = [];
  let pending: RichTextInline[] = [];
  const flush = () => {
    if (pending.length) {
      const paragraph = paragraphOf(pending);
      if (paragraph.content) out.push(paragraph);
    }
    pending = [];
  };
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'hardBreak') {
      pending.push(node);
      continue;
    }
    flush();
    if (node.type === 'paragraph') out.push(paragraphOf(node.content ?? []));
    else {
      const list = normalizeList(node);
      if (list) out.push(list);
    }
  }
  flush();
  return out;
}

/**
 * The stored form of a document (spec section 5): at least one block; text and hard breaks at the top
 * level wrapped in a paragraph; only paragraph, bulletList and orderedList at the top level; every list
 * item starting with a paragraph; empty lists and empty text nodes dropped, neighbouring text with the same
 * marks joined; marks resolved and ordered by `normalizeMarks`; links as `normalizeLinkHref` gives them;
 * attributes other than a highlight's colour, a link's href and an ordered list's start dropped.
 * Idempotent: a normalised document comes back equal.
 */
export function normalizeRichText(doc: RichTextDoc): RichTextDoc {
  const content = normalizeBlocks(doc.content ?? []);
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}

/** True when the document holds no visible text (only whitespace, hard breaks, empty paragraphs and lists). */
export function isEmptyRichText(doc: RichTextDoc): boolean {
  const hasText = (nodes: readonly { type: string; text?: string; content?: unknown[] }[] | undefined): boolean =>
    (nodes ?? []).some((node) => (node.type === 'text' ? /\S/.test(node.text ?? '') : hasText(node.content as { type: string }[] | undefined)));
  return !hasText(doc.content);
}

/** An empty document (one empty paragraph). */
export const emptyRichText = (): RichTextDoc => ({ type: 'doc', content: [{ type: 'paragraph' }] });

// ---------------------------------------------------------------------------------------------------
// Html

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values as html: the five characters that could end them are escaped. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

function markTags(mark: RichTextMark): [string, string] {
  switch (mark.type) {
    case 'link': {
      // normalizeMarks let only valid addresses through; checked once more where it becomes html.
      const href = normalizeLinkHref(mark.attrs.href);
      return href === null ? ['', ''] : [`<a href="${escapeHtml(href)}" target="_blank" rel="${LINK_REL}">`, '</a>'];
    }
    case 'bold':
      return ['<strong>', '</strong>'];
    case 'italic':
      return ['<em>', '</em>'];
    case 'underline':
      return ['<u>', '</u>'];
    case 'strike':
      return ['<s>', '</s>'];
    case 'highlight': {
      const color = HIGHLIGHT_COLORS.includes(mark.attrs?.color as HighlightColor) ? (mark.attrs?.color as HighlightColor) : 'yellow';
      return [`<mark data-color="${color}">`, '</mark>'];
    }
    case 'subscript':
      return ['<sub>', '</sub>'];
    case 'superscript':
      return ['<sup>', '</sup>'];
    case 'gap':
      return ['<span data-gap="">', '</span>'];
  }
}

function inlineHtml(nodes: readonly RichTextInline[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '<br>';
      const tags = (node.marks ?? []).map(markTags);
      return tags.map(([open]) => open).join('') + escapeHtml(node.text) + tags.map(([, close]) => close).reverse().join('');
    })
    .join('');
}

function blockHtml(block: RichTextBlock): string {
  if (block.type === 'paragraph') return `<p>${inlineHtml(block.content)}</p>`;
  const items = (block.content ?? []).map((item) => `<li>${(item.content ?? []).map(blockHtml).join('')}</li>`).join('');
  if (block.type === 'bulletList') return `<ul>${items}</ul>`;
  const start = block.attrs?.start;
  return start !== undefined && start !== 1 ? `<ol start="${Math.trunc(start)}">${items}</ol>` : `<ol>${items}</ol>`;
}

/**
 * The html of a document (normalised first): p, ul, ol (start), li, strong, em, u, s, mark (data-color), sub,
 * sup, span (data-gap), a (href, target _blank, rel noopener noreferrer nofollow) and br, every text escaped.
 * Made from the document's structure alone: nothing of the input becomes markup.
 */
export function richTextToHtml(doc: RichTextDoc): string {
  return (normalizeRichText(doc).content as RichTextBlock[]).map(blockHtml).join('');
}

/** The text of a document, blocks separated by a newline (for previews and plain-text exports). */
export function richTextToPlainText(doc: RichTextDoc): string {
  const lines: string[] = [];
  const visit = (block: RichTextBlock) => {
    if (block.type === 'paragraph') lines.push((block.content ?? []).map((n) => (n.type === 'text' ? n.text : '\n')).join(''));
    else for (const item of block.content ?? []) for (const child of item.content ?? []) visit(child);
  };
  for (const block of normalizeRichText(doc).content as RichTextBlock[]) visit(block);
  return lines.join('\n');
}
