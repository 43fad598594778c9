import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const foldableIndexing: KindIndexing<ElementOf<'Foldable'>> = {
  viewModules: ['src/kinds/foldable/FoldableElement.tsx'],
  search: (element) => ({ title: [element.title] }),
  anchorsSearch: true,
};
