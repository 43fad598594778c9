import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const hotspotIndexing: KindIndexing<ElementOf<'Hotspot'>> = {
  viewModules: ['src/kinds/hotspot/HotspotElement.tsx'],
  accessibility: {
    // Its image's text for screen readers is the asset's license title, as the viewer gives it.
    check: (element, checks) => checks.imageText(element.asset.licenseTitle, element.asset.file, 'asset.licenseTitle'),
    htmlFields: (element) => [['caption', element.caption], ...element.elements.map((spot, i) => [`elements[${i}].content`, spot.content] as const)],
    exerciseTexts: (element) => element.elements.map((spot, i) => [`elements[${i}].title`, spot.title] as const),
  },
  search: (element) => ({
    title: [element.title],
    secondary: [{ html: element.caption }, ...element.elements.map((spot) => spot.title)],
    body: element.elements.map((spot) => ({ html: spot.content })),
  }),
  anchorsSearch: true,
};
