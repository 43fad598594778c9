import type { ContentElement } from '../model/elements';

/** Props every element component receives (src/elements/registry.ts maps each modelName to its component). */
export type ElementProps<E extends ContentElement = ContentElement> = { element: E };
