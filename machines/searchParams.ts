/*
 * What a search asks for and which part of the results a page is (spec sections 3 and 7): plain data and
 * pure functions, shared by the search statechart and the glue that maps them onto the calls.
 */

/** Values picked per facet, keyed like the facets (`metadata.<name>`). A key is present only with at least one value. */
export type SearchFilters = Record<string, string[]>;
/** Result count per value of each facet (spec section 3, rawResponse.facetDistribution). */
export type FacetDistribution = Record<string, Record<string, number>>;

/** What is searched for (spec section 3, Search params). `sort` '' leaves the order to the server (full text has no sort). */
export type SearchParams = {
  query: string;
  sort: string;
  filters: SearchFilters;
  lang: string | null;
  pageSize: number;
  /** The page shown last, from 1. */
  page: number;
};

/** Which part of the results a call asks for. */
export type SearchWindow = { limit: number; offset: number };
/** How pages map to windows: `fulltext` (the full-text rule of spec section 7) or `paged` (the collection material search). */
export type Paging = 'paged' | 'fulltext';

/** Collection and material search (spec section 7): limit = pageSize, offset = (page − 1) × pageSize. */
export function pagedWindow(page: number, pageSize: number): SearchWindow {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/**
 * Full-text search (spec section 7): limit is pageSize − 1 on page one and pageSize afterwards; offset is
 * (page − 1) × limit, minus 1 after page one. The windows follow each other without gap or overlap.
 */
export function fulltextWindow(page: number, pageSize: number): SearchWindow {
  if (page === 1) return { limit: pageSize - 1, offset: 0 };
  return { limit: pageSize, offset: (page - 1) * pageSize - 1 };
}

export function windowOf(paging: Paging, page: number, pageSize: number): SearchWindow {
  return paging === 'fulltext' ? fulltextWindow(page, pageSize) : pagedWindow(page, pageSize);
}

/** The smallest page size whose windows are not empty (full text asks for pageSize − 1 on page one). */
export function minPageSizeOf(paging: Paging): number {
  return paging === 'fulltext' ? 2 : 1;
}

/** A page size the paging can serve: a whole number, at least the minimum. */
export function isPageSize(value: unknown, paging: Paging): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= minPageSizeOf(paging);
}

/** The filters without facets that have no value picked. */
export function withoutEmptyFilters(filters: SearchFilters): SearchFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, values]) => values.length > 0));
}
