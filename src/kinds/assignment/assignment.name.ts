import type { KindName } from '../kindRules';

/** What a learner reads for this kind (a barrier's list of what is still open names it). */
export const assignmentName: KindName = { de: 'Zuordnung', en: 'Assignment' };
