import * as z from 'zod/mini';
import { ModelId } from './common';
import { MaterialSnapshot } from './collectionView';
import { ShareId } from './tracking';

/*
 * The search calls (spec sections 3, 7 and 9): full text over a share's content, the material grid of
 * a collection and the material search page with facets. Client and server parse with these schemas
 * (zod/mini, see common.ts). Every answer comes as `{ data: … }` like the other calls.
 */

/** Most results one call answers. */
export const SEARCH_LIMIT_MAX = 100;
/** Most words a full-text hit names as matched (a long text may hold many forms of a word). */
export const MATCHED_WORDS_MAX = 20;
/** Longest query accepted, in characters. */
export const SEARCH_QUERY_MAX_CHARS = 200;

/** The address of a collection's material search, below the share's (`/s/{share}/materials/`). */
export const CATALOGUE_SEGMENT = 'materials';

/** Material search page sorts (spec section 9); the first is the default. */
export const MATERIAL_SORTS = ['created_at:desc', 'created_at:asc', 'title:asc', 'title:desc'] as const;
/** Collection material grid sorts (spec section 9); the first is the default. */
export const COLLECTION_SORTS = ['order:asc', 'created_at:desc', 'created_at:asc', 'material.title:asc', 'material.title:desc'] as const;
export type MaterialSort = (typeof MATERIAL_SORTS)[number];
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

export const SearchLimit = z.int().check(z.minimum(1), z.maximum(SEARCH_LIMIT_MAX));
export const SearchOffset = z.int().check(z.minimum(0), z.maximum(1_000_000));
export const SearchQuery = z.string().check(z.maxLength(SEARCH_QUERY_MAX_CHARS));

/** A facet and filter key: `metadata.<name>` of the materials' metadata. */
export const FacetKey = z.string().check(z.regex(/^metadata\..{1,100}$/s, 'filter keys are metadata.<name>'));

/**
 * Values picked per facet: a material matches when, for every facet, its metadata value (or one of
 * its values) is one of those picked. A facet with no value picked filters nothing.
 */
export const SearchFilters = z.record(FacetKey, z.array(z.string().check(z.maxLength(200))).check(z.maxLength(50)));
export type SearchFilters = z.infer<typeof SearchFilters>;

/** The interface language of the search params: accepted and not used (each material is searched in its own language). */
const SearchLang = z.optional(z.nullable(z.string().check(z.maxLength(16))));

/**
 * Body of `POST /api/searchFulltext`. The query's words must all occur (stemmed by the material's
 * language); the last one also matches as the start of a word. `materialId` narrows to one
 * material of the share, `collectionId` (the share's collection) to the collection's materials.
 */
export const FulltextSearchBody = z.strictObject({
  share: ShareId,
  query: SearchQuery,
  limit: z._default(SearchLimit, 20),
  offset: z._default(SearchOffset, 0),
  filters: z._default(SearchFilters, {}),
  materialId: z.optional(z.nullable(ModelId)),
  collectionId: z.optional(z.nullable(ModelId)),
  lang: SearchLang,
});
export type FulltextSearchBody = z.infer<typeof FulltextSearchBody>;

/** A breadcrumb of a result: the material or a chapter above it. */
export const SearchCrumb = z.object({ title: z.string(), publicId: z.string(), modelName: z.enum(['Material', 'Chapter']) });
export type SearchCrumb = z.infer<typeof SearchCrumb>;

export const FulltextHit = z.object({
  id: ModelId,
  modelName: z.string(),
  /** The element to scroll to: the outermost foldable, gallery, hotspot or path around the hit on its page, else the hit. */
  anchorId: ModelId,
  /** The material and chapters above the hit, outermost first (a material's own hit: the material alone). */
  path: z.array(SearchCrumb),
  /** The barrier the hit sits behind (its snippet is then empty); null when it is not behind one. */
  barrierId: z.nullable(ModelId),
  /** The snippet: escaped text with each match in `<mark>…</mark>`; no other markup. */
  _formatted: z.object({ plainText: z.string() }),
  /**
   * The words of the hit's text the query matched (found by their stems), as the snippet marks them:
   * lower case, each once, in reading order, at most MATCHED_WORDS_MAX; none behind a barrier. The
   * page the hit opens marks them (model/highlight.ts).
   */
  matchedWords: z._default(z.array(z.string()).check(z.maxLength(MATCHED_WORDS_MAX)), []),
});
export type FulltextHit = z.infer<typeof FulltextHit>;

/**
 * `total` counts the hits up to a cap (server/store/search.ts, COUNT_CAP); `totalIsLowerBound` is true
 * when there are more hits than `total` (shown as "Results (total+)"). `hasMore`: a later page has hits.
 */
export const FulltextAnswer = z.object({ results: z.array(FulltextHit), total: z.int(), totalIsLowerBound: z.boolean(), hasMore: z.boolean() });
export type FulltextAnswer = z.infer<typeof FulltextAnswer>;

/** Result count per value of each facet (`metadata.<name>` → value → count) under the query and filters. */
export const FacetDistribution = z.record(z.string(), z.record(z.string(), z.int()));
export type FacetDistribution = z.infer<typeof FacetDistribution>;

/** Body of `POST /api/search/collection/{collection share}/materials`; the query matches material titles and descriptions. */
export const CollectionSearchBody = z.strictObject({
  query: z._default(SearchQuery, ''),
  sort: z._default(z.enum(COLLECTION_SORTS), COLLECTION_SORTS[0]),
  filters: z._default(SearchFilters, {}),
  limit: z._default(SearchLimit, 20),
  offset: z._default(SearchOffset, 0),
  lang: SearchLang,
});
export type CollectionSearchBody = z.infer<typeof CollectionSearchBody>;

export const CollectionSearchAnswer = z.object({
  items: z.array(z.object({ id: ModelId, material_snapshot: MaterialSnapshot })),
  total: z.int(),
  hasMore: z.boolean(),
  facetDistribution: FacetDistribution,
});
export type CollectionSearchAnswer = z.infer<typeof CollectionSearchAnswer>;

/** Body of `POST /api/search/materials`: the materials of a share; the query matches titles and descriptions. */
export const MaterialSearchBody = z.strictObject({
  share: ShareId,
  query: z._default(SearchQuery, ''),
  sort: z._default(z.enum(MATERIAL_SORTS), MATERIAL_SORTS[0]),
  filters: z._default(SearchFilters, {}),
  limit: z._default(SearchLimit, 20),
  offset: z._default(SearchOffset, 0),
  lang: SearchLang,
});
export type MaterialSearchBody = z.infer<typeof MaterialSearchBody>;

export const MaterialSearchAnswer = z.object({
  results: z.array(MaterialSnapshot),
  total: z.int(),
  hasMore: z.boolean(),
  facetDistribution: FacetDistribution,
});
export type MaterialSearchAnswer = z.infer<typeof MaterialSearchAnswer>;
