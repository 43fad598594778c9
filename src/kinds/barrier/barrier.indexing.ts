import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const barrierIndexing: KindIndexing<ElementOf<'Barrier'>> = {
  search: (element) => ({ title: [element.title], body: [{ html: element.content }] }),
};
