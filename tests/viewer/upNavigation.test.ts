// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestUpNavigation, restoreScroll, trackScrollPositions, type ScrollRouter } from '../../src/viewer/upNavigation';

type Listener = Parameters<ScrollRouter['subscribe']>[1];

/** A router that only emits what the module listens to; navigations are told by hand. */
function fakeRouter() {
  const listeners: Record<string, Listener[]> = { onBeforeLoad: [], onRendered: [] };
  const router: ScrollRouter = {
    subscribe: (event, listener) => {
      listeners[event].push(listener);
      return () => listeners[event].splice(listeners[event].indexOf(listener), 1);
    },
  };
  const navigate = (from: string, to: string) => {
    for (const l of listeners.onBeforeLoad) l({ fromLocation: { pathname: from }, toLocation: { pathname: to }, pathChanged: from !== to });
    for (const l of listeners.onRendered) l({ fromLocation: { pathname: from }, toLocation: { pathname: to }, pathChanged: from !== to });
  };
  return { router, navigate };
}

/** The page's height: scrolling clamps to it, like a browser's does. */
let pageHeight = 10_000;
const scrolls: number[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance'] });
  pageHeight = 10_000;
  scrolls.length = 0;
  window.scrollY = 0;
  window.scrollTo = ((options: ScrollToOptions) => {
    scrolls.push(options.top ?? 0);
    window.scrollY = Math.min(options.top ?? 0, pageHeight);
  }) as typeof window.scrollTo;
});
afterEach(() => vi.useRealTimers());

describe('the back arrow restores where the learner left the page above', () => {
  it('restores the position of the parent, also when the learner came from a sibling (not the previous entry)', () => {
    const { router, navigate } = fakeRouter();
    const stop = trackScrollPositions(router);
    window.scrollY = 1200;
    navigate('/', '/kap1/');
    window.scrollY = 300;
    navigate('/kap1/', '/kap2/');
    window.scrollY = 50;
    requestUpNavigation();
    navigate('/kap2/', '/');
    expect(window.scrollY).toBe(1200);
    // A link that is not the back arrow leaves scrolling to the router.
    scrolls.length = 0;
    navigate('/', '/kap1/');
    expect(scrolls).toEqual([]);
    stop();
  });

  it('keeps trying while the page is still too short, and stops when reached', () => {
    pageHeight = 400;
    restoreScroll(1000);
    expect(window.scrollY).toBe(400);
    pageHeight = 800;
    vi.advanceTimersToNextFrame();
    expect(window.scrollY).toBe(800);
    pageHeight = 5000;
    vi.advanceTimersToNextFrame();
    expect(window.scrollY).toBe(1000);
    const tries = scrolls.length;
    vi.advanceTimersToNextFrame();
    expect(scrolls).toHaveLength(tries);
  });

  it('gives up when the learner scrolls meanwhile, or after a while', () => {
    pageHeight = 400;
    restoreScroll(1000);
    window.dispatchEvent(new Event('wheel'));
    vi.advanceTimersToNextFrame();
    expect(scrolls).toHaveLength(1);
    restoreScroll(1000, 100);
    vi.advanceTimersByTime(200);
    const tries = scrolls.length;
    vi.advanceTimersToNextFrame();
    expect(scrolls).toHaveLength(tries);
    expect(window.scrollY).toBe(400);
  });
});
