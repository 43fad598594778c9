import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_WAIT_LIMIT_MS } from '../../src/afterFirstPaint';

type Entry = { name: string };

/** A window whose paint entries the test reports, with fake timers and a document that can be hidden. */
function paintWindow(options: { hidden?: boolean; painted?: string[]; paintObservable?: boolean } = {}) {
  const observers = new Set<{ callback: (list: { getEntriesByName: (name: string) => Entry[] }) => void; disconnected: boolean }>();
  const buffered: Entry[] = (options.painted ?? []).map((name) => ({ name }));
  class FakeObserver {
    static supportedEntryTypes = options.paintObservable === false ? ['mark'] : ['mark', 'paint'];
    private readonly own: { callback: (list: { getEntriesByName: (name: string) => Entry[] }) => void; disconnected: boolean };
    constructor(callback: (list: { getEntriesByName: (name: string) => Entry[] }) => void) {
      this.own = { callback, disconnected: false };
    }
    observe(init: { type: string; buffered?: boolean }) {
      expect(init.type).toBe('paint');
      observers.add(this.own);
      if (init.buffered && buffered.length) this.own.callback(listOf(buffered));
    }
    disconnect() {
      this.own.disconnected = true;
      observers.delete(this.own);
    }
  }
  const listOf = (entries: Entry[]) => ({ getEntriesByName: (name: string) => entries.filter((entry) => entry.name === name) });
  const win = {
    document: { visibilityState: options.hidden ? 'hidden' : 'visible' },
    performance: {},
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    PerformanceObserver: FakeObserver,
  };
  return {
    win: win as unknown as Parameters<typeof afterFirstPaint>[0],
    paint: (name: string) => {
      for (const observer of [...observers]) observer.callback(listOf([{ name }]));
    },
    observing: () => observers.size,
  };
}

/** Whether the promise has settled after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('afterFirstPaint (the page entry holds the app’s code back until the server’s first paint is on screen)', () => {
  it('waits for the first contentful paint, not the first paint, and stops observing then', async () => {
    vi.useFakeTimers();
    try {
      const page = paintWindow();
      const waiting = afterFirstPaint(page.win);
      expect(await settled(waiting)).toBe(false);
      page.paint('first-paint');
      expect(await settled(waiting)).toBe(false);
      page.paint('first-contentful-paint');
      expect(await settled(waiting)).toBe(true);
      expect(page.observing()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes at once when the paint was reported before it was asked (buffered entries)', async () => {
    const page = paintWindow({ painted: ['first-paint', 'first-contentful-paint'] });
    expect(await settled(afterFirstPaint(page.win))).toBe(true);
    expect(page.observing()).toBe(0);
  });

  it('goes at once on a hidden page (which does not paint) and where paint timing cannot be observed', async () => {
    expect(await settled(afterFirstPaint(paintWindow({ hidden: true }).win))).toBe(true);
    expect(await settled(afterFirstPaint(paintWindow({ paintObservable: false }).win))).toBe(true);
    const withoutObserver = { ...paintWindow().win, PerformanceObserver: undefined };
    expect(await settled(afterFirstPaint(withoutObserver))).toBe(true);
  });

  it('goes anyway when no contentful paint is reported within the limit', async () => {
    vi.useFakeTimers();
    try {
      const page = paintWindow();
      const waiting = afterFirstPaint(page.win);
      vi.advanceTimersByTime(FIRST_PAINT_WAIT_LIMIT_MS - 1);
      expect(await settled(waiting)).toBe(false);
      vi.advanceTimersByTime(1);
      expect(await settled(waiting)).toBe(true);
      expect(page.observing()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
