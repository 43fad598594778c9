import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const externalResourceRules: KindRules<ElementOf<'IFrame'>> = {
  tracksProgress: true,
  standIn: { dozes: false, parts: (element) => [{ text: element.title }] },
};
