import { useSelector } from '@xstate/react';
import { useDeferredValue, useLayoutEffect, useState } from 'react';
import { selectAnswered } from './MaterialSearchView';
import type { SearchActor } from './useSearchActor';
import { hasShell, removeShell } from '../viewer/shell';

/**
 * A grid page the server drew first (server/pages/collectionShell.ts: the collection's grid, its material
 * search): the app's page stays hidden until its first search has answered, and then shows while the
 * server's paint leaves, in the same frame. Returns whether the app's page is still to be hidden.
 */
export function useShellUntilAnswered(actor: SearchActor): boolean {
  const [drawn] = useState(() => hasShell());
  // Deferred as the grid's cards are (./MaterialSearchView.tsx): the paint leaves in the commit that brings them.
  const answered = useDeferredValue(useSelector(actor, selectAnswered));
  useLayoutEffect(() => {
    if (answered) removeShell();
  }, [answered]);
  return drawn && !answered;
}
