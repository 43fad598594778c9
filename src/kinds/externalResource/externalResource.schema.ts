import { z } from 'zod';
import { Asset, commonFields, PublicId } from '../../../model/common';
import { pathStepFields } from '../../../model/pathStep';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

/** An external resource: a page shown in a frame on its own screen (`iframe/{id}`). */
export const IFrame = z.strictObject({
  ...commonFields,
  ...pathStepFields,
  modelName: z.literal('IFrame'),
  publicId: z.optional(PublicId),
  title: z.string(),
  url: z.string(),
  cover: z.optional(Asset),
  aspectRatio: z.number().positive().optional(),
});

export type IFrame = z.infer<typeof IFrame>;
