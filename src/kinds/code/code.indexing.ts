import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const codeIndexing: KindIndexing<ElementOf<'Code'>> = {
  viewModules: ['src/kinds/code/CodeElement.tsx', 'src/kinds/code/HighlightedCode.tsx'],
  search: (element) => ({ title: [element.title], body: [element.content] }),
};
