import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';
import { FOLDABLE_TITLE_PRESS } from '../../../model/pressKeys';

export const foldableRules: KindRules<ElementOf<'Foldable'>> = {
  children: (element) => [element.content],
  stateful: true,
  standIn: { dozes: false, parts: (element) => [{ text: element.title, press: FOLDABLE_TITLE_PRESS }] },
};
