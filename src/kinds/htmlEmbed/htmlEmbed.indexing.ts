import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';
import { htmlFacts } from '../../../model/accessibility/htmlFacts';

/** Embed code is no text a learner reads: only its title is found. */
export const htmlEmbedIndexing: KindIndexing<ElementOf<'HtmlElement'>> = {
  viewModules: ['src/kinds/htmlEmbed/HtmlEmbedElement.tsx'],
  accessibility: {
    check: (element, checks) => {
      const frame = htmlFacts(element.content.html).frames[0];
      if (frame && !frame.title && !(element.title ?? '').trim()) checks.report('embedWithoutTitle', 'content.html', { src: frame.src });
    },
  },
  search: (element) => ({ title: [element.title] }),
};
