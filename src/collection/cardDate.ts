import { dateLocale } from '../../i18n';
import type { Lang } from '../../model/pageData';

const formats = new Map<Lang, Intl.DateTimeFormat>();

/** Cards show dd.mm.yyyy; one formatter per language, as making one costs more than formatting a grid's dates. */
export function formatCardDate(iso: string | undefined, lang: Lang): string {
  if (!iso) return '';
  let format = formats.get(lang);
  if (!format) formats.set(lang, (format = new Intl.DateTimeFormat(dateLocale(lang), { day: '2-digit', month: '2-digit', year: 'numeric' })));
  return format.format(new Date(iso));
}
