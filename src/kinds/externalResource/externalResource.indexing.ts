import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

export const externalResourceIndexing: KindIndexing<ElementOf<'IFrame'>> = {
  viewModules: ['src/kinds/externalResource/ExternalResourceElement.tsx'],
  accessibility: {
    check: (element, checks) => {
      if (!element.title.trim()) checks.report('embedWithoutTitle', 'title', { src: element.url });
    },
    htmlFields: (element) => [['description', element.description]],
  },
  search: (element) => ({ title: [element.title, element.pathTitle], secondary: [{ html: element.description }, { html: element.pathDescription }] }),
  linksUrl: true,
};
