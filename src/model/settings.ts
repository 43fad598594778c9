import { z } from 'zod';
import { Asset, HexColor } from './common';

/** Installation-wide settings (spec section 3, Settings). */
export const Settings = z.strictObject({
  $schema: z.string().optional(),
  logo: Asset.optional(),
  logoLink: z.string().optional(),
  /** Overrides of the theme colour family; `primary` replaces the 3A4195 family. */
  themeColorOverrides: z.strictObject({ primary: HexColor.optional() }).default({}),
  copyrightNotice: z.string().optional(),
  metadata: z
    .array(z.strictObject({ key: z.string(), label: z.record(z.string(), z.string()).optional(), displayOnMaterial: z.boolean().default(false) }))
    .default([]),
});
export type Settings = z.infer<typeof Settings>;
