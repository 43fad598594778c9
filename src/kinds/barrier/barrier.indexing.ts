import type { ElementOf } from '../../../model/elements';
import { QUESTION_TEXTS_MODULE, type KindIndexing } from '../kindRules';

export const barrierIndexing: KindIndexing<ElementOf<'Barrier'>> = {
  viewModules: ['src/kinds/barrier/Barrier.tsx', QUESTION_TEXTS_MODULE],
  search: (element) => ({ title: [element.title], body: [{ html: element.content }] }),
};
