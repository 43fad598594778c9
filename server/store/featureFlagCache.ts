import type { FeatureFlagOverrides } from '../../model/featureFlagSettings';
import type { FeatureFlags } from '../../model/pageData';
import { listenForNotifications } from '../db/notificationListener';
import type { Queryable } from '../db/types';
import { announceFeatureFlagsChanged, FEATURES_CHANNEL, readFeatureFlagOverrides } from './featureFlagOverrides';

/**
 * The feature flags as this server serves them: the environment's values (`defaults`) with the
 * administrator's stored settings over them, read once and kept until cleared. Clearing is
 * `POST /api/features/clear` or a setting changed through `npm run features`, on any server: each
 * clears its own cache and announces it (NOTIFY), and every server that listens (`listen`) clears
 * its own within milliseconds. A listener that lost its connection clears again once it is back.
 */
export class FeatureFlagCache {
  private loading: Promise<{ featureFlags: FeatureFlags; overrides: FeatureFlagOverrides }> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly defaults: FeatureFlags,
  ) {}

  /** The flags, from the cache or read now. */
  async current(): Promise<FeatureFlags> {
    return (await this.withOverrides()).featureFlags;
  }

  /** The flags and the stored settings behind them. */
  withOverrides(): Promise<{ featureFlags: FeatureFlags; overrides: FeatureFlagOverrides }> {
    if (this.loading) return this.loading;
    const loading = readFeatureFlagOverrides(this.db).then((overrides) => ({ featureFlags: { ...this.defaults, ...overrides }, overrides }));
    this.loading = loading;
    // A failed read is not kept; a read that a clear overtook is answered to its callers but not kept either.
    loading.catch(() => {
      if (this.loading === loading) this.loading = null;
    });
    return loading;
  }

  /** Forgets the flags of this server: the next request reads them again. */
  clear(): void {
    this.loading = null;
  }

  /** Clears this server's cache and every other server's (after a change committed). */
  async clearEverywhere(log?: (line: string) => void): Promise<void> {
    this.clear();
    await announceFeatureFlagsChanged(this.db, log);
  }

  /** Clears this cache whenever another server announces a change, until `stop` (PostgreSQL only: PGlite has one server). */
  listen(connectionString: string, log?: (line: string) => void): { stop: () => Promise<void>; connected: () => boolean } {
    return listenForNotifications({
      connectionString,
      channel: FEATURES_CHANNEL,
      name: 'feature-flag listener',
      onNotification: () => this.clear(),
      onReconnect: () => this.clear(),
      log,
    });
  }
}
