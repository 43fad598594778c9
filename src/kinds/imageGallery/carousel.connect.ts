import type { SnapshotFrom } from 'xstate';
import type { carouselMachine } from './carousel.machine';

/** The carousel's view: the slide shown, and its autoplay (playing, stopped by the learner, paused while hovered, or off). */
export const connectCarousel = (snapshot: SnapshotFrom<typeof carouselMachine>) => ({
  index: snapshot.context.index,
  autoplay: snapshot.matches({ autoplay: 'playing' })
    ? ('playing' as const)
    : snapshot.matches({ autoplay: { paused: 'stopped' } })
      ? ('stopped' as const)
      : snapshot.matches({ autoplay: 'paused' })
        ? ('hovered' as const)
        : ('off' as const),
});

/** A slide's `data-state`: the one shown is active. */
export const slideState = (index: number, slide: number) => (slide === index ? 'active' : 'inactive');
