import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const textIndexing: KindIndexing<ElementOf<'Text'>> = {
  search: (element) => ({ title: [element.title], body: [{ html: element.content.html }] }),
};
