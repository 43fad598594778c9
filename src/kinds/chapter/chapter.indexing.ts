import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const chapterIndexing: KindIndexing<ElementOf<'Chapter'>> = {
  accessibility: { htmlFields: (element) => [['description', element.description]], pageTitle: (element) => element.title },
  search: (element) => ({ title: [element.title, element.pathTitle], secondary: [{ html: element.description }, { html: element.pathDescription }] }),
};
