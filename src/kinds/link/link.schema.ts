import { z } from 'zod';
import { commonFields, Html } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

/** The link/embed element: an embedded frame, a link card or a plain link. */
export const Link = z.strictObject({
  ...commonFields,
  modelName: z.literal('Link'),
  url: z.string(),
  mode: z.enum(['embed', 'card', 'url']).default('card'),
  caption: z.optional(Html),
  aspectRatio: z.number().positive().optional(),
  text: z.string().optional(),
  openInCurrentTab: z.boolean().default(false),
});

export type Link = z.infer<typeof Link>;
