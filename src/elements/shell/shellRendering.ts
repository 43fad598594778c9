import { createContext, type ComponentType } from 'react';
import type { ElementOf, ModelName } from '../../../model/elements';

/** Kinds the server draws as forms that answer before the app runs (src/elements/registry.ts `loadEarlyForms`). */
export type EarlyForms = { readonly [N in ModelName]?: ComponentType<{ element: ElementOf<N> }> };

/**
 * Set while the server draws a page's first paint (server/pages/shellContent.tsx): lists render
 * every element at once as `ShellElement`, with no actor, no chunk and no lazy code; the kinds in
 * `earlyForms` as their early forms.
 */
export const ShellRenderingContext = createContext<false | { earlyForms: EarlyForms }>(false);
