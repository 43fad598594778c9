import { SETTABLE_FEATURE_FLAGS, type FeatureFlagOverrides, type SettableFeatureFlag } from '../../model/featureFlagSettings';
import type { Queryable } from '../db/types';

/*
 * The feature flags an administrator stored (table feature_flags, migration 014): each overrides the
 * environment's value of its flag on every server. Servers cache the result (./featureFlagCache.ts)
 * until told that the flags changed: by `announceFeatureFlagsChanged`, a PostgreSQL NOTIFY on
 * FEATURES_CHANNEL that every server listens for (as content changes: ./contentChanges.ts).
 */

export const FEATURES_CHANNEL = 'lernwerk_features';

/** The stored settings of the flags an administrator may set (rows of other names are ignored). */
export async function readFeatureFlagOverrides(db: Queryable): Promise<FeatureFlagOverrides> {
  const rows = await db.query<{ name: string; enabled: boolean }>('SELECT name, enabled FROM feature_flags WHERE name = ANY($1) ORDER BY name', [[...SETTABLE_FEATURE_FLAGS]]);
  return Object.fromEntries(rows.map((r) => [r.name, r.enabled]));
}

/** Stores a flag's setting; null removes it (the flag then has its environment's value again). */
export async function setFeatureFlagOverride(db: Queryable, name: SettableFeatureFlag, enabled: boolean | null): Promise<void> {
  if (enabled === null) {
    await db.query('DELETE FROM feature_flags WHERE name = $1', [name]);
    return;
  }
  await db.query(
    `INSERT INTO feature_flags (name, enabled) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
    [name, enabled],
  );
}

/**
 * Tells every server on the database to read the flags again (after a change committed). A failure
 * is logged, not thrown: the caller's own cache is cleared anyway, the others' at their next clear.
 */
export async function announceFeatureFlagsChanged(db: Queryable, log: (line: string) => void = console.error): Promise<void> {
  try {
    await db.query('SELECT pg_notify($1, $2)', [FEATURES_CHANNEL, 'changed']);
  } catch (error) {
    log(`Could not tell the other servers that the feature flags changed (POST /api/features/clear on each, or a restart, catches them up): ${(error as Error).message}`);
  }
}
