import { z } from 'zod';
import { Asset, commonFields, Html } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Certificate = z.strictObject({
  ...commonFields,
  modelName: z.literal('Certificate'),
  title: z.string(),
  description: z._default(Html, ''),
  /** May hold a `[questions] [id] [id]` block naming free-text elements whose answers are printed. */
  content: z._default(Html, ''),
  validity: z.string().default(''),
  logo: z.optional(Asset),
});

export type Certificate = z.infer<typeof Certificate>;
