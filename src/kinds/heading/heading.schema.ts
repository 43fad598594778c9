import { z } from 'zod';
import { commonFields, HtmlField } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Heading = z.strictObject({
  ...commonFields,
  modelName: z.literal('Heading'),
  content: HtmlField,
  level: z.number().int().min(1).max(6).default(2),
});

export type Heading = z.infer<typeof Heading>;
