/** What the layout needs of a font (pdf-lib's PDFFont has both). */
export type MeasuringFont = {
  widthOfTextAtSize(text: string, size: number): number;
  getCharacterSet(): number[];
};

/** Characters that draw nothing or only a break chance: always left out or made a plain space. */
const INVISIBLE: Record<string, string> = { '\u00ad': '', '\u200b': '', '\u200c': '', '\u200d': '', '\u2060': '', '\ufeff': '', '\t': ' ' };

/** Stand-ins for characters the font lacks. */
const FALLBACKS: Record<string, string> = {
  '\u2192': '->', '\u2190': '<-', '\u21d2': '=>', '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u2012': '-',
  '\u2043': '-', '\u2009': ' ', '\u200a': ' ', '\u202f': '\u00a0', '\u2007': '\u00a0',
  '\u2002': ' ', '\u2003': ' ', '\u2264': '<=', '\u2265': '>=', '\u2248': '~', '\u2260': '!=',
  // Letters with a stroke have no decomposition into letter and accent.
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't', ı: 'i',
};

const characterSets = new WeakMap<MeasuringFont, Set<number>>();

function supported(font: MeasuringFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/**
 * `text` in NFC with every character the font cannot draw replaced: a known stand-in (`→` becomes
 * `->`), else its letters without accents, else `?`. Soft hyphens and zero-width characters are
 * left out whatever the font has. A standard font throws on a character it lacks, an embedded one
 * would draw an empty box.
 */
export function fitText(text: string, font: MeasuringFont): string {
  const set = supported(font);
  const has = (char: string) => set.has(char.codePointAt(0)!);
  let result = '';
  for (const char of text.normalize('NFC')) {
    if (char in INVISIBLE) result += INVISIBLE[char];
    else if (has(char)) result += char;
    else if (char in FALLBACKS) result += [...FALLBACKS[char]].filter(has).join('');
    else if (/\s/.test(char)) result += ' ';
    else {
      const base = [...char.normalize('NFKD')].filter((c) => has(c) && !/[\u0300-\u036f]/.test(c)).join('');
      result += base || '?';
    }
  }
  return result;
}

/** Splits a word wider than `width` into pieces that fit. */
function breakWord(word: string, font: MeasuringFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && font.widthOfTextAtSize(piece + char, size) > width) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** White space a line may break at: any but the no-break spaces. */
const BREAKING_SPACE = /[^\S\u00a0\u2007\u202f]+/;

/**
 * Greedy word wrap of one paragraph into lines no wider than `width` points, measured with `font`;
 * no-break spaces hold their words together. Blank text gives no lines.
 */
export function wrapText(text: string, font: MeasuringFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(BREAKING_SPACE).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    const pieces = font.widthOfTextAtSize(word, size) <= width ? [word] : breakWord(word, font, size, width);
    line = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  if (line) lines.push(line);
  return lines;
}
