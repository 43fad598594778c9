/** How long to wait for a first contentful paint that is not reported (ms): then the app loads anyway. */
export const FIRST_PAINT_WAIT_LIMIT_MS = 1000;

type PaintWindow = Pick<Window, 'document' | 'setTimeout' | 'clearTimeout'> & { PerformanceObserver?: typeof PerformanceObserver };

/**
 * Resolves once the page's first contentful paint is on screen (at once when it already was), at once
 * on a hidden page (which does not paint) or where paint timing cannot be observed, and otherwise after
 * FIRST_PAINT_WAIT_LIMIT_MS at the latest (a page hidden while it waits, say).
 */
export function afterFirstPaint(win: PaintWindow): Promise<void> {
  return new Promise((resolve) => {
    if (win.document.visibilityState === 'hidden' || !win.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const observer = new win.PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) done();
    });
    const done = () => {
      observer.disconnect();
      win.clearTimeout(timer);
      resolve();
    };
    const timer = win.setTimeout(done, FIRST_PAINT_WAIT_LIMIT_MS);
    // Buffered: a paint before this call is reported too.
    observer.observe({ type: 'paint', buffered: true });
  });
}
