import { memo, Suspense, type ComponentType } from 'react';
import type { ContentElement } from '../model/elements';
import { elementComponents, type ElementProps } from './registry';

/**
 * Wraps one element: the DOM contract of every rendered element is `id` = model id and
 * `data-model-name` = modelName (scrollTo, highlight, navigation, search and tests rely on it).
 * Memoised: the element re-renders only through its own actor's snapshot.
 */
export const ElementView = memo(function ElementView({ element }: { element: ContentElement }) {
  const Component = elementComponents[element.modelName] as ComponentType<ElementProps> | undefined;
  return (
    <div id={element.id} data-model-name={element.modelName} data-width={element.width ?? 'default'} className="element scroll-mt-24">
      <Suspense fallback={<div className="min-h-8 animate-pulse rounded bg-gray-100" aria-hidden data-pending="" />}>
        {Component ? <Component element={element} /> : null}
      </Suspense>
    </div>
  );
});
