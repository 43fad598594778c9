/*
 * What the `highlight` search param marks on a page (spec section 2). Pure: the route reads it, the
 * full-text search writes it, the viewer marks with its pattern (src/viewer/scrollToTarget.ts).
 */

/**
 * A text, marked wherever it occurs in any case (a link written by hand, or before the search named
 * its words); or the words a full-text search matched (FulltextHit.matchedWords, found by their stems:
 * "Wasserwerke" finds "Wasserwerk"), each marked as a whole word in any case.
 */
export type Highlight = string | readonly string[];

export const isHighlight = (value: unknown): value is Highlight =>
  typeof value === 'string' || (Array.isArray(value) && value.every((word) => typeof word === 'string'));

/** One value for a highlight, for effects that run again only when it changes (a list is a new array on every parse). */
export const highlightKey = (highlight: Highlight | undefined): string | undefined =>
  highlight === undefined || typeof highlight === 'string' ? highlight : JSON.stringify(highlight);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Not a letter, mark or digit on either side: a whole word. */
const WORD_EDGE = '[\\p{L}\\p{M}\\p{N}]';

/** What a highlight marks, as a global pattern; null when it is blank. */
export function highlightPattern(highlight: Highlight): RegExp | null {
  if (typeof highlight === 'string') {
    const text = highlight.trim();
    return text ? new RegExp(escapeRegExp(text), 'giu') : null;
  }
  // The longest first: of two forms that start alike, the longer is marked whole.
  const words = highlight.map((word) => word.trim()).filter(Boolean).sort((a, b) => b.length - a.length);
  return words.length ? new RegExp(`(?<!${WORD_EDGE})(?:${words.map(escapeRegExp).join('|')})(?!${WORD_EDGE})`, 'giu') : null;
}
