import * as z from 'zod/mini';

/*
 * Written with zod/mini (the same zod, its tree-shakable functional API): these schemas are parsed in
 * the browser's first route too (page data, learner state, tracking), where zod's classic API would
 * cost some 20 KiB gzip. Classic schemas (elements.ts, material.ts) embed them as they are; wrap them
 * there with `z.optional(Asset)` / `z._default(Html, '')` instead of `Asset.optional()`.
 */

/** Model ids are chosen by authors (stable across re-imports) and appear in URLs and DOM ids. */
export const ModelId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,80}$/, 'ids use letters, digits, "-" and "_" (1–80 characters)'));

/** publicIds address materials, chapters and paths in URLs (`/s/{share}/{publicId}/…`). */
export const PublicId = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'publicIds use lowercase letters, digits and "-" (1–80 characters)'));

/** An html fragment from content. It is sanitised before it reaches the DOM (paint/SafeHtml). */
export const Html = z.string();
export const HtmlField = z.strictObject({ html: Html });
/**
 * Embed code: accepted only as an iframe string (spec section 5). Reduced to that one iframe with safe
 * attributes at import (model/sanitize.ts sanitizeEmbed), as html fields are sanitised.
 */
export const EmbedCode = z.string().check(z.regex(/^\s*<iframe\b[^]*<\/iframe>\s*$/i, 'embed code is accepted only as an iframe string'));

export const ContentWidth = z.enum(['default', 'expanded', 'full']);
export const ImageRatio = z.enum(['default', '16-9', '4-3', '3-2', 'square']);
export const HexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'a colour is written #rrggbb'));

/** A metadata value of a material: one string or several. */
export const MetadataValue = z.union([z.string(), z.array(z.string())]);

/** Fields every content element shares (spec section 3, "Common content fields"). */
export const commonFields = {
  id: ModelId,
  style: z.optional(z.string()),
  width: z.optional(ContentWidth),
  title: z.optional(z.string()),
};

const Fraction = z._default(z.number().check(z.minimum(0), z.maximum(1)), 0.5);

export const Asset = z.strictObject({
  /** Path of the file below content/assets (or the asset store of the server). */
  file: z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9_./-]+$/, 'asset file names use letters, digits, ".", "/", "-" and "_"'),
      z.refine((f) => !f.split('/').includes('..'), 'asset file names may not contain ".."'),
    ),
  focus: z.optional(z.strictObject({ x: Fraction, y: Fraction })),
  width: z.optional(z.int().check(z.positive())),
  height: z.optional(z.int().check(z.positive())),
  aspectRatio: z.optional(z.number().check(z.positive())),
  licenseTitle: z.optional(z.string()),
});
export type Asset = z.infer<typeof Asset>;
export type ImageRatio = z.infer<typeof ImageRatio>;
export type ContentWidth = z.infer<typeof ContentWidth>;
