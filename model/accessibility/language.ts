/*
 * A material's language, as the report reads it: the metadata value under `language`, `lang`,
 * `sprache` or `locale` (the key in any case; the keys the search index reads, server/store/searchText.ts).
 * It is valid as a language tag (BCP 47, as `Intl.getCanonicalLocales` takes it) whose language
 * subtag names a known language (`de`, `en-GB`, `gsw`), or as the name of a language in German or
 * English (`Deutsch`, `English`, `Französisch`), which a catalogue's facet may show as it is.
 */

const LANGUAGE_KEYS = new Set(['language', 'lang', 'sprache', 'locale']);

/** `key`: the metadata key the language was read from (absent when there is none). */
export type LanguageCheck = { state: 'valid'; tag: string } | { state: 'missing'; key?: string } | { state: 'invalid'; key: string; value: string };

let languageNames: Map<string, string> | undefined;

/** Every two-letter language's name in German and English, lower case, to its tag. */
function namesOfLanguages(): Map<string, string> {
  if (languageNames) return languageNames;
  languageNames = new Map();
  for (const locale of ['de', 'en']) {
    const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    for (let a = 0; a < 26; a++) {
      for (let b = 0; b < 26; b++) {
        const code = String.fromCharCode(97 + a, 97 + b);
        const name = names.of(code);
        if (name && name !== code) languageNames.set(name.toLowerCase(), code);
      }
    }
  }
  return languageNames;
}

/** The tag of a language tag or name, or null when it is neither. */
export function languageTagOf(value: string): string | null {
  const text = value.trim();
  const named = namesOfLanguages().get(text.toLowerCase());
  if (named) return named;
  let tag: string;
  try {
    [tag] = Intl.getCanonicalLocales(text);
  } catch {
    return null;
  }
  const language = tag?.split('-')[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(language)) return null;
  return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(language) ? tag : null;
}

export function checkLanguage(metadata: Record<string, string | string[]>): LanguageCheck {
  for (const [key, raw] of Object.entries(metadata)) {
    if (!LANGUAGE_KEYS.has(key.toLowerCase())) continue;
    const value = (Array.isArray(raw) ? raw[0] : raw) ?? '';
    if (!value.trim()) return { state: 'missing', key };
    const tag = languageTagOf(value);
    return tag ? { state: 'valid', tag } : { state: 'invalid', key, value };
  }
  return { state: 'missing' };
}
