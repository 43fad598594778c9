import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const linkIndexing: KindIndexing<ElementOf<'Link'>> = {
  viewModules: ['src/kinds/link/LinkElement.tsx'],
  search: (element) => ({ title: [element.title], secondary: [{ html: element.caption }], body: [element.text] }),
};
