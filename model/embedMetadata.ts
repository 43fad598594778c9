import * as z from 'zod/mini';

/** The path of the embed-metadata lookup under the API base: `GET {api}/embed-metadata?uri=…&share=…` (spec section 7). */
export const EMBED_METADATA_PATH = 'embed-metadata';

export const EMBED_TITLE_MAX = 300;
export const EMBED_DESCRIPTION_MAX = 1000;
/** At most this many icons and thumbnails each. */
export const EMBED_LINKS_MAX = 4;

const MetadataLink = z.object({ href: z.string() });

/**
 * What the lookup answers for a page (spec section 7): `meta.title`, `meta.description`, and `links`
 * with icon and thumbnail hrefs (absolute http(s) URLs). Every part is optional: a failed lookup
 * answers `{}` and the card stays without them. No `html`: embeds are made by the viewer
 * (model/embedProviders.ts), never from markup a third party sends.
 */
export const EmbedMetadata = z.object({
  meta: z.optional(z.object({ title: z.optional(z.string()), description: z.optional(z.string()) })),
  links: z.optional(z.object({ icon: z.optional(z.array(MetadataLink)), thumbnail: z.optional(z.array(MetadataLink)) })),
});
export type EmbedMetadata = z.infer<typeof EmbedMetadata>;
