import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { COLLECTION_SEARCH_DEFAULT_SORT, MATERIAL_SEARCH_DEFAULT_SORT, SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE } from '../model/constants';
import { isPageSize, windowOf, withoutEmptyFilters, type FacetDistribution, type Paging, type SearchParams, type SearchWindow } from './searchParams';

/** What the injected `fetchPage` gets: the search and the window of the page to fetch. */
export type FetchPageInput = SearchParams & SearchWindow;
/** What `fetchPage` answers: the results of the window, how many there are in all, and the facet counts if the search has facets. */
export type SearchPage = {
  results: unknown[];
  total: number;
  facetDistribution?: FacetDistribution;
  /** There are more results than `total` (the server counts up to a cap): "Results (1000+)". */
  totalIsLowerBound?: boolean;
};

export type SearchInput = {
  paging: Paging;
  /** Page size when the initial search names none (default 20). */
  pageSize?: number;
  /** The sort of a fresh search and after a reset (default '': the server's order). */
  defaultSort?: string;
  /** How long typing must pause before the request (default 150 ms). */
  debounceMs?: number;
  /** An empty (blank) query makes no request and gives an empty result (full text, spec section 5). */
  skipEmptyQuery?: boolean;
  /** The search to start with, restored from the URL or the session; what it leaves out takes the defaults. */
  initial?: Partial<SearchParams>;
};

/** The inputs of the three search surfaces (spec section 9), without their initial search. */
export const searchSurfaces = {
  /** The full-text search panel and page: no sort, nothing is fetched for an empty query. */
  fulltext: { paging: 'fulltext', pageSize: SEARCH_PAGE_SIZE, defaultSort: '', skipEmptyQuery: true },
  /** The material grid of a collection. */
  collection: { paging: 'paged', pageSize: SEARCH_PAGE_SIZE, defaultSort: COLLECTION_SEARCH_DEFAULT_SORT },
  /** The material search page, with facets. */
  materials: { paging: 'paged', pageSize: SEARCH_PAGE_SIZE, defaultSort: MATERIAL_SEARCH_DEFAULT_SORT },
} as const satisfies Record<string, SearchInput>;

export type SearchEvent =
  /** Typed into the search field: searched once typing pauses. */
  | { type: 'query.change'; query: string }
  /** Enter in the search field: search now instead of waiting for the pause. */
  | { type: 'query.submit' }
  | { type: 'sort.change'; sort: string }
  /** The values picked for one facet; none removes the facet from the filters. */
  | { type: 'filter.change'; key: string; values: string[] }
  /** Load more: the next page is appended. */
  | { type: 'page.loadMore' }
  /** Reset filters: query, sort and filters back to the defaults. */
  | { type: 'search.reset' }
  /** Repeat the request that failed. */
  | { type: 'search.retry' };

export type SearchContext = {
  params: SearchParams;
  paging: Paging;
  defaultSort: string;
  debounceMs: number;
  skipEmptyQuery: boolean;
  /** Page one replaces them, a next page is appended. */
  results: unknown[];
  total: number;
  /** The server counted up to a cap and there are more: `total` is a lower bound. */
  totalIsLowerBound: boolean;
  facetDistribution: FacetDistribution;
  /** Why the last request failed (state `failed`); null otherwise. */
  error: unknown;
  /** The failed request was a next page (retry appends it) rather than a page that replaces the results. */
  failedAppending: boolean;
};

function initialContext(input: SearchInput): SearchContext {
  const initial = input.initial ?? {};
  const defaultSort = input.defaultSort ?? '';
  const page = initial.page;
  return {
    params: {
      query: initial.query ?? '',
      sort: initial.sort ?? defaultSort,
      filters: withoutEmptyFilters(initial.filters ?? {}),
      lang: initial.lang ?? null,
      pageSize: isPageSize(initial.pageSize, input.paging) ? initial.pageSize : (input.pageSize ?? SEARCH_PAGE_SIZE),
      page: typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : 1,
    },
    paging: input.paging,
    defaultSort,
    debounceMs: input.debounceMs ?? SEARCH_DEBOUNCE_MS,
    skipEmptyQuery: input.skipEmptyQuery ?? false,
    results: [],
    total: 0,
    totalIsLowerBound: false,
    facetDistribution: {},
    error: null,
    failedAppending: false,
  };
}

