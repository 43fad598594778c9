import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, getNextSnapshot, type EventObject } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { itWalks, pathsOf } from './walkMachine';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_LOOP_PAUSE_MS } from '../../model/constants';
import { carouselGuards, carouselMachine, wrapIndex, type CarouselEvent } from '../../src/kinds/imageGallery/carousel.machine';

const gallery = (count: number) => ({ element: { id: 'g1', content: Array.from({ length: count }, (_, i) => i) } });
const start = (count = 3) => createActor(carouselMachine, { input: gallery(count) }).start();
type Actor = ReturnType<typeof start>;
const index = (actor: Actor) => actor.getSnapshot().context.index;
const autoplay = (actor: Actor) => (actor.getSnapshot().value as { autoplay: unknown }).autoplay;

describe('wrapIndex and guards', () => {
  it('wraps in both directions', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
  it('guards read count and index', () => {
    expect(carouselGuards.hasSeveralSlides({ context: { index: 0, count: 1 } })).toBe(false);
    expect(carouselGuards.hasSeveralSlides({ context: { index: 0, count: 2 } })).toBe(true);
    expect(carouselGuards.isLastSlide({ context: { index: 1, count: 2 } })).toBe(true);
    expect(carouselGuards.isSlide({ context: { index: 0, count: 2 } }, 2)).toBe(false);
    expect(carouselGuards.isSlide({ context: { index: 0, count: 2 } }, 1.5)).toBe(false);
    expect(carouselGuards.isSlide({ context: { index: 0, count: 2 } }, 1)).toBe(true);
  });
});

describe('carouselMachine navigation', () => {
  it('next and previous wrap', () => {
    const actor = start(3);
    actor.send({ type: 'carousel.prev' });
    expect(index(actor)).toBe(2);
    actor.send({ type: 'carousel.next' });
    expect(index(actor)).toBe(0);
    actor.send({ type: 'carousel.next' });
    actor.send({ type: 'carousel.next' });
    actor.send({ type: 'carousel.next' });
    expect(index(actor)).toBe(0);
  });

  it('goto shows a slide and ignores indexes out of range', () => {
    const actor = start(3);
    actor.send({ type: 'carousel.goto', index: 2 });
    expect(index(actor)).toBe(2);
    actor.send({ type: 'carousel.goto', index: 3 });
    actor.send({ type: 'carousel.goto', index: -1 });
    expect(index(actor)).toBe(2);
  });

  it('a single slide has no autoplay and does not move', () => {
    const actor = start(1);
    expect(autoplay(actor)).toBe('off');
    actor.send({ type: 'carousel.next' });
    actor.send({ type: 'carousel.prev' });
    expect(index(actor)).toBe(0);
  });
});

describe('carouselMachine autoplay (spec section 9 timings)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every interval and pauses briefly before wrapping', () => {
    const actor = start(3);
    expect(autoplay(actor)).toEqual({ playing: 'waiting' });
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1);
    expect(index(actor)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(index(actor)).toBe(1);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(index(actor)).toBe(2);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(autoplay(actor)).toEqual({ playing: 'looping' });
    expect(index(actor)).toBe(2);
    vi.advanceTimersByTime(CAROUSEL_LOOP_PAUSE_MS);
    expect(index(actor)).toBe(0);
    expect(autoplay(actor)).toEqual({ playing: 'waiting' });
    actor.stop();
  });

  it('pauses on hover and resumes with a full interval on leave', () => {
    const actor = start(3);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 100);
    actor.send({ type: 'carousel.hover' });
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 5);
    expect(index(actor)).toBe(0);
    actor.send({ type: 'carousel.leave' });
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1);
    expect(index(actor)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(index(actor)).toBe(1);
    actor.stop();
  });

  it('the pause button stops until play; hover and leave do not resume it', () => {
    const actor = start(3);
    actor.send({ type: 'carousel.pause' });
    expect(autoplay(actor)).toEqual({ paused: 'stopped' });
    actor.send({ type: 'carousel.hover' });
    actor.send({ type: 'carousel.leave' });
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3);
    expect(index(actor)).toBe(0);
    actor.send({ type: 'carousel.play' });
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(index(actor)).toBe(1);
    actor.stop();
  });

  it('pausing while hovered stops too', () => {
    const actor = start(3);
    actor.send({ type: 'carousel.hover' });
    actor.send({ type: 'carousel.pause' });
    actor.send({ type: 'carousel.leave' });
    expect(autoplay(actor)).toEqual({ paused: 'stopped' });
    actor.stop();
  });

  it('manual navigation restarts the interval', () => {
    const actor = start(3);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 10);
    actor.send({ type: 'carousel.next' });
    expect(index(actor)).toBe(1);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1);
    expect(index(actor)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(index(actor)).toBe(2);
    actor.stop();
  });
});

describe('carouselMachine model walk', () => {
  const afterEvents = (id: string) =>
    [...new Set(carouselMachine.getStateNodeById(id).after.map((transition) => transition.eventType))].map((type) => ({ type }) as unknown as CarouselEvent);
  const delayed = [...afterEvents('carousel.autoplay.playing.waiting'), ...afterEvents('carousel.autoplay.playing.looping')];
  const events: CarouselEvent[] = [
    { type: 'carousel.next' },
    { type: 'carousel.prev' },
    { type: 'carousel.goto', index: 0 },
    { type: 'carousel.goto', index: 2 },
    { type: 'carousel.goto', index: 5 },
    { type: 'carousel.hover' },
    { type: 'carousel.leave' },
    { type: 'carousel.pause' },
    { type: 'carousel.play' },
    ...delayed,
  ];
  const options = { input: gallery(3), events };
  const adjacency = getAdjacencyMap(carouselMachine, options);
  const walk = pathsOf(carouselMachine, { ...options, key: (s) => s.context, kind: 'shortest' });

  it('knows the delayed transitions by their named delays', () => {
    expect(delayed.map((e) => e.type)).toEqual([
      'xstate.after.slideInterval.carousel.autoplay.playing.waiting',
      'xstate.after.loopPause.carousel.autoplay.playing.looping',
    ]);
  });

  it('reaches every autoplay state at every slide', () => {
    const keys = new Set(Object.values(adjacency).map((v) => `${JSON.stringify(v.state.value)}@${v.state.context.index}`));
    expect(keys.size).toBe(3 * 3 + 1); // waiting, hovered, stopped at each slide; looping only at the last
    for (const vertex of Object.values(adjacency)) {
      expect(vertex.state.context.index).toBeGreaterThanOrEqual(0);
      expect(vertex.state.context.index).toBeLessThan(3);
    }
  });

  // Sent events change nothing to check here (the guards and wrapping have their tests above); a timer
  // must fire after its named delay and do what the chart's timer event does.
  itWalks('carousel', walk, (path) => {
    vi.useFakeTimers();
    const actor = start(3);
    for (const step of path.steps.slice(1)) {
      const event = step.event as EventObject;
      const delay = { [delayed[0].type]: CAROUSEL_INTERVAL_MS, [delayed[1].type]: CAROUSEL_LOOP_PAUSE_MS }[event.type];
      if (delay === undefined) {
        actor.send(step.event);
        continue;
      }
      const at = () => ({ value: actor.getSnapshot().value, index: index(actor) });
      const before = at();
      const expected = getNextSnapshot(carouselMachine, actor.getSnapshot(), step.event);
      vi.advanceTimersByTime(delay - 1);
      expect(at()).toEqual(before);
      vi.advanceTimersByTime(1);
      expect(at()).toEqual({ value: expected.value, index: expected.context.index });
    }
    actor.stop();
    vi.useRealTimers();
  });
});
