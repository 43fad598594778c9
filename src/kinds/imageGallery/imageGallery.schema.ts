import { z } from 'zod';
import { commonFields, ImageRatio } from '../../../model/common';
import { Image } from '../image/image.schema';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const ImageGallery = z.strictObject({
  ...commonFields,
  modelName: z.literal('ImageGallery'),
  content: z.array(Image).min(1, 'a gallery needs at least one image'),
  ratio: z._default(ImageRatio, '16-9'),
});

export type ImageGallery = z.infer<typeof ImageGallery>;
