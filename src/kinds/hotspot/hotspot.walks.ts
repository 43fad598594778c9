import { variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { hotspotsMachine } from './hotspots.machine';

/** Walk variants of the hotspots' chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  hotspots: [
    variant(hotspotsMachine, '3 spots', {
      input: { element: { id: 'h1', elements: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] } },
      events: [
        ...['a', 'b', 'c', 'unknown'].map((spotId) => ({ type: 'hotspot.open' as const, spotId })),
        { type: 'hotspot.next' },
        { type: 'hotspot.prev' },
        { type: 'hotspot.close' },
      ],
      key: (s) => s.context.openSpotId,
    }),
  ],
};
