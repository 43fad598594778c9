import { createContext, useContext } from 'react';

export type ElementHeadingLevel = 2 | 3 | 4 | 5 | 6;

/**
 * The level of the headings that title an element (a foldable's title, a hotspot popup, a certificate).
 * In a page they sit under the page's h1 and a content h2, so 3; a view that shows one element alone
 * under its h1 provides 2, so no level is skipped.
 */
export const ElementHeadingLevelContext = createContext<ElementHeadingLevel>(3);

export function useElementHeadingLevel(): ElementHeadingLevel {
  return useContext(ElementHeadingLevelContext);
}
