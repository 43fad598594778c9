import * as z from 'zod/mini';
import { Asset, HexColor } from './common';

/** Installation-wide settings (spec section 3, Settings). Part of the page data: zod/mini (see common.ts). */
export const Settings = z.strictObject({
  $schema: z.optional(z.string()),
  logo: z.optional(Asset),
  logoLink: z.optional(z.string()),
  /** Overrides of the theme colour family; `primary` replaces the 3A4195 family. */
  themeColorOverrides: z._default(z.strictObject({ primary: z.optional(HexColor) }), {}),
  copyrightNotice: z.optional(z.string()),
  metadata: z._default(
    z.array(z.strictObject({ key: z.string(), label: z.optional(z.record(z.string(), z.string())), displayOnMaterial: z._default(z.boolean(), false) })),
    [],
  ),
});
export type Settings = z.infer<typeof Settings>;
