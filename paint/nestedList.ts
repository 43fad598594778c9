import { createContext, createElement, use, type ComponentType } from 'react';
import type { ContentElement } from '../model/elements';

export type NestedListProps = { elements: readonly ContentElement[] };

/**
 * The list a container element (columns, panel, foldable) renders its children with: the app's
 * ContentList (src/elements/ContentList.tsx) or the server's first paint's PaintedList (./PaintedList.tsx),
 * each of which provides itself around what it renders. A container cannot import either: they draw
 * every kind, the containers among them.
 */
export const NestedListContext = createContext<ComponentType<NestedListProps>>(() => null);

/** The elements inside a container, drawn by the enclosing list. */
export function NestedList(props: NestedListProps) {
  return createElement(use(NestedListContext), props);
}
