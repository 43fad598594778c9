
/*
 * Text for the search index: what a reader sees of an html fragment or a rich-text document, the
 * text-search configuration of a material's language, the key a title sorts by, and the query the
 * database is asked with.
 */

/** The text-search configurations the index uses (both databases ship them). */
export type SearchConfig = 'german' | 'english' | 'simple';

export { collapseSpace, decodeEntities, htmlToPlainText, richTextToPlainText } from '../../model/plainText';

const LANGUAGE_KEYS = new Set(['language', 'lang', 'sprache', 'locale']);

/**
 * The text-search configuration of a material: by its metadata `language` (or `lang`, `sprache`,
 * `locale`; the key in any case): German (de, deu, deutsch, german, de-CH, …) → german, English
 * (en, eng, english, englisch, en-GB, …) → english, anything else or none → simple (no stemming).
 */
export function searchConfigOf(metadata: Record<string, string | string[]> | undefined): SearchConfig {
  for (const [key, value] of Object.entries(metadata ?? {})) {
    if (!LANGUAGE_KEYS.has(key.toLowerCase())) continue;
    const first = (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase() ?? '';
    if (/^(de|deu|ger|german|deutsch)(?![a-z])/.test(first)) return 'german';
    if (/^(en|eng|english|englisch)(?![a-z])/.test(first)) return 'english';
    return 'simple';
  }
  return 'simple';
}

/** The key a title sorts by on both databases (compared byte by byte): accents dropped, lower case, ß as ss. */
export function titleSortKey(title: string): string {
  return title.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase().trim();
}

/** Most words of a query that are searched for; the rest are ignored. */
export const MAX_QUERY_WORDS = 12;

/**
 * The `to_tsquery` text of what a visitor typed: every word must occur, the last one also as the
 * start of a word (`'haus' & 'garten':*`); null when the query holds no word (nothing to search).
 * Words are runs of letters, marks and digits, so the text holds no operator of its own.
 */
export function tsQueryText(query: string): string | null {
  const words = query.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu)?.slice(0, MAX_QUERY_WORDS) ?? [];
  if (!words.length) return null;
  return words.map((word, i) => `'${word.toLowerCase()}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}
