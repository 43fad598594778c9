import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const htmlEmbedRules: KindRules<ElementOf<'HtmlElement'>> = {};
