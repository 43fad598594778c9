import type { ElementOf } from '../../../model/elements';
import { QUESTION_TEXTS_MODULE, type KindIndexing } from '../kindRules';

export const pathIndexing: KindIndexing<ElementOf<'Path'>> = {
  viewModules: ['src/kinds/path/Path.tsx', QUESTION_TEXTS_MODULE],
  search: (element) => ({ title: [element.title] }),
  anchorsSearch: true,
};
