import { z } from 'zod';
import { commonFields } from '../../../model/common';

/* The kind's content schema (spec section 3). It holds any element: model/elements.ts hands it the union (`element`). */

export const highlightedSchema = <E extends z.ZodType>(element: () => E) =>
  z.strictObject({
    ...commonFields,
    modelName: z.literal('HighlightedElement'),
    style: z.enum(['flow', 'flow-outline', 'stretch', 'plain']).default('flow'),
    get content(): z.ZodArray<E> {
      return z.array(element());
    },
  });

/** The schema `highlightedSchema` makes for children parsed by `E`. */
export type HighlightedSchema<E extends z.ZodType> = ReturnType<typeof highlightedSchema<E>>;
