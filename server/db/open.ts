import path from 'node:path';
import { acquireDirLock } from './lock';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

export interface OpenDatabaseOptions {
  /** DATA_DIR: PGlite keeps its files in `{dataDir}/pglite` and the lock in `{dataDir}/lernwerk.lock`. */
  dataDir: string;
  /** DATABASE_URL: when set, PostgreSQL is used and the data dir holds no database. */
  databaseUrl?: string;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
}

/**
 * Opens the database the server and the CLI share: PostgreSQL when a URL is given, else PGlite in
 * the data dir, locked against a second process (throws DataDirLockedError at once).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    db = await openPostgres(options.databaseUrl);
  } else {
    const lock = acquireDirLock(options.dataDir);
    try {
      db = await openPglite({ dataDir: pgliteDir(options.dataDir), onClose: () => lock.release() });
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
