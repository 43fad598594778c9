/*
 * The report's judgements of words (./report.ts): an alt text that says nothing, a link name that
 * says nothing out of context, and an exercise text that points at something by its colour alone.
 */

const basename = (path: string) => path.split('/').pop() ?? path;
const withoutExtension = (file: string) => file.replace(/\.[a-z0-9]{2,5}$/i, '');

/** Words that name only that there is an image, and the names cameras and screenshots give files. */
const PLACEHOLDER_ALT = /^(image|img|bild|foto|photo|picture|pic|grafik|graphic|abbildung|figure|screenshot|bildschirmfoto|dsc|dscn|pxl)?[\s_-]*\d*$/i;
const FILE_NAME = /\.(png|jpe?g|gif|webp|avif|svg|bmp|tiff?)$/i;

/**
 * Whether an alt text is no description: the image's file name (with or without its extension), a
 * file name at all, or a placeholder such as "image", "Bild", "img_1234", "DSC_0042".
 */
export function isPlaceholderAlt(alt: string, file: string): boolean {
  const text = alt.trim().toLowerCase();
  const name = basename(file).toLowerCase();
  return text === name || text === withoutExtension(name) || FILE_NAME.test(text) || PLACEHOLDER_ALT.test(text);
}

/** Link names that say nothing of where they lead, in German and English (compared without case and punctuation). */
const VAGUE_LINK_NAMES = new Set([
  'hier', 'hier klicken', 'klicken sie hier', 'klick hier', 'mehr', 'mehr lesen', 'mehr erfahren', 'weiter', 'weiterlesen', 'link', 'dieser link', 'zum link', 'details',
  'here', 'click here', 'click', 'more', 'read more', 'learn more', 'this link', 'this', 'continue', 'go',
]);
const URL_LIKE = /^(https?:\/\/|\/\/|www\.)\S+$/i;

/** Why a link's name fails, or null: `empty`, `vague` ("hier", "click here", "mehr" …) or `url` (the bare address). */
export function vagueLinkName(name: string, href: string): 'empty' | 'vague' | 'url' | null {
  const text = name.replace(/\s+/g, ' ').trim();
  if (!text) return 'empty';
  if (URL_LIKE.test(text) || (href && text === href.trim())) return 'url';
  const words = text.toLowerCase().replace(/[^\p{L}\p{N} ]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return VAGUE_LINK_NAMES.has(words) ? 'vague' : null;
}

const COLOURS_DE = 'rot|grün|gruen|blau|gelb|orange|lila|violett|rosa|pink|braun|grau|schwarz|weiß|weiss|türkis|tuerkis';
const COLOURS_EN = 'red|green|blue|yellow|orange|purple|violet|pink|brown|grey|gray|black|white|turquoise';
/** A German colour adjective with its endings (rot, rote, roten, roter, rotes, rotem). */
const DE = `(?:${COLOURS_DE})(?:e|en|er|es|em)?`;
const EN = `(?:${COLOURS_EN})`;

/**
 * The heuristic for "depends on colour alone" (WCAG 1.4.1): a colour word used to point at
 * something: after an article, demonstrative or preposition ("the red one", "die rote", "den
 * blauen", "in Rot", "im grünen"), or before a word for marking ("rot markiert", "red-marked",
 * "blau hervorgehobene"), or after one ("marked in red", "markiert in Rot"). A colour word in
 * other use ("Rotkehlchen", "red blood cells are …") is not matched, but "the red blood cells" is:
 * the author then names the thing by another property too (its shape, label or place).
 */
const START = '(?<!\\p{L})';
const END = '(?!\\p{L})';
const COLOUR = `(?:${DE}|${EN})`;
const MARKING = '(?:marked|highlighted|coloured|colored|markiert|hervorgehoben|eingefärbt|gefärbt|umrandet)';
const POINTING = new RegExp(
  [
    `${START}(?:the|this|that|der|die|das|den|dem|des|ein|eine|einen|einem|im|in|am|auf|mit|dieser|diese|dieses)\\s+${COLOUR}${END}`,
    `${START}${COLOUR}[\\s-]*${MARKING}`,
    `${START}${MARKING}\\s+(?:in\\s+)?${COLOUR}${END}`,
  ].join('|'),
  'iu',
);

/** The words of `text` that point at something by its colour alone, or null. */
export function colourOnlyReference(text: string): string | null {
  return POINTING.exec(text)?.[0] ?? null;
}
