import { lazy, type ComponentType } from 'react';
import type { ContentElement, ModelName } from '../model/elements';

/** Props every element component receives. */
export type ElementProps<E extends ContentElement = ContentElement> = { element: E };

type Registry = { [N in ModelName]?: ComponentType<ElementProps<Extract<ContentElement, { modelName: N }>>> };

/*
 * modelName → component. Heavy components (KaTeX, highlighting) are React.lazy so they stay out of
 * the first-paint bundle. An element without an entry renders the fallback of ElementView.
 */
export const elementComponents: Registry = {
  // entries are added by the element work, one line each, e.g.
  // Text: TextElement,
  // MathFormula: lazy(() => import('./MathFormula')),
};

void lazy;
