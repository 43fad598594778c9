import { isHighlight } from '../model/highlight';
import type { ViewerSearch as ViewerSearchParams } from '../src/viewer/viewerSearch';

/*
 * The search params of the viewer's routes (spec section 2), read by hand rather than with a zod
 * schema: a flag's "present means on" needs a transform, and zod's pipe, transform, union and catch
 * would cost the first route a KiB of their own for these params. Same answers as the schema
 * it replaces (tests/routes/search.test.ts).
 */

/** Search params every viewer route understands (src/viewer/viewerSearch.ts). */
export type ViewerSearch = ViewerSearchParams;

const FLAGS = ['hideHeader', 'hideFooter', 'search'] as const;
const TEXTS = ['guestSessionId', 'scrollTo', 'q'] as const;

/** On unless `false`, `'false'`, `0` or `'0'`; anything but a boolean, string or number is dropped. */
function flag(value: unknown): boolean | undefined {
  if (typeof value !== 'boolean' && typeof value !== 'string' && typeof value !== 'number') return undefined;
  return !(value === false || value === 'false' || value === 0 || value === '0');
}

/**
 * The router's `validateSearch`: keeps the params above (a param given with a value it cannot take
 * stays, undefined), drops every other.
 */
export function validateViewerSearch(search: Record<string, unknown>): ViewerSearch {
  const valid: ViewerSearch = {};
  if ('lang' in search) valid.lang = search.lang === 'de' || search.lang === 'en' ? search.lang : undefined;
  for (const key of FLAGS) if (key in search) valid[key] = flag(search[key]);
  for (const key of TEXTS) if (key in search) valid[key] = typeof search[key] === 'string' ? search[key] : undefined;
  if ('highlight' in search) valid.highlight = isHighlight(search.highlight) ? search.highlight : undefined;
  return valid;
}

/** As the root route names it: `validateSearch: ViewerSearch` (the type of the same name is its answer). */
export const ViewerSearch = validateViewerSearch;

/** Params kept on every navigation inside the viewer. */
export const RETAINED_SEARCH = ['lang', 'hideHeader', 'hideFooter', 'guestSessionId'] as const;
