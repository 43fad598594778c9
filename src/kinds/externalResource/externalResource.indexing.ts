import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const externalResourceIndexing: KindIndexing<ElementOf<'IFrame'>> = {
  viewModules: ['src/kinds/externalResource/ExternalResourceElement.tsx'],
  search: (element) => ({ title: [element.title, element.pathTitle], secondary: [{ html: element.description }, { html: element.pathDescription }] }),
};