type Ctx = Pick<SearchContext, 'params' | 'paging' | 'total'>;

/** More results after the shown page: the end of its window is below the total (page × pageSize < total for `paged`). */
export function hasMoreOf({ params, paging, total }: Ctx): boolean {
  const { limit, offset } = windowOf(paging, params.page, params.pageSize);
  return offset + limit < total;
}



/** The search and the window of its page: what `fetchPage` gets. */
export function fetchInputOf({ params, paging }: Pick<SearchContext, 'params' | 'paging'>): FetchPageInput {
  return { ...params, ...windowOf(paging, params.page, params.pageSize) };
}

/** The search after a change (typing, sort, filter, reset): always page 1 again. */
export function paramsAfter({ params, defaultSort }: Pick<SearchContext, 'params' | 'defaultSort'>, event: SearchEvent): SearchParams {
  switch (event.type) {
    case 'query.change':
      return { ...params, query: event.query, page: 1 };
    case 'sort.change':
      return { ...params, sort: event.sort, page: 1 };
    case 'filter.change':
      return { ...params, filters: withoutEmptyFilters({ ...params.filters, [event.key]: [...new Set(event.values)] }), page: 1 };
    case 'search.reset':
      return { ...params, query: '', sort: defaultSort, filters: {}, page: 1 };
    default:
      return params;
  }
}

const fetchPage = fromPromise<SearchPage, FetchPageInput>(async () => {
  throw new Error('fetchPage is not provided');
});
const errorOf = (event: { type: string }) => ('error' in event ? event.error : undefined);

/**
 * One search of the viewer (spec sections 2, 4, 5, 7 and 9): the full-text search, the collection's material
 * grid and the material search page differ only in their input (see `searchSurfaces`). Typing is debounced;
 * any other change reloads page 1 at once; Load more appends the next page; a failed request can be repeated.
 * The glue provides `fetchPage` (it maps `FetchPageInput` onto its call).
 *
 * A request is dropped, answer and all, as soon as the search changes: the changes are transitions of the root
 * into `deciding` or `debouncing`, so they leave `loading` or `loadingMore` even when the search lands there again,
 * and leaving stops the invoked `fetchPage` (its `signal` aborts). An older query's late answer never lands.
 */
