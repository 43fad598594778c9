import * as z from 'zod/mini';
import type { SearchParams } from '../../machines/searchParams';
import { SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_CHARS } from '../../model/search';

/*
 * A search in the address (spec section 2: the search state lives in the URL query): `q`, `sort`,
 * `pageSize` and `filters`, each left out while it has its default, so a fresh search has a clean
 * address. Values the address cannot hold (a sort of another surface, a page size out of range, a
 * filter that is no list of texts) are dropped rather than refused: the defaults take their place.
 */

const Filters = z.record(z.string().check(z.regex(/^metadata\./)), z.array(z.string()));

/** The search params a route's `validateSearch` reads, for a surface with these sorts. */
export function urlSearchSchema<const S extends readonly [string, ...string[]]>(sorts: S) {
  return z.object({
    q: z.catch(z.optional(z.string().check(z.maxLength(SEARCH_QUERY_MAX_CHARS))), undefined),
    sort: z.catch(z.optional(z.enum(sorts)), undefined),
    pageSize: z.catch(z.optional(z.int().check(z.minimum(2), z.maximum(SEARCH_LIMIT_MAX))), undefined),
    filters: z.catch(z.optional(Filters), undefined),
  });
}

export type UrlSearch = { q?: string; sort?: string; pageSize?: number; filters?: Record<string, string[]> };

/** The search an address names, for the statechart's `initial`: what it leaves out takes the defaults. */
export function paramsFromUrl(url: UrlSearch): Partial<SearchParams> {
  return { query: url.q ?? '', sort: url.sort, pageSize: url.pageSize, filters: url.filters ?? {} };
}

/** The address of a search: only what differs from the defaults. */
export function urlFromParams(params: SearchParams, defaults: { sort: string; pageSize: number }): UrlSearch {
  return {
    q: params.query || undefined,
    sort: params.sort && params.sort !== defaults.sort ? params.sort : undefined,
    pageSize: params.pageSize !== defaults.pageSize ? params.pageSize : undefined,
    filters: Object.keys(params.filters).length ? params.filters : undefined,
  };
}

/** True when the address names any part of a search. */
export const namesSearch = (url: UrlSearch): boolean => Object.values(url).some((value) => value !== undefined);
