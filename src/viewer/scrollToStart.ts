import { scrollBehavior } from '../ui/motion';

/** How long after it starts a scroll to an element is still corrected. */
export const SETTLE_WINDOW_MS = 4000;
/** How often the position is checked while the scroll settles. */
export const SETTLE_CHECK_MS = 150;
/** Corrections at most: a page that keeps changing does not keep the window moving. */
export const MAX_CORRECTIONS = 5;
const TOLERANCE_PX = 2;
/** What the learner does to scroll themselves: from then on the page is theirs. */
const LEARNER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Where the window would have to be for `target` to start at the top (at its scroll margin), as far as the page allows. */
function wantedScrollY(target: HTMLElement, win: Window): number {
  const margin = Number.parseFloat(win.getComputedStyle(target).scrollMarginTop) || 0;
  const wanted = win.scrollY + target.getBoundingClientRect().top - margin;
  const bottom = win.document.documentElement.scrollHeight - win.innerHeight;
  return Math.max(0, Math.min(bottom, wanted));
}

/**
 * Scrolls (smoothly, unless motion is to be reduced) until `target` starts at the top of the window. Content above it that changes
 * height while the scroll runs (a long page's elements waking, chunks mounting, code arriving) moves
 * the target after the scroll took aim: whenever the window stands still away from the target within
 * SETTLE_WINDOW_MS, it scrolls again, at most MAX_CORRECTIONS times, and never after the learner
 * scrolled, pressed a key or touched the page. Returns a function that stops the corrections.
 */
export function scrollToStart(target: HTMLElement, win: Window = window): () => void {
  target.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  let corrections = 0;
  let lastY = win.scrollY;
  const started = Date.now();
  const timer = win.setInterval(() => {
    const y = win.scrollY;
    const standing = Math.abs(y - lastY) < 1;
    lastY = y;
    if (!target.isConnected || Date.now() - started > SETTLE_WINDOW_MS) return stop();
    if (!standing || Math.abs(wantedScrollY(target, win) - y) <= TOLERANCE_PX) return;
    if (++corrections > MAX_CORRECTIONS) return stop();
    target.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  }, SETTLE_CHECK_MS);
  const options = { capture: true, passive: true } as const;
  function stop() {
    win.clearInterval(timer);
    for (const type of LEARNER_INPUT) win.removeEventListener(type, stop, options);
  }
  for (const type of LEARNER_INPUT) win.addEventListener(type, stop, options);
  return stop;
}
