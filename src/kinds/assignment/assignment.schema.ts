import { z } from 'zod';
import { Asset, commonFields, Html, ModelId } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const AssignmentQuestionItem = z.strictObject({
  id: ModelId,
  modelName: z.literal('AssignmentQuestionItem').default('AssignmentQuestionItem'),
  type: z.enum(['text', 'image']).default('text'),
  text: z.string().optional(),
  image: z.optional(Asset),
});

export const AssignmentQuestionZone = z.strictObject({
  id: ModelId,
  modelName: z.literal('AssignmentQuestionZone').default('AssignmentQuestionZone'),
  type: z.enum(['text', 'image']).default('text'),
  title: z.string(),
  image: z.optional(Asset),
  /** The items that belong in this zone. */
  items: z.array(AssignmentQuestionItem).min(1, 'a zone needs at least one correct item'),
});

export const AssignmentQuestion = z.strictObject({
  ...commonFields,
  modelName: z.literal('AssignmentQuestion'),
  instructions: z._default(Html, ''),
  zones: z.array(AssignmentQuestionZone).min(1, 'an assignment needs at least one zone'),
  disruptors: z.array(AssignmentQuestionItem).default([]),
  submitText: z.string().optional(),
});

export type AssignmentQuestionItem = z.infer<typeof AssignmentQuestionItem>;
export type AssignmentQuestionZone = z.infer<typeof AssignmentQuestionZone>;
export type AssignmentQuestion = z.infer<typeof AssignmentQuestion>;
