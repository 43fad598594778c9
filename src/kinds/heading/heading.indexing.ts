import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const headingIndexing: KindIndexing<ElementOf<'Heading'>> = {
  search: (element) => ({ title: [element.title, { html: element.content.html }] }),
};
