import { z } from 'zod';
import { commonFields, HtmlField } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const FreeTextInput = z.strictObject({
  ...commonFields,
  modelName: z.literal('FreeTextInput'),
  instructions: HtmlField,
  placeholder: z.string().optional(),
  useGenerativeFeedback: z.boolean().default(false),
  feedback: z.optional(HtmlField),
  submitText: z.string().optional(),
});

export type FreeTextInput = z.infer<typeof FreeTextInput>;
