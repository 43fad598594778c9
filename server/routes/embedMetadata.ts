import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { EmbedMetadata } from '../../model/embedMetadata';
import { ShareId } from '../../model/tracking';
import type { Database } from '../db/types';
import { MAX_URL_LENGTH } from '../embed/addressPolicy';
import { embedMetadataLookupFromEnv, type EmbedMetadataLookup } from '../embed/metadataLookup';
import { notFound, parseBody } from '../http/errors';
import { requireShareAccess } from '../http/learnerAccess';
import { rootsLinkTo } from '../store/linkedUrls';
import type { Lookups } from '../store/lookups';

export const EmbedMetadataQuery = z.strictObject({
  uri: z.string().check(z.minLength(1), z.maxLength(MAX_URL_LENGTH)),
  share: ShareId,
});

/**
 * `GET /api/embed-metadata?uri=…&share=…` → `{ data: EmbedMetadata }` (registered under /api; spec
 * section 7). Not an open proxy: only for a URL that a Link or IFrame of the share's material names;
 * any other URL, like an unknown share, answers the same 404. A private share answers only a
 * logged-in user (403). Whatever goes wrong fetching the page answers `{ data: {} }` (why: logged at debug).
 * `lookup` defaults to the environment's: none unless EMBED_METADATA_LOOKUP=on (server/embed/metadataLookup.ts).
 */
export async function embedMetadataRoutes(app: FastifyInstance, opts: { db: Database; lookups: Lookups; lookup?: EmbedMetadataLookup }): Promise<void> {
  const { db, lookups } = opts;
  const lookup = opts.lookup ?? embedMetadataLookupFromEnv(process.env, { onFailure: (uri, reason) => app.log.debug({ uri, reason }, 'embed metadata not found') });

  app.get('/embed-metadata', async (request, reply): Promise<{ data: EmbedMetadata }> => {
    const query = parseBody(EmbedMetadataQuery, request.query);
    const share = await lookups.share(query.share);
    if (!share) throw notFound();
    await requireShareAccess(db, request, share);
    if (!(await rootsLinkTo(db, [...(await lookups.coveredRoots(share))], query.uri))) throw notFound();
    reply.header('cache-control', 'private, max-age=3600');
    return { data: await lookup.metadata(query.uri) };
  });
}
