import { z } from 'zod';
import { commonFields, HtmlField } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Text = z.strictObject({
  ...commonFields,
  modelName: z.literal('Text'),
  content: HtmlField,
  size: z.enum(['p-ultra-small', 'p-small', 'p-regular', 'p-big']).default('p-regular'),
});

export type Text = z.infer<typeof Text>;
