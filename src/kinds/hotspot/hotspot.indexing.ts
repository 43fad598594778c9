import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const hotspotIndexing: KindIndexing<ElementOf<'Hotspot'>> = {
  viewModules: ['src/kinds/hotspot/HotspotElement.tsx'],
  search: (element) => ({
    title: [element.title],
    secondary: [{ html: element.caption }, ...element.elements.map((spot) => spot.title)],
    body: element.elements.map((spot) => ({ html: spot.content })),
  }),
  anchorsSearch: true,
};
