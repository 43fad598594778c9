import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

/** Embed code is no text a learner reads: only its title is found. */
export const htmlEmbedIndexing: KindIndexing<ElementOf<'HtmlElement'>> = {
  viewModules: ['src/kinds/htmlEmbed/HtmlEmbedElement.tsx'],
  search: (element) => ({ title: [element.title] }),
};
