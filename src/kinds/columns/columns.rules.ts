import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const columnsRules: KindRules<ElementOf<'Columns'>> = { children: (element) => [element.left, element.right] };
