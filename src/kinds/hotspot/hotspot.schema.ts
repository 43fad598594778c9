import { z } from 'zod';
import { Asset, commonFields, Html, ImageRatio, ModelId } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const HotspotSpot = z.strictObject({
  id: ModelId,
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  title: z.string(),
  content: z._default(Html, ''),
});

export const Hotspot = z.strictObject({
  ...commonFields,
  modelName: z.literal('Hotspot'),
  asset: Asset,
  caption: z.optional(Html),
  ratio: z._default(ImageRatio, 'default'),
  /** Shows "n of total" on each spot. */
  order: z.boolean().default(false),
  elements: z.array(HotspotSpot).min(1, 'a hotspot image needs at least one spot'),
});

export type HotspotSpot = z.infer<typeof HotspotSpot>;
export type Hotspot = z.infer<typeof Hotspot>;
