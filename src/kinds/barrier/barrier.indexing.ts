import type { ElementOf } from '../../../model/elements';
import { QUESTION_TEXTS_MODULE, type KindIndexing } from '../kindRules';

export const barrierIndexing: KindIndexing<ElementOf<'Barrier'>> = {
  viewModules: ['src/kinds/barrier/Barrier.tsx', QUESTION_TEXTS_MODULE],
  accessibility: { htmlFields: (element) => [['content', element.content], ['unlockedContent', element.unlockedContent]] },
  search: (element) => ({ title: [element.title], body: [{ html: element.content }] }),
};
