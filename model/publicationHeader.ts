/** The header a material answer names its publication in (absent when the material has none; issue 24). */
export const PUBLICATION_HEADER = 'publication-id';
