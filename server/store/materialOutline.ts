import type { ContentElement } from '../../model/elements';
import type { Material } from '../../model/material';
import { childListsOf, resolvePath } from '../../model/tree';

/**
 * What `resolvePath` (model/tree.ts) reads of a material, and nothing else: each element's
 * modelName, id and publicId, and the lists of the containers. Kept beside a material's answer, so a
 * page view can tell whether its address names a page without parsing the whole material again.
 */
export type MaterialOutline = Material;

function outlineOf(element: ContentElement): ContentElement {
  const { modelName, id } = element;
  const publicId = 'publicId' in element ? element.publicId : undefined;
  const lists: readonly unknown[] = childListsOf(element);
  const outline: Record<string, unknown> = { modelName, id, ...(publicId === undefined ? {} : { publicId }) };
  // Each child list under the field that holds it (a container's `content`, columns' `left` and `right`).
  for (const [field, value] of Object.entries(element)) if (lists.includes(value)) outline[field] = (value as ContentElement[]).map(outlineOf);
  return outline as ContentElement;
}

export function materialOutline(material: Material): MaterialOutline {
  return { modelName: 'Material', id: material.id, publicId: material.publicId, content: material.content.map(outlineOf) } as MaterialOutline;
}

/** Whether the address below the material (chapter publicIds, a trailing `iframe/{id}`) names one of its pages, as the app resolves it. */
export function namesPage(outline: MaterialOutline, trail: readonly string[]): boolean {
  return resolvePath(outline, trail).kind !== 'notFound';
}
