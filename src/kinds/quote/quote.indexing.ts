import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const quoteIndexing: KindIndexing<ElementOf<'Quote'>> = {
  search: (element) => ({ title: [element.title], secondary: [element.author], body: [element.text] }),
};
