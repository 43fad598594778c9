import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const separatorIndexing: KindIndexing<ElementOf<'Separator'>> = {
  search: (element) => ({ title: [element.title] }),
};
