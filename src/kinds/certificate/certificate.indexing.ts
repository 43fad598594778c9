import type { ElementOf } from '../../../model/elements';
import { QUESTION_TEXTS_MODULE, type KindIndexing } from '../kindRules';

export const certificateIndexing: KindIndexing<ElementOf<'Certificate'>> = {
  viewModules: ['src/kinds/certificate/Certificate.tsx', QUESTION_TEXTS_MODULE],
  accessibility: { htmlFields: (element) => [['description', element.description], ['content', element.content]] },
  search: (element) => ({ title: [element.title], secondary: [{ html: element.description }] }),
};
