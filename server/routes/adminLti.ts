import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/types';
import { notFound, parseBody } from '../http/errors';
import { ClientId, listPlatforms, PlatformIssuer, PlatformRegistration, registerPlatform, removePlatform, type Platform } from '../lti/platforms';
import { scoreStatus, type ScoreStatus } from '../lti/scores';
import { rotateToolKey } from '../lti/toolKeys';

/** The registration a `DELETE /lti/platforms` names. */
export const AdminLtiPlatformQuery = z.strictObject({ issuer: PlatformIssuer, clientId: ClientId });

/**
 * The LTI platforms on the admin routes (registered by ./admin.ts under /api/admin, behind its token
 * check), which `npm run lti` uses while a server runs:
 *
 * `GET /lti/platforms` → `{ data: Platform[] }`; `POST /lti/platforms` PlatformRegistration →
 * `{ data: { platform, created } }` (201 when new, 200 when it updated the registration of that issuer
 * and client id); `DELETE /lti/platforms?issuer=…&clientId=…` (404: none);
 * `POST /lti/keys/rotate` → `{ data: { kid } }`: a new signing key, the old one still published a while;
 * `GET /lti/scores` → `{ data: ScoreStatus }`: scores waiting for their platform, and the parked ones.
 */
export async function adminLtiRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  app.get('/lti/platforms', async (): Promise<{ data: Platform[] }> => ({ data: await listPlatforms(db) }));
  app.post('/lti/platforms', async (request, reply) => {
    const result = await registerPlatform(db, parseBody(PlatformRegistration, request.body));
    return reply.status(result.created ? 201 : 200).send({ data: result });
  });
  app.delete('/lti/platforms', async (request) => {
    const query = parseBody(AdminLtiPlatformQuery, request.query);
    if (!(await removePlatform(db, query.issuer, query.clientId))) throw notFound('No platform is registered with this issuer and client id');
    return { data: null };
  });
  app.post('/lti/keys/rotate', async () => ({ data: { kid: await rotateToolKey(db) } }));
  app.get('/lti/scores', async (): Promise<{ data: ScoreStatus }> => ({ data: await scoreStatus(db) }));
}
