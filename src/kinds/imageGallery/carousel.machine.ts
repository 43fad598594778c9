import { assertEvent, assign, setup } from 'xstate';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_LOOP_PAUSE_MS } from '../../../model/constants';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

/** A gallery of spec section 3: only the number of slides matters here. */
export type CarouselInput = { element: { id: string; content: readonly unknown[] } };

export type CarouselContext = {
  /** Index of the slide that shows, 0 … count-1. */
  index: number;
  count: number;
};

export type CarouselEvent =
  | { type: 'carousel.next' }
  | { type: 'carousel.prev' }
  | { type: 'carousel.goto'; index: number }
  | { type: 'carousel.hover' }
  | { type: 'carousel.leave' }
  | { type: 'carousel.pause' }
  | { type: 'carousel.play' };

/** The slide `step` places after `index` in a ring of `count` slides. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

export const carouselGuards = {
  hasSeveralSlides: ({ context }: { context: CarouselContext }) => context.count > 1,
  isLastSlide: ({ context }: { context: CarouselContext }) => context.index === context.count - 1,
  isSlide: ({ context }: { context: CarouselContext }, index: number) => Number.isInteger(index) && index >= 0 && index < context.count,
};

/**
 * Slides with previous/next that wrap and an autoplay that pauses while the pointer or focus is on
 * the carousel, or after the learner pressed pause (spec sections 4 and 9).
 */
export const carouselMachine = setup({
  types: {
    input: {} as CarouselInput,
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
  },
  guards: {
    hasSeveralSlides: carouselGuards.hasSeveralSlides,
    isLastSlide: carouselGuards.isLastSlide,
    isSlide: ({ context, event }) => {
      assertEvent(event, 'carousel.goto');
      return carouselGuards.isSlide({ context }, event.index);
    },
  },
  actions: {
    showNext: assign({ index: ({ context }) => wrapIndex(context.index, 1, context.count) }),
    showPrevious: assign({ index: ({ context }) => wrapIndex(context.index, -1, context.count) }),
    showSlide: assign({
      index: ({ event }) => {
        assertEvent(event, 'carousel.goto');
        return event.index;
      },
    }),
  },
  delays: {
    slideInterval: CAROUSEL_INTERVAL_MS,
    loopPause: CAROUSEL_LOOP_PAUSE_MS,
  },
}).createMachine({
  id: 'carousel',
  description: 'An image gallery: one slide shows at a time.',
  context: ({ input }) => ({ index: 0, count: input.element.content.length }),
  type: 'parallel',
  states: {
    slides: {
      description: 'Which slide shows; the learner moves with previous, next and the dots.',
      on: {
        'carousel.next': { guard: 'hasSeveralSlides', actions: 'showNext', description: 'Next slide; after the last comes the first.' },
        'carousel.prev': { guard: 'hasSeveralSlides', actions: 'showPrevious', description: 'Previous slide; before the first comes the last.' },
        'carousel.goto': { guard: 'isSlide', actions: 'showSlide', description: 'A dot was pressed: show that slide.' },
      },
    },
    autoplay: {
      description: 'Moves to the next slide on its own while nobody looks at or uses the carousel.',
      initial: 'starting',
      states: {
        starting: {
          description: 'A single slide has nothing to play.',
          always: [{ guard: 'hasSeveralSlides', target: 'playing' }, { target: 'off' }],
        },
        off: { description: 'One slide only: no autoplay and no controls.' },
        playing: {
          description: 'Each slide stays for the slide interval.',
          initial: 'waiting',
          states: {
            waiting: {
              description: 'The slide shows; the interval runs.',
              after: {
                slideInterval: [
                  { guard: 'isLastSlide', target: 'looping', description: 'The last slide: pause briefly before wrapping.' },
                  { target: 'waiting', reenter: true, actions: 'showNext', description: 'Show the next slide.' },
                ],
              },
            },
            looping: {
              description: 'A short pause before autoplay wraps to the first slide.',
              after: { loopPause: { target: 'waiting', actions: 'showNext', description: 'Wrap to the first slide.' } },
            },
          },
          on: {
            'carousel.hover': { target: 'paused.hovered', description: 'Pointer or focus entered the carousel.' },
            'carousel.pause': { target: 'paused.stopped', description: 'The learner pressed pause.' },
            'carousel.next': { target: 'playing', reenter: true, description: 'Manual navigation restarts the interval.' },
            'carousel.prev': { target: 'playing', reenter: true, description: 'Manual navigation restarts the interval.' },
            'carousel.goto': { guard: 'isSlide', target: 'playing', reenter: true, description: 'Going to an existing slide restarts the interval.' },
          },
        },
        paused: {
          description: 'Autoplay waits.',
          initial: 'hovered',
          states: {
            hovered: {
              description: 'Paused while pointer or focus is on the carousel.',
              on: {
                'carousel.leave': { target: '#carousel.autoplay.playing', description: 'Pointer and focus left: resume.' },
                'carousel.pause': { target: 'stopped', description: 'The learner pressed pause.' },
              },
            },
            stopped: { description: 'Paused by the learner until they press play; hover and leave change nothing.' },
          },
          on: {
            'carousel.play': { target: 'playing', description: 'The learner pressed play.' },
          },
        },
      },
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'ImageGallery', machine: carouselMachine } as const satisfies KindMachine;
