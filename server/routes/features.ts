import type { FastifyInstance } from 'fastify';
import { FeaturesClearBody, type FeatureFlagsAnswer } from '../../model/featureFlagSettings';
import type { Database } from '../db/types';
import { administratorCheck } from '../http/adminAccess';
import { parseBody } from '../http/errors';
import type { FeatureFlagCache } from '../store/featureFlagCache';

/**
 * `POST /api/features/clear` (spec section 7; no body, or `{}`) → `{ data: FeatureFlagsAnswer }`: every
 * server on the database forgets its feature flags and reads them again (the environment's values
 * with the stored settings over them: server/store/featureFlagCache.ts), the others by NOTIFY within
 * milliseconds. Only for an account holding the role `admin`, or with the admin token from this
 * machine (server/http/adminAccess.ts administratorCheck); checked before the body is read, and a
 * refused call clears nothing.
 */
export async function featureRoutes(app: FastifyInstance, opts: { db: Database; featureFlags: FeatureFlagCache; adminToken?: string }): Promise<void> {
  const { featureFlags } = opts;
  const requireAdministrator = administratorCheck(opts.db, opts.adminToken);

  app.post('/features/clear', { onRequest: requireAdministrator }, async (request, reply): Promise<{ data: FeatureFlagsAnswer }> => {
    parseBody(FeaturesClearBody, request.body);
    reply.header('cache-control', 'no-store');
    await featureFlags.clearEverywhere((line) => request.log.error(line));
    return { data: await featureFlags.withOverrides() };
  });
}
