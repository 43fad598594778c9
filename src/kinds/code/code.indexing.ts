import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const codeIndexing: KindIndexing<ElementOf<'Code'>> = {
  search: (element) => ({ title: [element.title], body: [element.content] }),
};
