import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const linkRules: KindRules<ElementOf<'Link'>> = {
  standIn: {
    dozes: false,
    parts: (element) => [...(element.text ? [{ text: element.text }] : []), ...(element.caption ? [{ html: element.caption }] : [])],
  },
};
