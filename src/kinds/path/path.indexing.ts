import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const pathIndexing: KindIndexing<ElementOf<'Path'>> = {
  search: (element) => ({ title: [element.title] }),
  anchorsSearch: true,
};
