import type { StandInPart } from '../../kinds/kindRules';

/**
 * Interactive kinds (their rules' `standIn.dozes`, src/kinds/rules.ts) beyond the first screen show a
 * light stand-in until they come near the viewport (src/elements/dormant/DormantElement.tsx): their
 * widgets, actors and code cost nothing before. Pages with at least this many elements are long: their
 * list also takes the server's first paint over only up to what comes near the viewport.
 */
export const DORMANT_FROM_ELEMENTS = 120;

/** What a stand-in shows: the element's own html (sanitised by the server) and plain texts, in reading order. */
export type DormantPart = StandInPart;
