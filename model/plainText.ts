import type { RichTextNode } from './richText';

/* What a reader sees of an html fragment or a rich-text document, as plain text (search, learning records). */

/** Tags whose end separates words ("<p>a</p><p>b</p>" reads "a b"); every other tag joins ("Ha<b>us</b>"). */
const BREAKING_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'img', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section',
  'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '', ensp: ' ', emsp: ' ', thinsp: ' ', zwnj: '', zwj: '',
  auml: 'ä', ouml: 'ö', uuml: 'ü', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü', szlig: 'ß', eacute: 'é', egrave: 'è', agrave: 'à', ccedil: 'ç',
  ndash: '–', mdash: '—', hellip: '…', laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', bdquo: '„', ldquo: '“', rdquo: '”',
  sbquo: '‚', lsquo: '‘', rsquo: '’', euro: '€', copy: '©', reg: '®', trade: '™', times: '×', divide: '÷', middot: '·',
  bull: '•', deg: '°', sect: '§', para: '¶', plusmn: '±', frac12: '½', frac14: '¼', frac34: '¾', sup2: '²', sup3: '³', micro: 'µ',
};

/** A comment, a script or style element with its content, or one tag (attribute values may hold ">"). */
const MARKUP =
  /<!--[^]*?-->|<(script|style)\b[^>]*>[^]*?<\/\1\s*>|<\/?([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
const ENTITY = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g;

/** Replaces the character references of html text by the characters (unknown names stay as written). */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

/** White space runs become one space; the ends are trimmed. */
export function collapseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text of an html fragment as a reader sees it: no tags, entities decoded, white space collapsed. */
export function htmlToPlainText(html: string): string {
  const text = html.replace(MARKUP, (_whole, _raw: string | undefined, tag: string | undefined) =>
    tag && BREAKING_TAGS.has(tag.toLowerCase()) ? ' ' : tag ? '' : ' ',
  );
  return collapseSpace(decodeEntities(text));
}

/** The text of a rich-text document without its gaps (a gap's solutions are the answer, not content). */
export function richTextToPlainText(nodes: readonly RichTextNode[]): string {
  const parts: string[] = [];
  const visit = (node: RichTextNode, inBlock: string[]) => {
    if ('text' in node) {
      inBlock.push(node.text);
      return;
    }
    if (node.type === 'gap') {
      inBlock.push(' ');
      return;
    }
    for (const child of node.children) visit(child, inBlock);
    if (node.type === 'p' || node.type === 'li' || node.type === 'h1') inBlock.push(' ');
  };
  for (const block of nodes) {
    const inBlock: string[] = [];
    visit(block, inBlock);
    parts.push(inBlock.join(''));
  }
  return collapseSpace(parts.join(' '));
}
