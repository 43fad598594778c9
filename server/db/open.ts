import path from 'node:path';
import { acquireDirLock } from './lock';
import { migrate } from './migrate';
import { openPgliteWorker } from './pgliteThread';
import { openPostgres } from './postgres';
import type { Database } from './types';

export interface OpenDatabaseOptions {
  /** DATA_DIR: PGlite keeps its files in `{dataDir}/pglite` and the lock in `{dataDir}/lernwerk.lock`. */
  dataDir: string;
  /** DATABASE_URL: when set, PostgreSQL is used and the data dir holds no database. */
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /**
   * PGlite only: `worker` (default, the server) runs it in a worker thread; `in-process` on this
   * thread, which starts faster and suits a short command that does nothing else (the CLI).
   */
  pglite?: 'worker' | 'in-process';
  /** PGlite only: its worker ended without being asked to (the server exits then). */
  onFailure?: (error: Error) => void;
}

/**
 * Opens the database the server and the CLI share: PostgreSQL when a URL is given, else PGlite in
 * the data dir, locked against a second process (throws DataDirLockedError at once), running in a
 * worker thread of its own (server/db/pgliteThread.ts) unless asked to run in-process. The lock
 * belongs to this process; it is released when PGlite has closed.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    db = await openPostgres(options.databaseUrl, { poolSize: options.poolSize });
  } else {
    const lock = acquireDirLock(options.dataDir);
    try {
      const dataDir = pgliteDir(options.dataDir);
      const onClose = () => lock.release();
      db =
        options.pglite === 'in-process'
          ? await (await import('./pglite')).openPglite({ dataDir, onClose })
          : await openPgliteWorker({ dataDir, onClose, onFailure: options.onFailure });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  if (options.migrate !== false) {
    try {
      await migrate(db);
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
