import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const chapterIndexing: KindIndexing<ElementOf<'Chapter'>> = {
  search: (element) => ({ title: [element.title, element.pathTitle], secondary: [{ html: element.description }, { html: element.pathDescription }] }),
};
