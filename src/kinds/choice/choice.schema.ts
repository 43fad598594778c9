import { z } from 'zod';
import { commonFields, Html, ModelId } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Choice = z.strictObject({
  id: ModelId,
  modelName: z.literal('Choice').default('Choice'),
  text: Html,
  correct: z.boolean(),
});

export const ChoiceQuestion = z.strictObject({
  ...commonFields,
  modelName: z.literal('ChoiceQuestion'),
  type: z.enum(['sc', 'mc']),
  question: Html,
  choices: z.array(Choice).min(2, 'a choice question needs at least two choices'),
  randomizeOrder: z.boolean().default(false),
  useNeutralFeedback: z.boolean().default(false),
  submitText: z.string().optional(),
  feedbackPositive: z.optional(Html),
  feedbackNegative: z.optional(Html),
  feedbackNeutral: z.optional(Html),
});

export type Choice = z.infer<typeof Choice>;
export type ChoiceQuestion = z.infer<typeof ChoiceQuestion>;
