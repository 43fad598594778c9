import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const chapterRules: KindRules<ElementOf<'Chapter'>> = { tracksProgress: true, children: (element) => [element.content] };
