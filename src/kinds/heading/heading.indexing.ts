import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';
import { htmlToPlainText } from '../../../model/plainText';

export const headingIndexing: KindIndexing<ElementOf<'Heading'>> = {
  accessibility: {
    check: (element, checks) => checks.heading(Math.max(2, element.level), htmlToPlainText(element.content.html), 'level'),
    htmlFields: (element) => [['content.html', element.content.html]],
    htmlIsHeading: true,
  },
  search: (element) => ({ title: [element.title, { html: element.content.html }] }),
};
