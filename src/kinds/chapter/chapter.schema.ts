import { z } from 'zod';
import { Asset, commonFields, PublicId } from '../../../model/common';
import { pathStepFields } from '../../../model/pathStep';

/* The kind's content schema (spec section 3). A chapter holds any element: model/elements.ts hands it the union (`element`). */

export const ChapterEvaluationType = z.enum(['scrolling', 'selfCompletion', 'composite', 'other']);

export const chapterSchema = <E extends z.ZodType>(element: () => E) =>
  z.strictObject({
    ...commonFields,
    ...pathStepFields,
    modelName: z.literal('Chapter'),
    publicId: PublicId,
    title: z.string(),
    cover: z.optional(Asset),
    hideHeaderImage: z.boolean().default(false),
    evaluationType: ChapterEvaluationType.default('composite'),
    get content(): z.ZodArray<E> {
      return z.array(element());
    },
  });

/** The schema `chapterSchema` makes for children parsed by `E`. */
export type ChapterSchema<E extends z.ZodType> = ReturnType<typeof chapterSchema<E>>;
