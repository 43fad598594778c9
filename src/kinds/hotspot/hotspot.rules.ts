import type { ElementOf } from '../../../model/elements';
import type { KindRules, StandInPart } from '../kindRules';
import { spotPress } from '../../../model/pressKeys';

export const hotspotRules: KindRules<ElementOf<'Hotspot'>> = {
  stateful: true,
  // Its popups open beyond the image.
  drawsBeyondItsBox: true,
  standIn: {
    dozes: true,
    // As the widget reads: the spots (their popups' texts only once opened), then the caption.
    parts: (element) => [
      ...element.elements.map((spot): StandInPart => ({ text: spot.title, press: spotPress(spot.id) })),
      ...(element.caption ? [{ html: element.caption }] : []),
    ],
  },
};
