const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '',
  auml: 'ä', ouml: 'ö', uuml: 'ü', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü', szlig: 'ß',
  laquo: '«', raquo: '»', bdquo: '„', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', sbquo: '‚',
  ndash: '–', mdash: '—', hellip: '…', euro: '€', copy: '©', reg: '®', deg: '°', middot: '·', bull: '•',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body] ?? entity;
  });
}

const BLOCK_END = /<\/(p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|table|section|article)\s*>|<br\s*\/?>/gi;

/**
 * The paragraphs of an html fragment as plain text, for the PDF (never for the DOM): block ends
 * and `<br>` end a paragraph, list items get a bullet, tags are dropped, entities decoded and
 * whitespace collapsed. Empty paragraphs are left out.
 */
export function htmlToParagraphs(html: string): string[] {
  const marked = html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<li(\s[^>]*)?>/gi, '\n• ')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(marked)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && line !== '•');
}
