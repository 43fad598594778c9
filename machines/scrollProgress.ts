import { assertEvent, assign, setup } from 'xstate';
import { SCROLL_PROGRESS_BOTTOM_SHARE, SCROLL_PROGRESS_IDLE_MS } from '../model/constants';
import { reportChange, type ElementChangedEvent } from './elements/elementChanged';

/**
 * A page (material or chapter) whose evaluationType is `scrolling`; `saved` is the progress the
 * learner's saved state holds for it.
 */
export type ScrollProgressInput = { pageId: string; saved?: number };

export type ScrollProgressContext = {
  pageId: string;
  /** The highest progress reported so far, 0..1; it never goes down. */
  progress: number;
  /** The ratio of the last scroll, waiting for the scroll to settle; null when nothing waits. */
  pending: number | null;
};

export type ScrollProgressEvent =
  /** The page scrolled; `ratio` is where it stands, 0 (top) … 1 (bottom), see `scrollRatio`. */
  | { type: 'scroll.moved'; ratio: number }
  /** The end marker after the page content came into view. */
  | { type: 'scroll.endReached' };

/** What the DOM knows about a scroll position (px). */
export type ScrollMetrics = { scrollTop: number; viewportHeight: number; scrollHeight: number };

/**
 * Where a scroll position stands, 0..1: the share of the scrollable distance scrolled. Within
 * SCROLL_PROGRESS_BOTTOM_SHARE of the viewport height from the bottom (and on a page that does not
 * scroll at all) it is 1 (spec section 4).
 */
export function scrollRatio({ scrollTop, viewportHeight, scrollHeight }: ScrollMetrics): number {
  const scrollable = scrollHeight - viewportHeight;
  const toBottom = scrollHeight - (scrollTop + viewportHeight);
  if (scrollable <= 0 || toBottom <= SCROLL_PROGRESS_BOTTOM_SHARE * viewportHeight) return 1;
  return clampRatio(scrollTop / scrollable);
}

function clampRatio(ratio: number): number {
  return Math.min(1, Math.max(0, ratio));
}

export const scrollProgressGuards = {
  /** A ratio the machine can use: a finite number (out-of-range values are clamped). */
  isRatio: (ratio: number) => Number.isFinite(ratio),
  /** The settled ratio is higher than what was reported: report it. */
  raisesProgress: ({ context }: { context: ScrollProgressContext }) => context.pending !== null && context.pending > context.progress,
  /** The settled ratio is the end of the page. */
  reachesEnd: ({ context }: { context: ScrollProgressContext }) => context.pending !== null && context.pending >= 1,
  isComplete: ({ context }: { context: ScrollProgressContext }) => context.progress >= 1,
};

/**
 * Scroll progress of one page (spec sections 4 and 9): a scroll position is reported once the
 * learner stopped scrolling for SCROLL_PROGRESS_IDLE_MS; reaching the bottom or the end marker
 * reports 1; the reported progress is the maximum of old and new, never lower.
 */
export const scrollProgressMachine = setup({
  types: {
    input: {} as ScrollProgressInput,
    context: {} as ScrollProgressContext,
    events: {} as ScrollProgressEvent,
    emitted: {} as ElementChangedEvent,
  },
  guards: {
    isRatio: ({ event }) => {
      assertEvent(event, 'scroll.moved');
      return scrollProgressGuards.isRatio(event.ratio);
    },
    raisesProgress: scrollProgressGuards.raisesProgress,
    reachesEnd: scrollProgressGuards.reachesEnd,
    isComplete: scrollProgressGuards.isComplete,
  },
  actions: {
    report: reportChange<ScrollProgressContext, ScrollProgressEvent>(),
    holdRatio: assign({
      pending: ({ event }) => {
        assertEvent(event, 'scroll.moved');
        return clampRatio(event.ratio);
      },
    }),
    raiseToPending: assign({ progress: ({ context }) => Math.max(context.progress, context.pending ?? 0), pending: null }),
    dropPending: assign({ pending: null }),
    complete: assign({ progress: 1, pending: null }),
  },
  delays: {
    scrollIdle: SCROLL_PROGRESS_IDLE_MS,
  },
}).createMachine({
  id: 'scrollProgress',
  description: 'How far the learner scrolled through a page evaluated by scrolling.',
  context: ({ input }) => ({
    pageId: input.pageId,
    progress: scrollProgressGuards.isRatio(input.saved ?? Number.NaN) ? clampRatio(input.saved ?? 0) : 0,
    pending: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Picks the saved progress once, at start.',
      always: [{ guard: 'isComplete', target: 'complete' }, { target: 'tracking' }],
    },
    tracking: {
      description: 'The page is not read to its end yet.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The page stands still; the progress so far is reported.',
          on: {
            'scroll.moved': { guard: 'isRatio', target: 'settling', actions: 'holdRatio', description: 'The page scrolled: wait until it settles.' },
          },
        },
        settling: {
          description: 'The page is scrolling; the last position waits for the scroll idle time.',
          after: {
            scrollIdle: [
              {
                guard: 'reachesEnd',
                target: '#scrollProgress.complete',
                actions: ['complete', { type: 'report', params: ({ context }) => ({ id: context.pageId, field: 'progress', value: 1 }) }],
                description: 'Settled at the bottom: the page is read.',
              },
              {
                guard: 'raisesProgress',
                target: 'idle',
                actions: ['raiseToPending', { type: 'report', params: ({ context }) => ({ id: context.pageId, field: 'progress', value: context.progress }) }],
                description: 'Settled further down than ever: report the new progress.',
              },
              { target: 'idle', actions: 'dropPending', description: 'Settled above the progress reported: keep it.' },
            ],
          },
          on: {
            'scroll.moved': { guard: 'isRatio', target: 'settling', reenter: true, actions: 'holdRatio', description: 'Still scrolling: wait again.' },
          },
        },
      },
      on: {
        'scroll.endReached': {
          target: 'complete',
          actions: ['complete', { type: 'report', params: ({ context }) => ({ id: context.pageId, field: 'progress', value: 1 }) }],
          description: 'The end marker came into view: the page is read.',
        },
      },
    },
    complete: {
      description: 'Progress is 1 and stays there; scrolling changes nothing.',
      tags: ['complete'],
    },
  },
});
