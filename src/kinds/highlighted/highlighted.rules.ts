import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const highlightedRules: KindRules<ElementOf<'HighlightedElement'>> = { children: (element) => [element.content] };
