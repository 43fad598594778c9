import { z } from 'zod';
import { commonFields, EmbedCode } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

/** Embed code; accepted only as an iframe string (spec section 5). */
export const HtmlElement = z.strictObject({
  ...commonFields,
  modelName: z.literal('HtmlElement'),
  content: z.strictObject({ html: EmbedCode }),
});

export type HtmlElement = z.infer<typeof HtmlElement>;
