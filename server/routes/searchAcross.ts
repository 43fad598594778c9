import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeatureFlags } from '../../model/pageData';
import {
  CollectionsSearchBody,
  MaterialsFulltextBody,
  type CollectionsSearchAnswer,
  type MaterialsFulltextAnswer,
  type ResultShare,
} from '../../model/searchAcross';
import { currentUser } from '../auth/sessionCookie';
import type { Database } from '../db/types';
import { HttpError, parseBody } from '../http/errors';
import { mayOpenPrivateShare } from '../http/learnerAccess';
import type { Lookups } from '../store/lookups';
import { materialsOpenTo, rootsOpenTo, type OpenMaterial } from '../store/openRoots';
import { EMPTY_FULLTEXT_ANSWER, searchFulltext } from '../store/search';
import { searchCollections, type ScopeCollection } from '../store/searchCollections';
import { collectionScope } from '../store/searchMaterials';
import { tsQueryText } from '../store/searchText';
import type { Share } from '../store/shares';

/** What every refusal of a share, material or collection the caller may not search says, whether it exists or not. */
const notFoundAt = (path: string) => new HttpError(404, 'Not found', [{ path, message: 'Not found' }]);

export const FULLTEXT_OFF_MESSAGE = 'Full-text search is switched off on this server (FULLTEXT_SEARCH)';

/**
 * The search calls of spec section 7 over what the caller may open (registered under /api):
 *
 * - `POST /search/materials/fulltext` MaterialsFulltextBody → `{ data: MaterialsFulltextAnswer }`: full
 *   text as `searchFulltext` (same index, stemming, ranking, snippets and barrier rule, same window of
 *   limit and offset); each hit names the share it opens through. 404 while FULLTEXT_SEARCH is off.
 * - `POST /search/collections` CollectionsSearchBody → `{ data: CollectionsSearchAnswer }`.
 *
 * Who searches what: without `share`, the materials or collections open to the caller
 * (server/store/openRoots.ts: listed shares', and a logged-in account's private ones); naming `share`,
 * what that share covers. A share that is unknown or that the caller may not open (a private one
 * without a login or a permission), and a `materialId` or `collectionId` outside what the caller
 * searches, answer 404 exactly as an id that exists nowhere, naming the field.
 */
export async function searchAcrossRoutes(
  app: FastifyInstance,
  opts: { db: Database; content?: Database; lookups: Lookups; featureFlags: () => Promise<FeatureFlags> },
): Promise<void> {
  const { db, lookups } = opts;
  // Search reads content only: a replica may answer (server/db/readRouting.ts); who may open what is read on the primary.
  const content = opts.content ?? db;

  /** The named share, when the caller may open it (404 at `share` otherwise). */
  const openShare = async (request: FastifyRequest, publicId: string): Promise<Share> => {
    const share = await lookups.share(publicId);
    if (!share) throw notFoundAt('share');
    if (share.settings.private) {
      const user = await currentUser(db, request);
      if (!user || !(await mayOpenPrivateShare(db, share, user))) throw notFoundAt('share');
    }
    return share;
  };

  /** The materials a share covers, in its order, each through the share. */
  const materialsOfShare = async (share: Share): Promise<OpenMaterial[]> => {
    const through: ResultShare = { publicId: share.publicId, rootModelName: share.rootModelName };
    const covered = [...(await lookups.coveredRoots(share))].filter((id) => id !== share.rootId || share.rootModelName === 'Material');
    return covered.map((materialId) => ({ materialId, share: through }));
  };

  /** The materials searched: the share's or the caller's, narrowed to `collectionId`, then `materialId` (404 outside them). */
  const searchedMaterials = async (request: FastifyRequest, body: MaterialsFulltextBody): Promise<OpenMaterial[]> => {
    let materials: OpenMaterial[];
    if (body.share) {
      const share = await openShare(request, body.share);
      if (body.collectionId && !(share.rootModelName === 'Collection' && share.rootId === body.collectionId)) throw notFoundAt('collectionId');
      materials = await materialsOfShare(share);
    } else if (body.collectionId) {
      const user = await currentUser(db, request);
      const collection = (await rootsOpenTo(db, user)).find((r) => r.rootModelName === 'Collection' && r.rootId === body.collectionId);
      if (!collection) throw notFoundAt('collectionId');
      const through: ResultShare = { publicId: collection.share, rootModelName: 'Collection' };
      materials = (await collectionScope(db, collection.rootId)).map((item) => ({ materialId: item.materialId, share: through }));
    } else {
      materials = await materialsOpenTo(db, await currentUser(db, request));
    }
    if (!body.materialId) return materials;
    const one = materials.find((m) => m.materialId === body.materialId);
    if (!one) throw notFoundAt('materialId');
    return [one];
  };

  app.post('/search/materials/fulltext', async (request): Promise<{ data: MaterialsFulltextAnswer }> => {
    if (!(await opts.featureFlags()).FULLTEXT_SEARCH) throw new HttpError(404, FULLTEXT_OFF_MESSAGE);
    const body = parseBody(MaterialsFulltextBody, request.body);
    // A query without words: no search, no result (spec section 5), whoever asks.
    if (!tsQueryText(body.query)) return { data: { ...EMPTY_FULLTEXT_ANSWER, results: [] } };
    const materials = await searchedMaterials(request, body);
    const answer = await searchFulltext(content, { query: body.query, materialIds: materials.map((m) => m.materialId), filters: body.filters, limit: body.limit, offset: body.offset });
    const shareOf = new Map(materials.map((m) => [m.materialId, m.share]));
    const materialOf = await hitMaterials(content, answer.results.map((hit) => hit.id));
    // A hit whose material a re-import took away since the search is left out.
    const results = answer.results.flatMap((hit) => {
      const share = shareOf.get(materialOf.get(hit.id) ?? '');
      return share ? [{ ...hit, share }] : [];
    });
    return { data: { ...answer, results } };
  });

  app.post('/search/collections', async (request): Promise<{ data: CollectionsSearchAnswer }> => {
    const body = parseBody(CollectionsSearchBody, request.body);
    let scope: ScopeCollection[];
    if (body.share) {
      const share = await openShare(request, body.share);
      scope = share.rootModelName === 'Collection' ? [{ collectionId: share.rootId, share: share.publicId }] : [];
    } else {
      const roots = await rootsOpenTo(db, await currentUser(db, request));
      scope = roots.filter((r) => r.rootModelName === 'Collection').map((r) => ({ collectionId: r.rootId, share: r.share }));
    }
    const data = await searchCollections(content, { scope, query: body.query, sort: body.sort, filters: body.filters, limit: body.limit, offset: body.offset });
    return { data };
  });
}

/** The material of each entry of the search index, by entry id. */
async function hitMaterials(db: Database, entryIds: readonly string[]): Promise<Map<string, string>> {
  if (!entryIds.length) return new Map();
  const rows = await db.query<{ id: string; material_id: string }>('SELECT id, material_id FROM search_entries WHERE id = ANY ($1::text[])', [[...entryIds]]);
  return new Map(rows.map((r) => [r.id, r.material_id]));
}
