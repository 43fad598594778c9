import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const codeRules: KindRules<ElementOf<'Code'>> = {
  standIn: { dozes: true, parts: (element) => [{ code: element.content }] },
};
