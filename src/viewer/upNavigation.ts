/*
 * The header's back arrow goes up one level and restores the scroll position the learner left that
 * page at (spec section 2), like the browser's back button does. The router restores positions only
 * for history entries it returns to; the arrow makes a new entry (the parent may not be the previous
 * entry at all), so the positions of the pages left are kept here, by path, and the arrow asks for
 * its target's once that has rendered. A page renders in chunks (long pages keep growing for a
 * while), so the position is set again each frame until the page is tall enough, for at most
 * RESTORE_WITHIN_MS, and never against the learner scrolling meanwhile.
 */

/** The part of the router this needs (TanStack Router's subscribe events). */
export type ScrollRouter = {
  subscribe(
    event: 'onBeforeLoad' | 'onRendered',
    listener: (event: { fromLocation?: { pathname: string }; toLocation: { pathname: string }; pathChanged: boolean }) => void,
  ): () => void;
};

/** How long a restore keeps trying while the page grows to the position. */
export const RESTORE_WITHIN_MS = 3000;

const leftAt = new Map<string, number>();
let upRequested = false;
let pendingTarget: { path: string; top: number | undefined } | null = null;

/** Keeps the scroll position of every page the learner leaves, and restores it after an up navigation. */
export function trackScrollPositions(router: ScrollRouter): () => void {
  const offBefore = router.subscribe('onBeforeLoad', ({ fromLocation, toLocation, pathChanged }) => {
    if (fromLocation && pathChanged) leftAt.set(fromLocation.pathname, window.scrollY);
    if (!upRequested) return;
    // The target's position is taken now: entering the page may record a new one for it later.
    pendingTarget = { path: toLocation.pathname, top: leftAt.get(toLocation.pathname) };
  });
  const offRendered = router.subscribe('onRendered', ({ toLocation }) => {
    if (!upRequested) return;
    upRequested = false;
    const target = pendingTarget;
    pendingTarget = null;
    if (target && target.path === toLocation.pathname && target.top) restoreScroll(target.top);
  });
  return () => {
    offBefore();
    offRendered();
  };
}

/** The back arrow was pressed: the next page rendered gets its position back (the link navigates with resetScroll off). */
export function requestUpNavigation(): void {
  upRequested = true;
}

/** Scrolls to `top`, again each frame while the page is still too short, until reached, scrolled by the learner, or timed out. */
export function restoreScroll(top: number, within = RESTORE_WITHIN_MS): void {
  const until = performance.now() + within;
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.removeEventListener(type, stop, true);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.addEventListener(type, stop, { capture: true, passive: true });
  const attempt = () => {
    if (stopped) return;
    window.scrollTo({ top, left: 0, behavior: 'instant' });
    if (Math.abs(window.scrollY - top) <= 1 || performance.now() > until) return stop();
    requestAnimationFrame(attempt);
  };
  attempt();
}
