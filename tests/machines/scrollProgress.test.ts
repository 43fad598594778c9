import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, sendTo, setup, type AnyActorRef } from 'xstate';
import { SCROLL_PROGRESS_IDLE_MS } from '../../model/constants';
import type { ElementChangedEvent } from '../../machines/elements/elementChanged';
import { scrollProgressGuards, scrollProgressMachine, scrollRatio, type ScrollProgressEvent } from '../../machines/scrollProgress';
import { itWalks, pathsOf, runPath } from './walkMachine';

const start = (saved?: number) => {
  const actor = createActor(scrollProgressMachine, { input: { pageId: 'page-1', saved } });
  const reports: ElementChangedEvent[] = [];
  actor.on('element.changed', (event) => reports.push(event));
  return { actor: actor.start(), reports };
};
const context = (progress: number, pending: number | null = null) => ({ context: { pageId: 'p', progress, pending } });

describe('scrollRatio', () => {
  const viewportHeight = 1000;
  const scrollHeight = 5000; // 4000 px to scroll; the last 150 px (15 % of the viewport) count as the bottom

  it('is the share of the scrollable distance scrolled', () => {
    expect(scrollRatio({ scrollTop: 0, viewportHeight, scrollHeight })).toBe(0);
    expect(scrollRatio({ scrollTop: 1000, viewportHeight, scrollHeight })).toBe(0.25);
    expect(scrollRatio({ scrollTop: 3000, viewportHeight, scrollHeight })).toBe(0.75);
  });

  it('counts the last 15 % of the viewport height as the bottom', () => {
    expect(scrollRatio({ scrollTop: 3849, viewportHeight, scrollHeight })).toBeCloseTo(3849 / 4000);
    expect(scrollRatio({ scrollTop: 3850, viewportHeight, scrollHeight })).toBe(1);
    expect(scrollRatio({ scrollTop: 4000, viewportHeight, scrollHeight })).toBe(1);
  });

  it('is 1 for a page that does not scroll, and stays within 0..1 when overscrolled', () => {
    expect(scrollRatio({ scrollTop: 0, viewportHeight, scrollHeight: 800 })).toBe(1);
    expect(scrollRatio({ scrollTop: -50, viewportHeight, scrollHeight })).toBe(0);
    expect(scrollRatio({ scrollTop: 4200, viewportHeight, scrollHeight })).toBe(1);
  });
});

describe('scroll progress guards', () => {
  it('isRatio wants a finite number', () => {
    expect(scrollProgressGuards.isRatio(0.4)).toBe(true);
    expect(scrollProgressGuards.isRatio(Number.NaN)).toBe(false);
    expect(scrollProgressGuards.isRatio(Number.POSITIVE_INFINITY)).toBe(false);
  });
  it('raisesProgress only for a settled ratio above the progress', () => {
    expect(scrollProgressGuards.raisesProgress(context(0.5, 0.6))).toBe(true);
    expect(scrollProgressGuards.raisesProgress(context(0.5, 0.5))).toBe(false);
    expect(scrollProgressGuards.raisesProgress(context(0.5, 0.2))).toBe(false);
    expect(scrollProgressGuards.raisesProgress(context(0, null))).toBe(false);
  });
  it('reachesEnd and isComplete read 1', () => {
    expect(scrollProgressGuards.reachesEnd(context(0, 1))).toBe(true);
    expect(scrollProgressGuards.reachesEnd(context(0, 0.99))).toBe(false);
    expect(scrollProgressGuards.reachesEnd(context(1, null))).toBe(false);
    expect(scrollProgressGuards.isComplete(context(1))).toBe(true);
    expect(scrollProgressGuards.isComplete(context(0.99))).toBe(false);
  });
});

