import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE } from '../../model/constants';
import {
  activeFilterCount, hasMore, hasPrevious, hasResults, isFailed, isLoading, isLoadingMore, isNarrowed, searchMachine, searchSurfaces,
  type FetchPageInput, type SearchContext, type SearchEvent, type SearchInput, type SearchPage,
} from '../../machines/search';
import { fulltextWindow, pagedWindow, windowOf, type SearchParams } from '../../machines/searchParams';
import { itWalks, pathsOf, runPath } from './walkMachine';

const DONE = 'xstate.done.actor.fetchPage';
const ERROR = 'xstate.error.actor.fetchPage';
const DEBOUNCE = 'xstate.after.searchDebounce.search.debouncing';

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

type Call = { input: FetchPageInput; signal: AbortSignal; resolve: (page: SearchPage) => void; reject: (error: unknown) => void };

function harness() {
  const calls: Call[] = [];
  const machine = searchMachine.provide({
    actors: {
      fetchPage: fromPromise<SearchPage, FetchPageInput>(
        ({ input, signal }) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const start = (input: SearchInput) => createActor(machine, { input }).start();
  return { machine, calls, start, last: () => calls[calls.length - 1] };
}

const page = (ids: string[], total: number): SearchPage => ({ results: ids.map((id) => ({ id })), total });
const ids = (context: SearchContext) => context.results.map((r) => (r as { id: string }).id);
const range = (from: number, count: number, prefix = 'r') => Array.from({ length: count }, (_, i) => `${prefix}${from + i}`);

describe('limit and offset (spec section 7)', () => {
  it('full text: limit pageSize − 1 on page one, pageSize afterwards; offset (page − 1) × limit, minus 1 after page one', () => {
    expect(fulltextWindow(1, 20)).toEqual({ limit: 19, offset: 0 });
    expect(fulltextWindow(2, 20)).toEqual({ limit: 20, offset: 19 });
    expect(fulltextWindow(3, 20)).toEqual({ limit: 20, offset: 39 });
  });

  it('collection material search: offset (page − 1) × pageSize', () => {
    expect(pagedWindow(1, 20)).toEqual({ limit: 20, offset: 0 });
    expect(pagedWindow(2, 20)).toEqual({ limit: 20, offset: 20 });
    expect(pagedWindow(3, 20)).toEqual({ limit: 20, offset: 40 });
  });

  it('each window starts where the one before ended', () => {
    for (const paging of ['paged', 'fulltext'] as const) {
      for (const size of [2, 7, 20]) {
        for (let p = 1; p < 6; p += 1) {
          const here = windowOf(paging, p, size);
          expect(windowOf(paging, p + 1, size).offset).toBe(here.offset + here.limit);
        }
      }
    }
  });
});

describe('search machine behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads page 1 at once with the surface’s defaults (spec section 9)', () => {
    const h = harness();
    const collection = h.start(searchSurfaces.collection);
    expect(collection.getSnapshot().value).toBe('loading');
    expect(h.last().input).toEqual({ query: '', sort: 'order:asc', filters: {}, lang: null, pageSize: SEARCH_PAGE_SIZE, page: 1, limit: 20, offset: 0 });
    h.start(searchSurfaces.materials);
    expect(h.last().input).toMatchObject({ sort: 'created_at:desc', pageSize: 20, limit: 20, offset: 0 });
  });

  it('restores the initial search, dropping what is not a search: empty facets, a bad page or page size', () => {
    const h = harness();
    h.start({ ...searchSurfaces.materials, initial: { query: 'cells', filters: { 'metadata.level': ['A1'], 'metadata.topic': [] }, page: 2, lang: 'en' } });
    expect(h.last().input).toEqual({
      query: 'cells', sort: 'created_at:desc', filters: { 'metadata.level': ['A1'] }, lang: 'en', pageSize: 20, page: 2, limit: 20, offset: 20,
    });
    h.start({ ...searchSurfaces.fulltext, initial: { query: 'x', page: 0, pageSize: 1 } });
    expect(h.last().input).toMatchObject({ page: 1, pageSize: 20, limit: 19, offset: 0 });
  });

  it('full text with an empty query makes no request and shows an empty result (spec section 5)', async () => {
    const h = harness();
    const actor = h.start({ ...searchSurfaces.fulltext, initial: { query: '   ' } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(h.calls).toHaveLength(0);
    actor.send({ type: 'query.change', query: 'cell' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    h.last().resolve(page(['a', 'b'], 2));
    await settle();
    expect(ids(actor.getSnapshot().context)).toEqual(['a', 'b']);
    actor.send({ type: 'query.change', query: '' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ results: [], total: 0, facetDistribution: {} });
    actor.send({ type: 'filter.change', key: 'metadata.level', values: ['A1'] });
    actor.send({ type: 'search.reset' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 10);
    expect(h.calls).toHaveLength(1);
  });

  it(`debounce: keystrokes closer than ${SEARCH_DEBOUNCE_MS} ms make one request, for the last query`, () => {
    const h = harness();
    const actor = h.start({ ...searchSurfaces.fulltext, initial: { query: '' } });
    for (const query of ['p', 'ph', 'pho', 'phot']) {
      actor.send({ type: 'query.change', query });
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    }
    expect(h.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('debouncing');
    vi.advanceTimersByTime(1);
    expect(h.calls.map((c) => c.input.query)).toEqual(['phot']);
    actor.send({ type: 'query.change', query: 'photo' });
    actor.send({ type: 'query.submit' });
    expect(h.calls.map((c) => c.input.query)).toEqual(['phot', 'photo']);
  });

  it('page 1 replaces the results, Load more appends the next page, only while there is more', async () => {
    const h = harness();
    const actor = h.start(searchSurfaces.collection);
    h.last().resolve({ ...page(range(0, 20), 45), facetDistribution: { 'metadata.level': { A1: 45 } } });
    await settle();
    expect(hasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'page.loadMore' });
    expect(isLoadingMore(actor.getSnapshot())).toBe(true);
    expect(h.last().input).toMatchObject({ page: 2, limit: 20, offset: 20 });
    h.last().resolve(page(range(20, 20), 45));
    await settle();
    actor.send({ type: 'page.loadMore' });
    expect(h.last().input).toMatchObject({ page: 3, limit: 20, offset: 40 });
    h.last().resolve(page(range(40, 5), 45));
    await settle();
    const snapshot = actor.getSnapshot();
    expect(ids(snapshot.context)).toEqual(range(0, 45));
    expect(snapshot.context.facetDistribution).toEqual({ 'metadata.level': { A1: 45 } });
    expect([hasMore(snapshot), hasPrevious(snapshot), hasResults(snapshot)]).toEqual([false, true, true]);
    actor.send({ type: 'page.loadMore' });
    expect(h.calls).toHaveLength(3);
    actor.send({ type: 'sort.change', sort: 'title:asc' });
    expect(h.last().input).toMatchObject({ sort: 'title:asc', page: 1, offset: 0 });
    h.last().resolve(page(['t1'], 1));
    await settle();
    expect(ids(actor.getSnapshot().context)).toEqual(['t1']);
    expect(hasPrevious(actor.getSnapshot())).toBe(false);
  });

  it('keeps whether the total is a lower bound (the server stopped counting), from each answer; an emptied query clears it', async () => {
    const h = harness();
    const actor = h.start({ ...searchSurfaces.fulltext, initial: { query: 'wasser' } });
    h.last().resolve({ ...page(range(0, 19), 1000), totalIsLowerBound: true });
    await settle();
    expect(actor.getSnapshot().context.totalIsLowerBound).toBe(true);
    actor.send({ type: 'page.loadMore' });
    h.last().resolve({ ...page(range(19, 20), 1000), totalIsLowerBound: true });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ total: 1000, totalIsLowerBound: true });
    actor.send({ type: 'query.change', query: 'wasserkreislauf' });
    actor.send({ type: 'query.submit' });
    h.last().resolve(page(['x'], 1));
    await settle();
    expect(actor.getSnapshot().context.totalIsLowerBound).toBe(false);
    actor.send({ type: 'query.change', query: ' ' });
    expect(actor.getSnapshot().context).toMatchObject({ total: 0, totalIsLowerBound: false });
  });

  it('full text pages through every result although page one holds one less', async () => {
    const h = harness();
    const actor = h.start({ ...searchSurfaces.fulltext, initial: { query: 'cell' } });
    h.last().resolve(page(range(0, 19), 20));
    await settle();
    expect(hasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'page.loadMore' });
    expect(h.last().input).toMatchObject({ page: 2, limit: 20, offset: 19 });
    h.last().resolve(page(range(19, 1), 20));
    await settle();
    expect(ids(actor.getSnapshot().context)).toEqual(range(0, 20));
    expect(hasMore(actor.getSnapshot())).toBe(false);
  });

  it('a facet with no values left is removed; every change goes back to page 1', async () => {
    const h = harness();
    const actor = h.start({ ...searchSurfaces.materials, initial: { page: 2 } });
    actor.send({ type: 'filter.change', key: 'metadata.level', values: ['A1', 'B2', 'A1'] });
    expect(h.last().input).toMatchObject({ filters: { 'metadata.level': ['A1', 'B2'] }, page: 1 });
    actor.send({ type: 'filter.change', key: 'metadata.topic', values: ['cells'] });
    expect(activeFilterCount(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'filter.change', key: 'metadata.level', values: [] });
    expect(actor.getSnapshot().context.params.filters).toEqual({ 'metadata.topic': ['cells'] });
    expect(h.last().input.filters).toEqual({ 'metadata.topic': ['cells'] });
  });

  it('Reset filters restores empty query, default sort and no filters, keeps the page size, and reloads', async () => {
    const h = harness();
    const actor = h.start({ ...searchSurfaces.materials, initial: { query: 'cells', sort: 'title:desc', filters: { 'metadata.level': ['A1'] }, pageSize: 10 } });
    h.last().resolve(page(['c'], 1));
    await settle();
    expect(isNarrowed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'search.reset' });
    expect(isLoading(actor.getSnapshot())).toBe(true);
    expect(h.last().input).toEqual({ query: '', sort: 'created_at:desc', filters: {}, lang: null, pageSize: 10, page: 1, limit: 10, offset: 0 });
    expect(isNarrowed(actor.getSnapshot())).toBe(false);
  });

  it('a failed page 1 is repeated by Retry and then replaces the results', async () => {
    const h = harness();
    const actor = h.start(searchSurfaces.collection);
    h.last().reject(new Error('503'));
    await settle();
    expect(isFailed(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(new Error('503'));
    actor.send({ type: 'page.loadMore' });
    expect(h.calls).toHaveLength(1);
    actor.send({ type: 'search.retry' });
    expect(h.calls.map((c) => c.input)).toEqual([h.calls[0].input, h.calls[0].input]);
    expect(actor.getSnapshot().context.error).toBeNull();
    h.last().resolve(page(['a'], 1));
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(ids(actor.getSnapshot().context)).toEqual(['a']);
  });

  it('a failed next page keeps the results; Retry fetches that page again and appends it', async () => {
    const h = harness();
    const actor = h.start(searchSurfaces.collection);
    h.last().resolve(page(range(0, 20), 30));
    await settle();
    actor.send({ type: 'page.loadMore' });
    h.last().reject(new TypeError('Failed to fetch'));
    await settle();
    expect(isFailed(actor.getSnapshot())).toBe(true);
    expect(ids(actor.getSnapshot().context)).toEqual(range(0, 20));
    actor.send({ type: 'search.retry' });
    expect(isLoadingMore(actor.getSnapshot())).toBe(true);
    expect(h.last().input).toMatchObject({ page: 2, offset: 20 });
    h.last().resolve(page(range(20, 10), 30));
    await settle();
    expect(ids(actor.getSnapshot().context)).toEqual(range(0, 30));
  });

  describe('a late answer of an older search never lands', () => {
    it('typed again while loading: the older request is aborted and its answer, arriving last, is dropped', async () => {
      const h = harness();
      const actor = h.start({ ...searchSurfaces.fulltext, initial: { query: '' } });
      actor.send({ type: 'query.change', query: 'old' });
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      const older = h.last();
      actor.send({ type: 'query.change', query: 'new' });
      expect(older.signal.aborted).toBe(true);
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      h.last().resolve(page(['new'], 1));
      await settle();
      older.resolve(page(['old-1', 'old-2'], 2));
      await settle();
      expect(actor.getSnapshot().value).toBe('idle');
      expect(ids(actor.getSnapshot().context)).toEqual(['new']);
      expect(actor.getSnapshot().context.total).toBe(1);
    });

    it('changed while loading (loading entered anew): the older answer, arriving first, is dropped', async () => {
      const h = harness();
      const actor = h.start(searchSurfaces.materials);
      const older = h.last();
      actor.send({ type: 'sort.change', sort: 'title:asc' });
      const newer = h.last();
      expect(newer).not.toBe(older);
      expect(older.signal.aborted).toBe(true);
      older.resolve(page(['old'], 1));
      await settle();
      expect(actor.getSnapshot().value).toBe('loading');
      expect(actor.getSnapshot().context.results).toEqual([]);
      newer.resolve(page(['a', 'b'], 2));
      await settle();
      expect(ids(actor.getSnapshot().context)).toEqual(['a', 'b']);
    });

    it('changed while loading more: the older next page is never appended', async () => {
      const h = harness();
      const actor = h.start(searchSurfaces.collection);
      h.last().resolve(page(range(0, 20), 45));
      await settle();
      actor.send({ type: 'page.loadMore' });
      const more = h.last();
      actor.send({ type: 'filter.change', key: 'metadata.level', values: ['A1'] });
      more.resolve(page(range(20, 20), 45));
      await settle();
      expect(actor.getSnapshot().value).toBe('loading');
      h.last().resolve(page(['f'], 1));
      await settle();
      expect(ids(actor.getSnapshot().context)).toEqual(['f']);
    });
  });
});

/*
 * The model: from each state, what an event leads to (events not listed change nothing). `deciding` is passed
 * through within a step, so the model names where the search lands: `idle` when no request is needed.
 */
type From = 'idle' | 'debouncing' | 'loading' | 'loadingMore' | 'failed';
type Rule = { name: string; from: From; event: string; to: From; when?: (c: SearchContext, e: SearchEvent) => boolean };
const blank = (query: string) => query.trim() === '';
const skips = (c: SearchContext, params: SearchParams) => c.skipEmptyQuery && blank(params.query);
const CHANGES = ['sort.change', 'filter.change', 'search.reset'];
const windowEnd = (c: SearchContext, p: number) => windowOf(c.paging, p, c.params.pageSize).offset + windowOf(c.paging, p, c.params.pageSize).limit;

/** The params an event leaves, computed here from the spec, not by the machine's actions. */
function expectedParams(c: SearchContext, e: SearchEvent, from: From): SearchParams {
  const p = c.params;
  const first = (change: Partial<SearchParams>) => ({ ...p, ...change, page: 1 });
  switch (e.type) {
    case 'query.change': return first({ query: e.query });
    case 'sort.change': return first({ sort: e.sort });
    case 'filter.change': {
      const filters = { ...p.filters };
      if (e.values.length) filters[e.key] = e.values;
      else delete filters[e.key];
      return first({ filters });
    }
    case 'search.reset': return first({ query: '', sort: c.defaultSort, filters: {} });
    case 'page.loadMore': return from === 'idle' && windowEnd(c, p.page) < c.total ? { ...p, page: p.page + 1 } : p;
    default: return p;
  }
}

const afterChange = (c: SearchContext, e: SearchEvent, from: From): From => (skips(c, expectedParams(c, e, from)) ? 'idle' : 'loading');
const rules: Rule[] = [];
for (const from of ['idle', 'debouncing', 'loading', 'loadingMore', 'failed'] as const) {
  rules.push(
    { name: `${from} query.change (blank, skipped) → idle`, from, event: 'query.change', to: 'idle', when: (c, e) => e.type === 'query.change' && c.skipEmptyQuery && blank(e.query) },
    { name: `${from} query.change → debouncing`, from, event: 'query.change', to: 'debouncing' },
  );
  for (const event of CHANGES) {
    rules.push(
      { name: `${from} ${event} (blank, skipped) → idle`, from, event, to: 'idle', when: (c, e) => afterChange(c, e, from) === 'idle' },
      { name: `${from} ${event} → loading`, from, event, to: 'loading' },
    );
  }
}
rules.push(
  { name: 'idle page.loadMore (more) → loadingMore', from: 'idle', event: 'page.loadMore', to: 'loadingMore', when: (c) => windowEnd(c, c.params.page) < c.total },
  { name: 'debouncing query.submit → loading', from: 'debouncing', event: 'query.submit', to: 'loading' },
  { name: 'debouncing timer → loading', from: 'debouncing', event: DEBOUNCE, to: 'loading' },
  { name: 'loading done → idle', from: 'loading', event: DONE, to: 'idle' },
  { name: 'loading error → failed', from: 'loading', event: ERROR, to: 'failed' },
  { name: 'loadingMore done → idle', from: 'loadingMore', event: DONE, to: 'idle' },
  { name: 'loadingMore error → failed', from: 'loadingMore', event: ERROR, to: 'failed' },
  { name: 'failed search.retry (next page) → loadingMore', from: 'failed', event: 'search.retry', to: 'loadingMore', when: (c) => c.failedAppending },
  { name: 'failed search.retry → loading', from: 'failed', event: 'search.retry', to: 'loading' },
);
function ruleFor(from: From, c: SearchContext, e: SearchEvent): Rule | undefined {
  return rules.find((r) => r.from === from && r.event === e.type && (!r.when || r.when(c, e)));
}
/** The model's rules no walk can take: where blank queries are skipped, a blank query only ever rests in `idle`. */
const unreachable = new Set(
  ['debouncing', 'loading', 'loadingMore', 'failed'].flatMap((from) =>
    ['sort.change', 'filter.change'].map((event) => `${from} ${event} (blank, skipped) → idle`),
  ),
);

const output = { results: [{ id: 'm1' }, { id: 'm2' }], total: 45, facetDistribution: { 'metadata.level': { A1: 30, B2: 15 } } };
const walkEvents = [
  { type: 'query.change', query: 'photosynthesis' },
  { type: 'query.change', query: '  ' },
  { type: 'query.submit' },
  { type: 'sort.change', sort: 'title:asc' },
  { type: 'filter.change', key: 'metadata.level', values: ['A1', 'B2'] },
  { type: 'filter.change', key: 'metadata.level', values: [] },
  { type: 'page.loadMore' },
  { type: 'search.reset' },
  { type: 'search.retry' },
  { type: DEBOUNCE },
  { type: DONE, output },
  { type: DONE, output: { results: [], total: 0 } },
  { type: ERROR, error: new Error('503') },
] as unknown as SearchEvent[];
const key = (s: { context: SearchContext }) => {
  const c = s.context;
  return [blank(c.params.query), c.params.page, c.params.pageSize, c.total, c.failedAppending];
};

const walked = new Set<string>();
const variants: [string, SearchInput][] = [
  ['collection', searchSurfaces.collection],
  ['full text', searchSurfaces.fulltext],
];
for (const [label, start] of variants) {
  describe(`search model walk (${label}): every transition of the graph, checked against the model`, () => {
    const { paths, stats } = pathsOf(searchMachine, { input: start, events: walkEvents, key });
    let h = harness();
    afterEach(() => vi.useRealTimers());

    // Answers and the timer only exist where the machine waits for them; elsewhere they cannot happen.
    let callsBefore = 0;
    const send = async (actor: AnyActorRef, event: SearchEvent) => {
      callsBefore = h.calls.length;
      const type = event.type as string;
      const state = actor.getSnapshot().value;
      if (type === DONE || type === ERROR) {
        if (state !== 'loading' && state !== 'loadingMore') return;
        if (type === DONE) h.last().resolve((event as unknown as { output: SearchPage }).output);
        else h.last().reject((event as unknown as { error: unknown }).error);
        await settle();
      } else if (type === DEBOUNCE) {
        if (state !== 'debouncing') return;
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
        expect(h.calls.length).toBe(callsBefore);
        vi.advanceTimersByTime(1);
      } else actor.send(event);
    };

    itWalks(`search (${label})`, { paths, stats }, async (path) => {
      h = harness();
      vi.useFakeTimers();
      await runPath(h.machine, path, start, ({ snapshot, event, previous }) => {
        const from = previous.value as From;
        const to = snapshot.value as From;
        const c = previous.context;
        const applies = ruleFor(from, c, event);
        expect(to).toBe(applies?.to ?? from);
        if (applies) walked.add(applies.name);

        const params = applies ? expectedParams(c, event, from) : c.params;
        expect(snapshot.context.params).toEqual(params);
        // A request starts on every entry of loading / loadingMore, with the window of the page.
        const startsRequest = applies !== undefined && (to === 'loading' || to === 'loadingMore');
        expect(h.calls.length - callsBefore).toBe(startsRequest ? 1 : 0);
        if (startsRequest) expect(h.last().input).toEqual({ ...params, ...windowOf(c.paging, params.page, params.pageSize) });
        // Leaving a request any other way than by its answer aborts it.
        const type = event.type as string;
        if ((from === 'loading' || from === 'loadingMore') && applies && type !== DONE && type !== ERROR) {
          expect(h.calls[callsBefore - 1].signal.aborted).toBe(true);
        }
        // What happens to the results.
        let results = c.results;
        if (applies && type === DONE) {
          const answer = (event as unknown as { output: SearchPage }).output;
          results = from === 'loading' ? answer.results : [...c.results, ...answer.results];
          expect(snapshot.context.total).toBe(answer.total);
        } else if (applies && to === 'idle') results = [];
        expect(snapshot.context.results).toEqual(results);
        expect(snapshot.context.error !== null).toBe(to === 'failed');
        if (start.skipEmptyQuery && blank(params.query)) expect(to).toBe('idle');
      }, send);
    });
  });
}

describe('search model walk, all variants', () => {
  it('walked every transition of the model', () => {
    const all = rules.map((r) => r.name).filter((name) => !unreachable.has(name));
    expect([...walked].sort()).toEqual(all.sort());
  });
});
