import type { ContentElement } from '../model/elements';

/**
 * The attributes of an element's frame, the DOM contract of every drawn element: `id` = model id and
 * `data-model-name` = modelName (scrollTo, highlight, navigation, search and tests rely on it). A
 * function, not a component: one fiber fewer per element.
 */
export function frameAttributes(element: ContentElement) {
  return {
    id: element.id,
    'data-model-name': element.modelName,
    'data-width': element.width ?? 'default',
    className: 'element scroll-mt-8',
  };
}
