import { fromPromise } from 'xstate';
import * as z from 'zod/mini';
import type { FeedbackRequest, FeedbackResult } from '../kinds/freeText/freeText.machine';
import type { Lang } from '../../model/pageData';
import { call } from './client';

const FeedbackAnswer = z.object({ ok: z.literal(true), feedback: z.string(), correct: z.optional(z.boolean()) });

/**
 * The free-text machine's `generateFeedback` actor for one share: the server's feedback call
 * (spec section 7, taskbase/feedback). Any failure becomes `{ ok: false }` and is logged (spec section 8).
 */
export function generateFeedbackActor(apiBase: string, share: string, lang: () => Lang) {
  return fromPromise<FeedbackResult, FeedbackRequest>(async ({ input }) => {
    try {
      return await call(apiBase, 'taskbase/feedback/', { share, elementId: input.elementId, userAnswer: input.userAnswer, lang: lang() }, FeedbackAnswer);
    } catch (error) {
      console.error('Generated feedback failed:', error);
      return { ok: false };
    }
  });
}
