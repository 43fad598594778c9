import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const textIndexing: KindIndexing<ElementOf<'Text'>> = {
  accessibility: { htmlFields: (element) => [['content.html', element.content.html]] },
  search: (element) => ({ title: [element.title], body: [{ html: element.content.html }] }),
};
