import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const imageIndexing: KindIndexing<ElementOf<'Image'>> = {
  accessibility: { check: (element, checks) => checks.image(element, ''), htmlFields: (element) => [['caption', element.caption]] },
  search: (element) => ({ title: [element.title], secondary: [element.alt, { html: element.caption }] }),
};