export const searchMachine = setup({
  types: {
    input: {} as SearchInput,
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: { fetchPage },
  guards: {
    skipsRequest: ({ context }) => context.skipEmptyQuery && context.params.query.trim() === '',
    clearsWithoutRequest: ({ context, event }) => {
      assertEvent(event, 'query.change');
      return context.skipEmptyQuery && event.query.trim() === '';
    },
    hasMore: ({ context }) => hasMoreOf(context),
    failedAppending: ({ context }) => context.failedAppending,
  },
  actions: {
    changeSearch: assign({ params: ({ context, event }) => paramsAfter(context, event) }),
    nextPage: assign({ params: ({ context }) => ({ ...context.params, page: context.params.page + 1 }) }),
    clearResults: assign({ results: () => [], total: () => 0, totalIsLowerBound: () => false, facetDistribution: () => ({}) }),
    replaceResults: assign(({ context, event }) => {
      if (!('output' in event)) return context;
      const answer = event.output as SearchPage;
      return { results: answer.results, total: answer.total, totalIsLowerBound: answer.totalIsLowerBound ?? false, facetDistribution: answer.facetDistribution ?? {} };
    }),
    appendResults: assign(({ context, event }) => {
      if (!('output' in event)) return context;
      const answer = event.output as SearchPage;
      return {
        results: [...context.results, ...answer.results],
        total: answer.total,
        totalIsLowerBound: answer.totalIsLowerBound ?? false,
        facetDistribution: answer.facetDistribution ?? context.facetDistribution,
      };
    }),
    rememberFailure: assign({ error: ({ event }) => errorOf(event), failedAppending: () => false }),
    rememberFailedNextPage: assign({ error: ({ event }) => errorOf(event), failedAppending: () => true }),
    forgetFailure: assign({ error: () => null, failedAppending: () => false }),
  },
  delays: {
    searchDebounce: ({ context }) => context.debounceMs,
  },
}).createMachine({
  id: 'search',
  description: 'A search with paging: typing is debounced, other changes reload page 1, Load more appends.',
  context: ({ input }) => initialContext(input),
  initial: 'deciding',
  // Changes of the search, taken in whichever state the search is: each goes back to page 1.
  on: {
    'query.change': [
      {
        guard: 'clearsWithoutRequest',
        target: '.deciding',
        actions: 'changeSearch',
        description: 'The query was emptied and empty queries fetch nothing: the results go at once.',
      },
      { target: '.debouncing', actions: 'changeSearch', description: 'Typed: searched once typing pauses (each keystroke starts the wait again).' },
    ],
    'sort.change': { target: '.deciding', actions: 'changeSearch', description: 'Another sort: page 1 again.' },
    'filter.change': { target: '.deciding', actions: 'changeSearch', description: 'Values picked for a facet (none: the facet is dropped): page 1 again.' },
    'search.reset': { target: '.deciding', actions: 'changeSearch', description: 'Reset filters: empty query, default sort, no filters.' },
  },
  states: {
    deciding: {
      description: 'Decides whether the search needs a request.',
      always: [
        { guard: 'skipsRequest', target: 'idle', actions: 'clearResults', description: 'Empty query on a search that fetches nothing for it: an empty result.' },
        { target: 'loading', description: 'Fetch the page.' },
      ],
    },
    idle: {
      description: 'The results of the search show.',
      on: {
        'page.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'nextPage', description: 'Load more: the next page is appended.' },
      },
    },
    debouncing: {
      description: 'Typing: the request waits until no keystroke came for the debounce time.',
      after: { searchDebounce: { target: 'deciding', description: 'Typing paused: search.' } },
      on: { 'query.submit': { target: 'deciding', description: 'Enter: search now.' } },
    },
    loading: {
      description: 'The page is being fetched; it replaces the results.',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => fetchInputOf(context),
        onDone: { target: 'idle', actions: 'replaceResults', description: 'The page replaces the results.' },
        onError: { target: 'failed', actions: 'rememberFailure', description: 'The request failed.' },
      },
    },
    loadingMore: {
      description: 'The next page is being fetched; it is appended to the results.',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => fetchInputOf(context),
        onDone: { target: 'idle', actions: 'appendResults', description: 'The page is appended to the results.' },
        onError: { target: 'failed', actions: 'rememberFailedNextPage', description: 'The request for the next page failed.' },
      },
    },
    failed: {
      description: 'The last request failed; the results shown before stay. Retry repeats it.',
      exit: 'forgetFailure',
      on: {
        'search.retry': [
          { guard: 'failedAppending', target: 'loadingMore', description: 'Retry: the next page again.' },
          { target: 'loading', description: 'Retry: the page again.' },
        ],
      },
    },
  },
});

export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;
type View = Pick<SearchSnapshot, 'value' | 'context'>;

/* Selectors (spec section 3, Search state): plain functions of a snapshot. */

export const isLoading = (snapshot: View): boolean => snapshot.value === 'loading';
export const isLoadingMore = (snapshot: View): boolean => snapshot.value === 'loadingMore';
export const isFailed = (snapshot: View): boolean => snapshot.value === 'failed';
export const hasResults = (snapshot: View): boolean => snapshot.context.results.length > 0;
export const hasMore = (snapshot: View): boolean => hasMoreOf(snapshot.context);
export const hasPrevious = (snapshot: View): boolean => snapshot.context.params.page > 1;
/** The Filter button's count: facets with at least one value picked. */
export const activeFilterCount = (snapshot: View): number => Object.keys(snapshot.context.params.filters).length;
/** A query or a filter is active: the result header shows Results (total) and Reset filters instead of the material count. */
export const isNarrowed = (snapshot: View): boolean => snapshot.context.params.query.trim() !== '' || activeFilterCount(snapshot) > 0;
