import { z } from 'zod';
import { commonFields } from '../../../model/common';

/*
 * The kind's content schema (spec section 3). Its columns hold any element: model/elements.ts hands
 * it the union of every kind (`element`), read only when a column is parsed, so the two never import
 * each other.
 */

export const columnsSchema = <E extends z.ZodType>(element: () => E) =>
  z.strictObject({
    ...commonFields,
    modelName: z.literal('Columns'),
    ratio: z.number().min(0).max(1).default(0.5),
    verticalAlign: z.enum(['top', 'middle', 'bottom']).default('top'),
    style: z.enum(['flow', 'flow-outline', 'stretch', 'plain']).default('plain'),
    get left(): z.ZodArray<E> {
      return z.array(element());
    },
    get right(): z.ZodArray<E> {
      return z.array(element());
    },
  });

/** The schema `columnsSchema` makes for children parsed by `E`. */
export type ColumnsSchema<E extends z.ZodType> = ReturnType<typeof columnsSchema<E>>;
