import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  CollectionSearchBody,
  FulltextSearchBody,
  MaterialSearchBody,
  type CollectionSearchAnswer,
  type FulltextAnswer,
  type MaterialSearchAnswer,
} from '../../model/search';
import { CollectionPlusSearchBody } from '../../model/searchAcross';
import type { FeatureFlags } from '../../model/pageData';
import { ShareId } from '../../model/tracking';
import type { Database } from '../db/types';
import { HttpError, notFound, parseBody } from '../http/errors';
import { requireShareAccess } from '../http/learnerAccess';
import type { Lookups } from '../store/lookups';
import { EMPTY_FULLTEXT_ANSWER, searchFulltext } from '../store/search';
import { collectionScope, searchMaterials, shareScope } from '../store/searchMaterials';
import { tsQueryText } from '../store/searchText';
import { FULLTEXT_OFF_MESSAGE } from './searchAcross';
import type { Share } from '../store/shares';

const CollectionSearchParams = z.strictObject({ id: ShareId });

export interface SearchRouteOptions {
  db: Database;
  content?: Database;
  lookups: Lookups;
  /** The feature flags as they are now, read at each call: with FULLTEXT_SEARCH off the full-text search answers 404 (spec section 6). */
  featureFlags: () => Promise<FeatureFlags>;
}

/**
 * The search calls of spec section 7 (registered under /api), each within what a share shows: the
 * share's material, or its collection's materials. A private share answers only a logged-in user
 * (403); an unknown share, and a material or collection id outside the share, answer 404 alike.
 */
export async function searchRoutes(app: FastifyInstance, opts: SearchRouteOptions): Promise<void> {
  const { db, lookups } = opts;
  // Searching reads content only: a replica may answer (server/db/readRouting.ts); access is checked on the primary.
  const content = opts.content ?? db;

  /** The share with the visitor's access checked. */
  const openShare = async (request: Parameters<typeof requireShareAccess>[1], publicId: string, what = 'Share not found'): Promise<Share> => {
    const share = await lookups.share(publicId);
    if (!share) throw notFound(what);
    await requireShareAccess(db, request, share);
    return share;
  };

  /** The materials a share covers, in order (the collection itself holds no searchable text). */
  const materialsOf = async (share: Share): Promise<string[]> => (await shareScope(lookups, share)).map((entry) => entry.materialId);

  /**
   * `POST /api/searchFulltext` → `{ data: { results, total, hasMore } }`; 404 while FULLTEXT_SEARCH is off,
   * before the body is checked. A query without words is answered empty at once, before the share is looked up
   * (spec section 5: no search, no result).
   *
   * Barriers: a hit behind a barrier (spec section 4: content after the first barrier of a list stays
   * hidden until the learner passes it) is returned with `barrierId` (the outermost barrier in front
   * of it) and an empty snippet: the server does not know whether this learner passed it, the viewer
   * does (and then shows the hit as it is, or as "behind a barrier"). The text behind a barrier is
   * not secret (the material call sends all of it); it is just not shown before its time.
   */
  app.post('/searchFulltext', async (request): Promise<{ data: FulltextAnswer }> => {
    if (!(await opts.featureFlags()).FULLTEXT_SEARCH) throw new HttpError(404, FULLTEXT_OFF_MESSAGE);
    const body = parseBody(FulltextSearchBody, request.body);
    if (!tsQueryText(body.query)) return { data: EMPTY_FULLTEXT_ANSWER };
    const share = await openShare(request, body.share);
    let materialIds = await materialsOf(share);
    if (body.collectionId && !(share.rootModelName === 'Collection' && share.rootId === body.collectionId)) throw notFound();
    if (body.materialId) {
      if (!materialIds.includes(body.materialId)) throw notFound();
      materialIds = [body.materialId];
    }
    const data = await searchFulltext(content, { query: body.query, materialIds, filters: body.filters, limit: body.limit, offset: body.offset });
    return { data };
  });

  /** The material grid of the collection share `publicId`: a window of its items matching the search. */
  const collectionMaterials = async (request: FastifyRequest, publicId: string, search: CollectionSearchBody): Promise<CollectionSearchAnswer> => {
    const share = await openShare(request, publicId, 'Collection not found');
    if (share.rootModelName !== 'Collection') throw notFound('Collection not found');
    const page = await searchMaterials(content, { ...search, scope: await collectionScope(content, share.rootId) });
    return {
      items: page.found.map((f) => ({ id: f.itemId as string, material_snapshot: f.snapshot })),
      total: page.total,
      hasMore: page.hasMore,
      facetDistribution: page.facetDistribution,
    };
  };

  /** `POST /api/search/collection/{collection share}/materials` → `{ data: { items: [{ id, material_snapshot }], total, hasMore, facetDistribution } }`. */
  app.post('/search/collection/:id/materials', async (request): Promise<{ data: CollectionSearchAnswer }> => {
    const params = parseBody(CollectionSearchParams, request.params);
    const body = parseBody(CollectionSearchBody, request.body);
    return { data: await collectionMaterials(request, params.id, body) };
  });

  /**
   * `POST /api/search` (spec section 7: a collection plus search params) CollectionPlusSearchBody → what
   * `/api/search/collection/{collection}/materials` answers for the rest of the body, refusals alike.
   */
  app.post('/search', async (request): Promise<{ data: CollectionSearchAnswer }> => {
    const { collection, ...search } = parseBody(CollectionPlusSearchBody, request.body);
    return { data: await collectionMaterials(request, collection, search) };
  });

  /** `POST /api/search/materials` → `{ data: { results: [material snapshot], total, hasMore, facetDistribution } }`: the materials of a share. */
  app.post('/search/materials', async (request): Promise<{ data: MaterialSearchAnswer }> => {
    const body = parseBody(MaterialSearchBody, request.body);
    const share = await openShare(request, body.share);
    const page = await searchMaterials(content, { ...body, scope: await shareScope(lookups, share) });
    return { data: { results: page.found.map((f) => f.snapshot), total: page.total, hasMore: page.hasMore, facetDistribution: page.facetDistribution } };
  });
}
