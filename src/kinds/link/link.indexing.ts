import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';
import { recogniseEmbed } from '../../../model/embedProviders';

export const linkIndexing: KindIndexing<ElementOf<'Link'>> = {
  viewModules: ['src/kinds/link/LinkElement.tsx'],
  accessibility: {
    check: (element, checks) => {
      const named = (element.text ?? '').trim() || (element.title ?? '').trim();
      if (element.mode === 'embed') {
        const embed = recogniseEmbed(element.url);
        if (embed && !named && !embed.title?.trim()) checks.report('embedWithoutTitle', 'text', { src: embed.src });
      } else if (element.mode === 'url') checks.linkName(named || element.url, element.url, 'text');
      else if (named) checks.linkName(named, element.url, 'text');
    },
    htmlFields: (element) => [['caption', element.caption]],
  },
  search: (element) => ({ title: [element.title], secondary: [{ html: element.caption }], body: [element.text] }),
  linksUrl: true,
};