describe('scroll progress timing (spec section 9: 500 ms of scroll idle)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports once the scroll has been idle for 500 ms, with the last position', () => {
    const { actor, reports } = start();
    actor.send({ type: 'scroll.moved', ratio: 0.2 });
    vi.advanceTimersByTime(SCROLL_PROGRESS_IDLE_MS - 100);
    actor.send({ type: 'scroll.moved', ratio: 0.4 });
    vi.advanceTimersByTime(SCROLL_PROGRESS_IDLE_MS - 1);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([{ type: 'element.changed', id: 'page-1', field: 'progress', value: 0.4 }]);
    expect(actor.getSnapshot().value).toEqual({ tracking: 'idle' });
  });

  it('never lowers the progress and reports nothing for a position above it', () => {
    const { actor, reports } = start(0.5);
    actor.send({ type: 'scroll.moved', ratio: 0.3 });
    vi.advanceTimersByTime(SCROLL_PROGRESS_IDLE_MS);
    expect(reports).toEqual([]);
    expect(actor.getSnapshot().context.progress).toBe(0.5);
    actor.send({ type: 'scroll.moved', ratio: 0.7 });
    vi.advanceTimersByTime(SCROLL_PROGRESS_IDLE_MS);
    expect(reports.map((r) => r.value)).toEqual([0.7]);
  });

  it('the end marker reports 1 at once, and nothing moves it afterwards', () => {
    const { actor, reports } = start();
    actor.send({ type: 'scroll.moved', ratio: 0.4 });
    actor.send({ type: 'scroll.endReached' });
    expect(reports.map((r) => r.value)).toEqual([1]);
    vi.advanceTimersByTime(SCROLL_PROGRESS_IDLE_MS * 2);
    actor.send({ type: 'scroll.moved', ratio: 0.1 });
    actor.send({ type: 'scroll.endReached' });
    vi.advanceTimersByTime(SCROLL_PROGRESS_IDLE_MS * 2);
    expect(reports.map((r) => r.value)).toEqual([1]);
    expect(actor.getSnapshot().value).toBe('complete');
    expect(actor.getSnapshot().hasTag('complete')).toBe(true);
  });

  it('restores the saved progress: clamped, 1 is complete, garbage is 0', () => {
    expect(start(1).actor.getSnapshot().value).toBe('complete');
    expect(start(3).actor.getSnapshot().context.progress).toBe(1);
    expect(start(0.4).actor.getSnapshot().context.progress).toBe(0.4);
    expect(start(Number.NaN).actor.getSnapshot().context.progress).toBe(0);
    expect(start(-1).actor.getSnapshot().context.progress).toBe(0);
    expect(start().actor.getSnapshot().value).toEqual({ tracking: 'idle' });
  });

  it('sends its report to the parent that spawned it', () => {
    const parentMachine = setup({
      types: { context: {} as { changes: ElementChangedEvent[] }, events: {} as ElementChangedEvent | { type: 'forward'; event: ScrollProgressEvent } },
      actors: { page: scrollProgressMachine },
    }).createMachine({
      context: { changes: [] },
      invoke: { id: 'page', src: 'page', input: { pageId: 'chapter-7' } },
      on: {
        'element.changed': { actions: assign({ changes: ({ context, event }) => [...context.changes, event] }) },
        forward: { actions: sendTo('page', ({ event }) => event.event) },
      },
    });
    const parent = createActor(parentMachine).start();
    parent.send({ type: 'forward', event: { type: 'scroll.endReached' } });
    expect(parent.getSnapshot().context.changes).toEqual([{ type: 'element.changed', id: 'chapter-7', field: 'progress', value: 1 }]);
  });
});

const IDLE_EVENT = 'xstate.after.scrollIdle.scrollProgress.tracking.settling';
const isIdleEvent = (event: { type: string }) => event.type === IDLE_EVENT;

describe('scroll progress machine, every transition walked on a real actor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const delayed = [...new Set(scrollProgressMachine.getStateNodeById('scrollProgress.tracking.settling').after.map((t) => t.eventType))];
  const events = [
    { type: 'scroll.moved', ratio: 0.3 },
    { type: 'scroll.moved', ratio: 0.6 },
    { type: 'scroll.moved', ratio: 1 },
    { type: 'scroll.moved', ratio: Number.NaN },
    { type: 'scroll.endReached' },
    ...delayed.map((type) => ({ type })),
  ] as ScrollProgressEvent[];
  const input = { pageId: 'page-1' };
  const { paths, stats } = pathsOf(scrollProgressMachine, { input, events, key: (s) => [s.context.progress, s.context.pending] });
  /** The idle time passes on fake timers; every other event is sent. */
  const send = (actor: AnyActorRef, event: ScrollProgressEvent) => {
    if (isIdleEvent(event)) vi.advanceTimersByTime(SCROLL_PROGRESS_IDLE_MS);
    else actor.send(event);
  };

  it('names its idle delay and walks every transition once', () => {
    expect(delayed).toEqual([IDLE_EVENT]);
    // idle at progress 0, 0.3 or 0.6; settling at each of those with 0.3, 0.6 or 1 waiting; complete
    expect(stats.states).toBe(13);
    expect(paths.length).toBe(stats.transitions);
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    expect([...reached].sort()).toEqual(['"complete"', '{"tracking":"idle"}', '{"tracking":"settling"}']);
  });

  itWalks('scrollProgress', { paths, stats }, async (path) => {
    await runPath(
      scrollProgressMachine,
      path,
      input,
      ({ snapshot, event, previous, reports }) => {
        const before = previous.context;
        const after = snapshot.context;
        expect(after.progress).toBeGreaterThanOrEqual(before.progress);
        expect(reports).toEqual(after.progress > before.progress ? [{ type: 'element.changed', id: 'page-1', field: 'progress', value: after.progress }] : []);
        if (previous.value === 'complete') {
          expect(snapshot.value).toBe('complete');
          expect(after).toEqual(before);
        } else if (event.type === 'scroll.endReached') {
          expect(snapshot.value).toBe('complete');
          expect(after.progress).toBe(1);
        } else if (event.type === 'scroll.moved') {
          const settling = Number.isFinite(event.ratio);
          expect(snapshot.matches({ tracking: 'settling' })).toBe(settling || previous.matches({ tracking: 'settling' }));
          expect(after.pending).toBe(settling ? event.ratio : before.pending);
          expect(after.progress).toBe(before.progress);
        } else if (before.pending === null) {
          expect(after).toEqual(before);
        } else {
          expect(after.progress).toBe(Math.max(before.progress, before.pending));
          expect(after.pending).toBeNull();
          expect(snapshot.value).toEqual(after.progress === 1 ? 'complete' : { tracking: 'idle' });
        }
      },
      send,
    );
  });
});
