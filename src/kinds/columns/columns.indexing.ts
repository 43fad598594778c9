import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const columnsIndexing: KindIndexing<ElementOf<'Columns'>> = {
  search: (element) => ({ title: [element.title] }),
};
