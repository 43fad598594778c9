import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const certificateIndexing: KindIndexing<ElementOf<'Certificate'>> = {
  search: (element) => ({ title: [element.title], secondary: [{ html: element.description }] }),
};
