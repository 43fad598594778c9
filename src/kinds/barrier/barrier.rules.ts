import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const barrierRules: KindRules<ElementOf<'Barrier'>> = {
  stateful: true,
  standIn: { dozes: false, parts: (element) => (element.content ? [{ html: element.content }] : []) },
};
