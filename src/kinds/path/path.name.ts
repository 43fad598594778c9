import type { KindName } from '../kindRules';

/** What a learner reads for this kind (a barrier's list of what is still open names it). */
export const pathName: KindName = { de: 'Lernpfad', en: 'Learning path' };
