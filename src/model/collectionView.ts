import { z } from 'zod';
import { Asset, HexColor, ModelId, PublicId } from './common';
import { MetadataValue } from './material';

/** What a collection card shows of a material (`items[].material_snapshot`, spec section 3). */
export const MaterialSnapshot = z.object({
  id: ModelId,
  publicId: PublicId,
  title: z.string(),
  cover: Asset.optional(),
  color: HexColor.optional(),
  metadata: z.record(z.string(), MetadataValue).default({}),
  created_at: z.string(),
  description: z.string().default(''),
  duration: z.string().optional(),
});
export type MaterialSnapshot = z.infer<typeof MaterialSnapshot>;

/** A collection as the API answers it: its own fields and its items in order. */
export const CollectionView = z.object({
  modelName: z.literal('Collection'),
  id: ModelId,
  publicId: PublicId,
  title: z.string(),
  description: z.string().default(''),
  cover: Asset.optional(),
  color: HexColor.optional(),
  items: z.array(z.object({ id: ModelId, material_snapshot: MaterialSnapshot })),
});
export type CollectionView = z.infer<typeof CollectionView>;
