import { z } from 'zod';
import { Asset, commonFields, Html, ImageRatio } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Image = z.strictObject({
  ...commonFields,
  modelName: z.literal('Image'),
  asset: Asset,
  alt: z.string().optional(),
  caption: z.optional(Html),
  ratio: z._default(ImageRatio, 'default'),
  aspectRatio: z.number().positive().optional(),
  /** default shows the whole image (contain); crop fills the frame (cover) around the focus point. */
  cropMode: z.enum(['default', 'crop']).default('default'),
});

export type Image = z.infer<typeof Image>;
