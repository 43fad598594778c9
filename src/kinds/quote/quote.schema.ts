import { z } from 'zod';
import { commonFields } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Quote = z.strictObject({
  ...commonFields,
  modelName: z.literal('Quote'),
  text: z.string().default(''),
  author: z.string().default(''),
});

export type Quote = z.infer<typeof Quote>;
