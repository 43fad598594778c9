import { createContext, useContext } from 'react';
import type { ContentElement } from '../../../model/elements';
import { revealingEverything } from '../revealScheduler';
import { dozesAsStandIn, isStateful } from '../../kinds/rules';
import type { Highlight } from '../../../model/highlight';
import { earlyFormInUse } from '../early/earlyAnswers';

/**
 * True on a long page (src/elements/dormant/dormantContent.ts DORMANT_FROM_ELEMENTS): the list takes
 * the server's frames over only up to what comes near the viewport (src/elements/shell/ShellRest.tsx).
 * On every page, stand-ins wake only near the viewport (or when reached), so memory follows what the
 * learner has seen.
 */
export const LongPageContext = createContext(false);

/**
 * True inside the first chunk of a page-level list (the first screen): its elements are awake from
 * the start. Nested lists inherit it from the chunk they are in; undefined outside any list (an
 * element shown alone is awake).
 */
export const EagerContext = createContext<boolean | undefined>(undefined);

/**
 * The id of an element the page must show at once (the scrollTo parameter): lists render up to
 * the element that is or holds it without waiting for their chunks, and it is awake from the start.
 */
export const RevealTargetContext = createContext<string | undefined>(undefined);

/**
 * The highlight parameter when it applies to the whole page (no scrollTo): an element that wakes
 * after the page was highlighted marks its matches itself.
 */
export const PageHighlightContext = createContext<Highlight | undefined>(undefined);

export type WakingRules = { longPage: boolean; eager: boolean; target: string | undefined };

export function useWakingRules(): WakingRules {
  return { longPage: useContext(LongPageContext), eager: useContext(EagerContext) ?? true, target: useContext(RevealTargetContext) };
}

/**
 * Whether an element mounts as its stand-in (src/elements/dormant/DormantElement.tsx) rather than
 * awake: interactive elements beyond the first screen, unless the page was asked to show them, or the
 * learner is at work in its early form (src/elements/early: its answer and focus go to the widget).
 */
export function dozes(element: ContentElement, rules: WakingRules): boolean {
  return !rules.eager && dozesAsStandIn(element.modelName) && element.id !== rules.target && !revealingEverything() && !earlyFormInUse(element.id);
}

/** Whether an element needs its actor when it mounts: it is stateful and mounts awake. */
export function needsActorAtMount(element: ContentElement, rules: WakingRules): boolean {
  return isStateful(element.modelName) && !dozes(element, rules);
}
