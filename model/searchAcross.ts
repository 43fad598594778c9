import * as z from 'zod/mini';
import { Asset, HexColor, ModelId, PublicId } from './common';
import { CollectionSearchBody, FacetDistribution, FulltextHit, FulltextSearchBody, MaterialSearchBody } from './search';
import { ShareId } from './tracking';

/*
 * The search calls of spec section 7 beside those of ./search.ts, with the same search params (query,
 * sort, filters, lang, and the window limit and offset, as the client pages them: spec section 7):
 * full text across the materials the caller may open, the collections the caller may open, and
 * `search` (a collection plus search params). What the caller may open without naming a share: the materials and collections of listed
 * shares (the landing page's), and for a logged-in account those whose private share it may open (spec
 * section 6; server/store/openRoots.ts). Naming `share` (its link is its key), what that share covers.
 * Answers come as `{ data: … }`.
 */

/** The share a result opens through, as the page data names a share: `/s/{publicId}/…`, a collection's material below it. */
export const ResultShare = z.object({ publicId: ShareId, rootModelName: z.enum(['Material', 'Collection']) });
export type ResultShare = z.infer<typeof ResultShare>;

/**
 * Body of `POST /api/search/materials/fulltext`. `share` names a share to search within; without it, the
 * caller searches every material it may open. `materialId` narrows to one of those materials,
 * `collectionId` to the materials of one of those collections.
 */
export const MaterialsFulltextBody = z.extend(FulltextSearchBody, { share: z.optional(z.nullable(ShareId)) });
export type MaterialsFulltextBody = z.infer<typeof MaterialsFulltextBody>;

/** A full-text hit (as `searchFulltext` answers it) with the share to open it through. */
export const MaterialsFulltextHit = z.extend(FulltextHit, { share: ResultShare });
export type MaterialsFulltextHit = z.infer<typeof MaterialsFulltextHit>;

export const MaterialsFulltextAnswer = z.object({ results: z.array(MaterialsFulltextHit), total: z.int(), totalIsLowerBound: z.boolean(), hasMore: z.boolean() });
export type MaterialsFulltextAnswer = z.infer<typeof MaterialsFulltextAnswer>;

/**
 * Body of `POST /api/search/collections`: `share` as in MaterialsFulltextBody; the query matches a
 * collection's title and description; the filters and facets are its materials' metadata (a collection
 * has a value when one of its materials has it). Sorts as the material search page (spec section 9),
 * newest first by default.
 */
export const CollectionsSearchBody = z.extend(MaterialSearchBody, { share: z.optional(z.nullable(ShareId)) });
export type CollectionsSearchBody = z.infer<typeof CollectionsSearchBody>;

/** A collection as a search result: what a card shows of it, and the share to open it through. */
export const CollectionCard = z.object({
  id: ModelId,
  publicId: PublicId,
  title: z.string(),
  description: z.string(),
  cover: z.optional(Asset),
  color: z.optional(HexColor),
  created_at: z.string(),
  itemCount: z.int(),
  share: ShareId,
});
export type CollectionCard = z.infer<typeof CollectionCard>;

export const CollectionsSearchAnswer = z.object({
  results: z.array(CollectionCard),
  total: z.int(),
  hasMore: z.boolean(),
  facetDistribution: FacetDistribution,
});
export type CollectionsSearchAnswer = z.infer<typeof CollectionsSearchAnswer>;

/**
 * Body of `POST /api/search` (spec section 7: a collection plus search params): `collection` is the
 * collection's share, as in `/api/search/collection/{share}/materials`, whose body the rest is and whose
 * answer it answers.
 */
export const CollectionPlusSearchBody = z.extend(CollectionSearchBody, { collection: ShareId });
export type CollectionPlusSearchBody = z.infer<typeof CollectionPlusSearchBody>;
