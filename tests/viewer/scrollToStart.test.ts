// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CORRECTIONS, SETTLE_CHECK_MS, SETTLE_WINDOW_MS, scrollToStart } from '../../src/viewer/scrollToStart';

/*
 * A page whose content above the target grows while the window scrolls: jsdom has no layout, so the
 * target's document position and the window's scroll position are modelled here, and scrollIntoView
 * jumps (a smooth scroll that has ended).
 */
let targetAt = 0;
let scrollY = 0;
let aims = 0;
const target = document.createElement('div');

beforeEach(() => {
  vi.useFakeTimers();
  targetAt = 5000;
  scrollY = 0;
  aims = 0;
  document.body.append(target);
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => targetAt + 2000 });
  target.getBoundingClientRect = () => ({ top: targetAt - scrollY }) as DOMRect;
  target.scrollIntoView = () => {
    aims++;
    scrollY = targetAt;
  };
});

afterEach(() => {
  vi.useRealTimers();
  target.remove();
});

const settle = (checks = 2) => vi.advanceTimersByTime(SETTLE_CHECK_MS * checks);

describe('scrolling an element to the top of the window', () => {
  it('aims again once the window stands still away from a target that moved', () => {
    scrollToStart(target);
    expect(aims).toBe(1);
    targetAt += 1200; // elements above it woke and grew
    settle();
    expect(aims).toBe(2);
    expect(scrollY).toBe(targetAt);
    settle(4);
    expect(aims, 'a target where it should be is left alone').toBe(2);
  });

  it('leaves the page to a learner who scrolls themselves', () => {
    scrollToStart(target);
    window.dispatchEvent(new Event('wheel'));
    targetAt += 1200;
    settle(4);
    expect(aims).toBe(1);
  });

  it(`gives up after ${MAX_CORRECTIONS} corrections and after ${SETTLE_WINDOW_MS} ms`, () => {
    scrollToStart(target);
    for (let i = 0; i < MAX_CORRECTIONS + 3; i++) {
      targetAt += 300;
      settle();
    }
    expect(aims).toBe(1 + MAX_CORRECTIONS);

    aims = 0;
    scrollToStart(target);
    vi.advanceTimersByTime(SETTLE_WINDOW_MS + SETTLE_CHECK_MS);
    targetAt += 300;
    settle(4);
    expect(aims).toBe(1);
  });

  it('stops when the caller stops it, and counts a target near the end as reached where the page ends', () => {
    const stop = scrollToStart(target);
    stop();
    targetAt += 300;
    settle(4);
    expect(aims).toBe(1);

    // The page ends 300 px below the target's top: the window cannot bring it higher than that.
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => targetAt + 300 });
    target.scrollIntoView = () => {
      aims++;
      scrollY = targetAt + 300 - 800;
    };
    aims = 0;
    scrollToStart(target);
    settle(6);
    expect(aims).toBe(1);
  });
});
