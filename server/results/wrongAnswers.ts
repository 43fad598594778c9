import type { ContentElement, ModelName } from '../../model/elements';
import { KIND_INDEXING } from '../../src/kinds/indexing';
import type { AnswerReading } from '../../src/kinds/kindRules';

/*
 * How the question kinds with right answers read a saved answer for the results (docs/results.md):
 * each kind's `answerReading` (src/kinds/<kind>/<kind>.indexing.ts). A question kind without one
 * (free text) has its texts listed instead.
 */

export type { AnswerReading, Mistake } from '../../src/kinds/kindRules';

/** The reading of a kind's saved answers, or undefined for a kind without right answers. */
export function answerReadingOf(modelName: string): AnswerReading<ContentElement> | undefined {
  if (!Object.hasOwn(KIND_INDEXING, modelName)) return undefined;
  return KIND_INDEXING[modelName as ModelName].answerReading as AnswerReading<ContentElement> | undefined;
}

/** The learner-state fields that hold the answers the results read. */
export const ANSWER_FIELDS = [...new Set(Object.values(KIND_INDEXING).flatMap((indexing) => (indexing.answerReading ? [indexing.answerReading.field] : [])))];
