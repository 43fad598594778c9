import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const certificateRules: KindRules<ElementOf<'Certificate'>> = {
  stateful: true,
  standIn: { dozes: true, parts: (element) => [{ text: element.title }, { html: element.description }] },
};
