import type { FastifyInstance } from 'fastify';
import { CurrentPublicationBody, type CurrentPublication } from '../../model/currentPublication';
import type { Database } from '../db/types';
import { parseBody } from '../http/errors';
import { requireShareMaterial } from '../http/learnerAccess';
import type { Lookups } from '../store/lookups';

/**
 * `POST /api/publication/current` `{ share, materialId }` → `{ data: { id } }` (issue 24): the publication a
 * share's material shows now, for a page that polls whether it was drawn from an older one. The access rules
 * of `GET /api/material/{share}/{id}` (a collection share covers its materials); unknown and not-yours answer
 * the same 404. From the cached lookups, cleared on every server when content changes, so polling costs a
 * map lookup; browsers ask again every time (`private, no-cache`).
 */
export async function currentPublicationRoutes(app: FastifyInstance, opts: { db: Database; lookups: Lookups }): Promise<void> {
  const { db, lookups } = opts;
  app.post('/publication/current', async (request, reply) => {
    const body = parseBody(CurrentPublicationBody, request.body);
    await requireShareMaterial(db, lookups, request, body.share, body.materialId);
    reply.header('cache-control', 'private, no-cache');
    return { data: { id: await lookups.currentPublication(body.materialId) } satisfies CurrentPublication };
  });
}
