import { z } from 'zod';
import { commonFields, PublicId } from '../../../model/common';

/*
 * The kind's content schema (spec section 3). A path's steps are chapters and external resources:
 * model/elements.ts hands it their union (`step`), read only when the steps are parsed.
 */

export const pathSchema = <S extends z.ZodType>(step: () => S) =>
  z.strictObject({
    ...commonFields,
    modelName: z.literal('Path'),
    publicId: z.optional(PublicId),
    get content(): z.ZodArray<S> {
      return z.array(step()).min(1, 'a path needs at least one step');
    },
  });

/** The schema `pathSchema` makes for children parsed by `S`. */
export type PathSchema<S extends z.ZodType> = ReturnType<typeof pathSchema<S>>;
