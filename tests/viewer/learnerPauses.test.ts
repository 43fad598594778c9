import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('../../src/learnerPauses');

/** The module afresh (it keeps the time of the last press), a window on fake timers, and links whose arrival the test decides. */
async function setUp() {
  vi.resetModules();
  const pauses: Module = await import('../../src/learnerPauses');
  const listeners = new Map<string, (event: Event) => void>();
  const win = {
    addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, listener),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    performance: { now: () => Date.now() },
  } as unknown as Window;
  pauses.watchPresses(win);
  const press = (type = 'pointerdown') => listeners.get(type)!({ timeStamp: Date.now() } as Event);
  const links = [{}, {}] as Array<Partial<HTMLLinkElement>>;
  const arrive = (link: Partial<HTMLLinkElement>, how: 'onload' | 'onerror' = 'onload') => (link[how] as () => void)();
  let resolvedAt: number | null = null;
  const start = Date.now();
  const held = () => pauses.appCodeInAPause(win, links as HTMLLinkElement[]).then(() => (resolvedAt = Date.now() - start));
  return { pauses, press, links, arrive, held, resolvedAt: () => resolvedAt };
}

describe('the app’s code runs once it has arrived and the learner pauses (src/learnerPauses.ts)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('runs as soon as the app’s chunks have arrived when nobody presses, a chunk that failed counting as arrived', async () => {
    const t = await setUp();
    void t.held();
    await vi.advanceTimersByTimeAsync(300);
    expect(t.resolvedAt()).toBeNull();
    t.arrive(t.links[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.resolvedAt()).toBeNull();
    t.arrive(t.links[1], 'onerror');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.resolvedAt()).toBe(300);
  });

  it('waits while the learner presses or types, until LEARNER_PAUSE_MS without either', async () => {
    const t = await setUp();
    t.press();
    void t.held();
    t.links.forEach((link) => t.arrive(link));
    await vi.advanceTimersByTimeAsync(100);
    expect(t.resolvedAt()).toBeNull();
    t.press('keydown');
    await vi.advanceTimersByTimeAsync(t.pauses.LEARNER_PAUSE_MS - 1);
    expect(t.resolvedAt()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.resolvedAt()).toBe(100 + t.pauses.LEARNER_PAUSE_MS);
  });

  it('never waits longer than APP_HOLD_LIMIT_MS: for chunks whose arrival is never reported, or for a learner who keeps pressing', async () => {
    const silent = await setUp();
    void silent.held();
    await vi.advanceTimersByTimeAsync(silent.pauses.APP_HOLD_LIMIT_MS);
    expect(silent.resolvedAt()).toBe(silent.pauses.APP_HOLD_LIMIT_MS);

    const busy = await setUp();
    void busy.held();
    busy.links.forEach((link) => busy.arrive(link));
    for (let elapsed = 0; elapsed < 3000; elapsed += 50) {
      busy.press();
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(busy.resolvedAt()).toBe(busy.pauses.APP_HOLD_LIMIT_MS);
  });
});
