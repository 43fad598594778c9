import type { FastifyInstance } from 'fastify';
import { FeatureFlagParams, FeatureFlagSetting, type FeatureFlagsAnswer } from '../../model/featureFlagSettings';
import type { Database } from '../db/types';
import { parseBody } from '../http/errors';
import type { FeatureFlagCache } from '../store/featureFlagCache';
import { setFeatureFlagOverride } from '../store/featureFlagOverrides';

/**
 * The feature flags on the admin routes (registered by ./admin.ts under /api/admin, behind its token
 * check), which `npm run features` uses while a server runs:
 *
 * `GET /features` → `{ data: FeatureFlagsAnswer }`: the flags as this server serves them and the stored
 * settings it read them with. `PUT /features/:name` `{ enabled: true | false | null }` stores a setting
 * (null: back to the environment's value) and clears the flags of every server on the database
 * (as `POST /api/features/clear` does); answers like `GET /features`.
 */
export async function adminFeatureRoutes(app: FastifyInstance, opts: { db: Database; featureFlags: FeatureFlagCache }): Promise<void> {
  const { db, featureFlags } = opts;

  app.get('/features', async (): Promise<{ data: FeatureFlagsAnswer }> => ({ data: await featureFlags.withOverrides() }));

  app.put('/features/:name', async (request): Promise<{ data: FeatureFlagsAnswer }> => {
    const { name } = parseBody(FeatureFlagParams, request.params);
    const { enabled } = parseBody(FeatureFlagSetting, request.body);
    await setFeatureFlagOverride(db, name, enabled);
    await featureFlags.clearEverywhere((line) => request.log.error(line));
    return { data: await featureFlags.withOverrides() };
  });
}
