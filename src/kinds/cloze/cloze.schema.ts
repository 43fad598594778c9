import { z } from 'zod';
import { commonFields, Html } from '../../../model/common';
import { RichTextDocument } from '../../../model/richText';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const ClozeQuestion = z.strictObject({
  ...commonFields,
  modelName: z.literal('ClozeQuestion'),
  question: z._default(Html, ''),
  /** Rich text whose gap nodes are the gaps, in reading order. */
  content: RichTextDocument,
  feedbackPositive: z.optional(Html),
  feedbackNegative: z.optional(Html),
  submitText: z.string().optional(),
});

export type ClozeQuestion = z.infer<typeof ClozeQuestion>;
