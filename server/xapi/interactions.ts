import type { ContentElement } from '../../model/elements';
import type { ActivityDefinition, Result } from '../../model/xapiActivity';
import { KIND_INDEXING } from '../../src/kinds/indexing';
import type { InteractionMapping, InteractionOptions, KindIndexing } from '../../src/kinds/kindRules';

export type { InteractionOptions } from '../../src/kinds/kindRules';

/**
 * The interaction definition and result of an evaluated question (xAPI 2.0 Data 2.4.4.1), as its kind
 * says (`interaction` in src/kinds/<kind>/<kind>.indexing.ts); null for an element that is no question.
 */
export function interactionOf(element: ContentElement, fields: Record<string, unknown>, options: InteractionOptions): { definition: ActivityDefinition; result: Result } | null {
  const mapping: InteractionMapping<ContentElement> | undefined = (KIND_INDEXING[element.modelName] as KindIndexing<ContentElement>).interaction;
  if (!mapping) return null;
  return { definition: mapping.definition(element, options), result: mapping.result(element, fields, options) };
}
