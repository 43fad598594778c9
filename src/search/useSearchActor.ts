import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { searchMachine, searchSurfaces, type FetchPageInput, type SearchPage, type SearchSnapshot } from '../../machines/search';
import type { SearchParams } from '../../machines/searchParams';
import { useViewerInspection } from '../viewer/inspection';

export type SearchActor = ActorRefFrom<typeof searchMachine>;
export type FetchPage = (input: FetchPageInput, signal: AbortSignal) => Promise<SearchPage>;

/**
 * The search statechart of one surface, started with the search the address names, fetching through
 * `fetchPage` (the latest one given: it may close over changing values). Components select from the
 * returned actor and send it events; they hold no search state of their own.
 */
export function useSearchActor(surface: keyof typeof searchSurfaces, initial: Partial<SearchParams>, fetchPage: FetchPage): SearchActor {
  const latest = useRef(fetchPage);
  latest.current = fetchPage;
  const [logic] = useState(() =>
    searchMachine.provide({ actors: { fetchPage: fromPromise<SearchPage, FetchPageInput>(({ input, signal }) => latest.current(input, signal)) } }),
  );
  return useActorRef(logic, { input: { ...searchSurfaces[surface], initial }, inspect: useViewerInspection() });
}

const selectParams = (snapshot: SearchSnapshot) => snapshot.context.params;

/**
 * Calls `write` with the search whenever it changes (not for its first value, which came from the
 * address): the glue that keeps the address and the session in step with the statechart.
 */
export function useSearchParamsEffect(actor: SearchActor, write: (params: SearchParams) => void) {
  const params = useSelector(actor, selectParams);
  const first = useRef(params);
  const latestWrite = useRef(write);
  latestWrite.current = write;
  useEffect(() => {
    if (params !== first.current) latestWrite.current(params);
  }, [params]);
}

/**
 * Keeps the address in step with the search: whenever it changes, the params `toUrl` makes of it
 * replace theirs in the address (one history entry, not one per keystroke); the others stay.
 */
export function useSearchInAddress(actor: SearchActor, toUrl: (params: SearchParams) => Record<string, unknown>) {
  const navigate = useNavigate();
  useSearchParamsEffect(actor, (params) => {
    const url = toUrl(params);
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...url }), replace: true });
  });
}
