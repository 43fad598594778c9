import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const externalResourceIndexing: KindIndexing<ElementOf<'IFrame'>> = {
  search: (element) => ({ title: [element.title, element.pathTitle], secondary: [{ html: element.description }, { html: element.pathDescription }] }),
};
