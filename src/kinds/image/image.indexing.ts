import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const imageIndexing: KindIndexing<ElementOf<'Image'>> = {
  search: (element) => ({ title: [element.title], secondary: [element.alt, { html: element.caption }] }),
};
