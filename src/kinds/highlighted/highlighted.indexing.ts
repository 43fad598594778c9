import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const highlightedIndexing: KindIndexing<ElementOf<'HighlightedElement'>> = {
  search: (element) => ({ title: [element.title] }),
};
