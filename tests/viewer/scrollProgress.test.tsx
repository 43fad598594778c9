// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SCROLL_PROGRESS_IDLE_MS } from '../../model/constants';
import { scrollProgressMachine } from '../../machines/scrollProgress';
import { viewerMachine } from '../../machines/viewer';
import { ViewerActorContext } from '../../src/elements/viewerContext';
import { ScrollProgressTracker } from '../../src/viewer/ScrollProgressTracker';
import { IntersectionObserverDouble } from '../setup';
import { fixtureMaterial } from './fixtureMaterial';

const VIEWPORT = 1000;
const DOCUMENT = 5000; // 4000 px to scroll; from 3850 on the page counts as read to the bottom

/** Puts the window at `scrollY` and fires the scroll event the browser would. */
function scrollTo(scrollY: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const waitIdle = (ms = SCROLL_PROGRESS_IDLE_MS) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const marker = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-scroll-end]')!;
const observersOf = (node: Element) => [...IntersectionObserverDouble.instances].filter((observer) => observer.targets.has(node));

/** The tracker inside a real viewer actor; `progress()` lists what the viewer received. */
function renderInViewer(ui: ReactElement, strict: boolean) {
  const viewer = createActor(viewerMachine, { input: { material: fixtureMaterial } }).start();
  const tree = <ViewerActorContext.Provider value={viewer}>{ui}</ViewerActorContext.Provider>;
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const progress = () => viewer.getSnapshot().context.changes.filter((change) => change.field === 'progress').map((change) => [change.id, change.value]);
  return { ...result, viewer, progress };
}

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => DOCUMENT });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
});

describe.each([
  { mode: 'normal', strict: false },
  { mode: 'strict', strict: true },
])('ScrollProgressTracker ($mode mode)', ({ strict }) => {
  it('reports the scroll position to the viewer after 500 ms of scroll idle', () => {
    const { progress } = renderInViewer(<ScrollProgressTracker pageId="ch1" />, strict);
    scrollTo(600);
    waitIdle(SCROLL_PROGRESS_IDLE_MS - 100);
    scrollTo(1000);
    waitIdle(SCROLL_PROGRESS_IDLE_MS - 1);
    expect(progress()).toEqual([]);
    waitIdle(1);
    expect(progress()).toEqual([['ch1', 0.25]]);
  });

  it('never lowers the progress', () => {
    const { progress } = renderInViewer(<ScrollProgressTracker pageId="ch1" />, strict);
    scrollTo(2000);
    waitIdle();
    scrollTo(400);
    waitIdle();
    scrollTo(3000);
    waitIdle();
    expect(progress()).toEqual([
      ['ch1', 0.5],
      ['ch1', 0.75],
    ]);
  });

  it('within 15 % of the viewport height from the bottom counts as 1, and then it stops listening', () => {
    const { progress, container } = renderInViewer(<ScrollProgressTracker pageId="m1" />, strict);
    scrollTo(3849);
    waitIdle();
    expect(progress()).toEqual([['m1', 3849 / 4000]]);
    expect(marker(container).dataset.state).toBe('tracking');
    scrollTo(3850);
    waitIdle();
    expect(progress()).toEqual([
      ['m1', 3849 / 4000],
      ['m1', 1],
    ]);
    expect(marker(container).dataset.state).toBe('complete');
    expect(observersOf(marker(container))).toEqual([]);
  });

  it('the end marker coming into view reports 1 at once', () => {
    const { progress, container } = renderInViewer(<ScrollProgressTracker pageId="ch1" />, strict);
    const end = marker(container);
    expect(end.getAttribute('aria-hidden')).toBe('true');
    const observers = observersOf(end);
    expect(observers).toHaveLength(1);
    act(() => observers[0].simulate(end, false));
    expect(progress()).toEqual([]);
    act(() => observers[0].simulate(end, true));
    expect(progress()).toEqual([['ch1', 1]]);
    expect(end.dataset.state).toBe('complete');
  });

  it('starts complete from a saved 1 and reports nothing', () => {
    const { progress, container } = renderInViewer(<ScrollProgressTracker pageId="ch1" saved={1} />, strict);
    expect(marker(container).dataset.state).toBe('complete');
    expect(observersOf(marker(container))).toEqual([]);
    scrollTo(1000);
    waitIdle();
    expect(progress()).toEqual([]);
  });

  it('drives the actor it is given instead of its own', () => {
    const actor = createActor(scrollProgressMachine, { input: { pageId: 'ch1', saved: 0.5 } }).start();
    const { progress } = renderInViewer(<ScrollProgressTracker pageId="ch1" actor={actor} />, strict);
    scrollTo(3000);
    waitIdle();
    expect(actor.getSnapshot().context.progress).toBe(0.75);
    // the owner of the actor receives its reports; the tracker does not forward them a second time
    expect(progress()).toEqual([]);
  });

  it('stops listening when it unmounts', () => {
    const { progress, unmount, container } = renderInViewer(<ScrollProgressTracker pageId="ch1" />, strict);
    const end = marker(container);
    unmount();
    expect(observersOf(end)).toEqual([]);
    scrollTo(2000);
    waitIdle();
    expect(progress()).toEqual([]);
  });
});
