import { createContext, createElement, use, type ComponentType } from 'react';
import type { ContentElement } from '../model/elements';

export type NestedListProps = { elements: readonly ContentElement[] };

/**
 * The list a container element (columns, panel, foldable) renders its children with: ContentList,
 * which provides itself around what it renders. A container cannot import it: ContentList renders every
 * kind through the registry, and the registry imports the containers.
 */
export const NestedListContext = createContext<ComponentType<NestedListProps>>(() => null);

/** The elements inside a container, drawn by the enclosing ContentList. */
export function NestedList(props: NestedListProps) {
  return createElement(use(NestedListContext), props);
}
