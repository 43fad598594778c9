import type { ElementOf } from '../../../model/elements';
import type { KindRules, StandInPart } from '../kindRules';
import { spotPress } from '../../../model/pressKeys';

export const hotspotRules: KindRules<ElementOf<'Hotspot'>> = {
  stateful: true,
  standIn: {
    dozes: true,
    parts: (element) => [
      ...(element.caption ? [{ html: element.caption }] : []),
      ...element.elements.flatMap((spot): StandInPart[] => [{ text: spot.title, press: spotPress(spot.id) }, { html: spot.content }]),
    ],
  },
};
