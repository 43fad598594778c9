import type { ComponentType } from 'react';
import type { ElementOf, ModelName } from '../model/elements';

/** A component that draws an element of the kind `N`. */
export type KindView<N extends ModelName> = ComponentType<{ element: ElementOf<N> }>;

/** Some kinds' views, by modelName. */
export type KindViews = { readonly [N in ModelName]?: KindView<N> };
