import path from 'node:path';
import { MAINTENANCE_TIMEOUT_MS } from './deadlines';
import { acquireDirLock } from './lock';
import { migrate, readMigrations } from './migrate';
import { openPgliteWorker } from './pgliteThread';
import { findTemplate } from './pgliteTemplate';
import type { Database } from './types';

export interface OpenDatabaseOptions {
  /** DATA_DIR: PGlite keeps its files in `{dataDir}/pglite` and the lock in `{dataDir}/lernwerk.lock`. */
  dataDir: string;
  /** DATABASE_URL: when set, PostgreSQL is used and the data dir holds no database. */
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Deadline per query in ms (DATABASE_QUERY_TIMEOUT_MS; server/db/deadlines.ts). */
  queryTimeoutMs?: number;
  /** PostgreSQL: deadline of connecting in ms (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /**
   * PGlite only: `worker` (default, the server) runs it in a worker thread; `in-process` on this
   * thread, which starts faster and suits a short command that does nothing else (the CLI).
   */
  pglite?: 'worker' | 'in-process';
  /** PGlite only: its worker got stuck and could not be stopped to be restarted (the server exits then). */
  onFailure?: (error: Error) => void;
}

/**
 * Opens the database the server and the CLI share: PostgreSQL when a URL is given, else PGlite in
 * the data dir, locked against a second process (throws DataDirLockedError at once), running in a
 * worker thread of its own (server/db/pgliteThread.ts) unless asked to run in-process. The lock
 * belongs to this process; it is released when PGlite has closed. A new PGlite data dir is a copy
 * of the build's template when there is one for this code (server/db/pgliteTemplate.ts).
 *
 * Everything up to starting PGlite's worker happens synchronously in this call (the lock, the
 * worker's thread), so a caller that goes on loading modules has PGlite opening meanwhile.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    db = await openPostgres(options.databaseUrl, { poolSize: options.poolSize, queryTimeoutMs: options.queryTimeoutMs, connectTimeoutMs: options.connectTimeoutMs });
  } else {
    const lock = acquireDirLock(options.dataDir);
    try {
      const dataDir = pgliteDir(options.dataDir);
      const onClose = () => lock.release();
      const template = findTemplate(readMigrations());
      db =
        options.pglite === 'in-process'
          ? await (await import('./pglite')).openPglite({ dataDir, template, onClose })
          : await openPgliteWorker({ dataDir, template, onClose, onFailure: options.onFailure, queryTimeoutMs: options.queryTimeoutMs });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  if (options.migrate !== false) {
    try {
      await migrate(db.withDeadline(MAINTENANCE_TIMEOUT_MS));
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  return db;
}

export function pgliteDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pglite');
}
