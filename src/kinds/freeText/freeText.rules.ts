import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const freeTextRules: KindRules<ElementOf<'FreeTextInput'>> = {
  question: true,
  stateful: true,
  standIn: { dozes: true, parts: (element) => [{ html: element.instructions.html }] },
};
