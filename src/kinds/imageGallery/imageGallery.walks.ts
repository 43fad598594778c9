import { variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { carouselMachine } from './carousel.machine';

const gallery = (count: number) => ({ element: { id: 'g1', content: Array.from({ length: count }, (_, i) => i) } });
const carouselEvents = [
  { type: 'carousel.next' as const },
  { type: 'carousel.prev' as const },
  { type: 'carousel.goto' as const, index: 0 },
  { type: 'carousel.goto' as const, index: 2 },
  { type: 'carousel.goto' as const, index: 5 },
  { type: 'carousel.hover' as const },
  { type: 'carousel.leave' as const },
  { type: 'carousel.pause' as const },
  { type: 'carousel.play' as const },
];

/** Walk variants of the gallery's carousel chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  carousel: [3, 1].map((count) =>
    variant(carouselMachine, `${count} slide(s)`, { input: gallery(count), events: carouselEvents, key: (s) => s.context.index }),
  ),
};
