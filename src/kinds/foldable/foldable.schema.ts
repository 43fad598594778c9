import { z } from 'zod';
import { commonFields } from '../../../model/common';

/* The kind's content schema (spec section 3). It holds any element: model/elements.ts hands it the union (`element`). */

export const foldableSchema = <E extends z.ZodType>(element: () => E) =>
  z.strictObject({
    ...commonFields,
    modelName: z.literal('Foldable'),
    title: z.string(),
    folded: z.boolean().default(true),
    get content(): z.ZodArray<E> {
      return z.array(element());
    },
  });

/** The schema `foldableSchema` makes for children parsed by `E`. */
export type FoldableSchema<E extends z.ZodType> = ReturnType<typeof foldableSchema<E>>;
