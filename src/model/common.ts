import { z } from 'zod';

/** Model ids are chosen by authors (stable across re-imports) and appear in URLs and DOM ids. */
export const ModelId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,80}$/, 'ids use letters, digits, "-" and "_" (1–80 characters)');

/** publicIds address materials, chapters and paths in URLs (`/s/{share}/{publicId}/…`). */
export const PublicId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'publicIds use lowercase letters, digits and "-" (1–80 characters)');

/** An html fragment from content. It is sanitised before it reaches the DOM (src/ui/SafeHtml). */
export const Html = z.string();
export const HtmlField = z.strictObject({ html: Html });

export const ContentWidth = z.enum(['default', 'expanded', 'full']);
export const ImageRatio = z.enum(['default', '16-9', '4-3', '3-2', 'square']);
export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is written #rrggbb');

/** Fields every content element shares (spec section 3, "Common content fields"). */
export const commonFields = {
  id: ModelId,
  style: z.string().optional(),
  width: ContentWidth.optional(),
  title: z.string().optional(),
};

export const Asset = z.strictObject({
  /** Path of the file below content/assets (or the asset store of the server). */
  file: z.string().regex(/^[A-Za-z0-9_./-]+$/, 'asset file names use letters, digits, ".", "/", "-" and "_"').refine((f) => !f.split('/').includes('..'), 'asset file names may not contain ".."'),
  focus: z.strictObject({ x: z.number().min(0).max(1).default(0.5), y: z.number().min(0).max(1).default(0.5) }).optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  aspectRatio: z.number().positive().optional(),
  licenseTitle: z.string().optional(),
});
export type Asset = z.infer<typeof Asset>;
export type ImageRatio = z.infer<typeof ImageRatio>;
export type ContentWidth = z.infer<typeof ContentWidth>;
