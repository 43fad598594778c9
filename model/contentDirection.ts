/*
 * Materials written right to left (issue 28, point 5): a material whose language (its metadata under
 * `language`, `lang`, `sprache` or `locale`, as the search index and the accessibility report read it)
 * is Arabic, Hebrew, Persian, Urdu or another language written in the Arabic or Hebrew script renders
 * its pages with `dir="rtl"`. The language may be a tag (`ar`, `fa-IR`; `iw` is Hebrew's withdrawn
 * code) or its name in German or English (`Arabisch`, `Hebrew`, `Farsi`).
 */

const LANGUAGE_KEY = /^(language|lang|sprache|locale)$/i;
const RTL_TAG = /^(ar|he|iw|fa|ur|ps|sd|ug|yi|dv|ckb)(-|$)/i;
const RTL_NAMES: Record<string, string> = { arabic: 'ar', arabisch: 'ar', hebrew: 'he', hebräisch: 'he', persian: 'fa', persisch: 'fa', farsi: 'fa', urdu: 'ur' };

/** The material's language tag when it is written right to left, else null. */
export function rtlLanguageOf(metadata: Record<string, string | string[]> = {}): string | null {
  const key = Object.keys(metadata).find((name) => LANGUAGE_KEY.test(name));
  const raw = key ? metadata[key] : '';
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return RTL_TAG.test(value) ? value : (RTL_NAMES[value.toLowerCase()] ?? null);
}
