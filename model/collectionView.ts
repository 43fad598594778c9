import * as z from 'zod/mini';
import { Asset, HexColor, MetadataValue, ModelId, PublicId } from './common';

/** What a collection card shows of a material (`items[].material_snapshot`, spec section 3). */
export const MaterialSnapshot = z.object({
  id: ModelId,
  publicId: PublicId,
  title: z.string(),
  cover: z.optional(Asset),
  color: z.optional(HexColor),
  metadata: z._default(z.record(z.string(), MetadataValue), {}),
  created_at: z.string(),
  description: z._default(z.string(), ''),
  duration: z.optional(z.string()),
});
export type MaterialSnapshot = z.infer<typeof MaterialSnapshot>;

/** A collection as the API answers it: its own fields and its items in order (zod/mini: parsed in the browser, see common.ts). */
export const CollectionView = z.object({
  modelName: z.literal('Collection'),
  id: ModelId,
  publicId: PublicId,
  title: z.string(),
  description: z._default(z.string(), ''),
  cover: z.optional(Asset),
  color: z.optional(HexColor),
  items: z.array(z.object({ id: ModelId, material_snapshot: MaterialSnapshot })),
});
export type CollectionView = z.infer<typeof CollectionView>;
