import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { registerPgliteDump } from './pgliteDump';
import type { Database, Queryable } from './types';

export interface PgliteOptions {
  /** Directory of the PostgreSQL files; omitted means in memory (tests). */
  dataDir?: string;
  /** A tarball from `dumpDataDir` to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /**
   * A data dir to copy when `dataDir` has no database yet, instead of running initdb (a template of
   * server/db/pgliteTemplate.ts: initdb done and the migrations applied).
   */
  template?: string | null;
  /** Called once after the connection closed. */
  onClose?: () => void;
}

/**
 * PostgreSQL's buffer pool in PGlite: 32 MB instead of PostgreSQL's 128 MB, as every start zeroes the
 * whole pool in WASM memory (docs/decisions.md). The databases are small (tens of MB); pages outside
 * the pool are read through the OS's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Opens PGlite in this thread: the worker (server/db/pgliteWorker.ts) does, and so may a
 * short-lived tool. The server opens it through `openPgliteWorker` (server/db/pgliteThread.ts).
 * A new data dir is created next to its final place and renamed in when complete.
 */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  if (options.dataDir) await ensureDataDir(path.resolve(options.dataDir), options.template ?? null);
  const pg = new PGlite({
    dataDir: options.dataDir ? path.resolve(options.dataDir) : undefined,
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await pg.waitReady;
  return wrap(pg, options.onClose);
}

export { dumpPglite } from './pgliteDump';

function wrap(pg: PGlite, onClose?: () => void): Database {
  let closing: Promise<void> | null = null;
  const db: Database = {
    kind: 'pglite',
    query: async <T>(sql: string, params?: readonly unknown[]) => (await pg.query<T>(sql, params ? [...params] : undefined)).rows,
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (fn) => pg.transaction((tx) => fn(wrapTransaction(tx))),
    // In this thread a query cannot be cut short: a tool's own process, which its user can stop.
    withDeadline: () => db,
    close: () => {
      closing ??= (async () => {
        try {
          if (!pg.closed) await pg.close();
        } finally {
          onClose?.();
        }
      })();
      return closing;
    },
  };
  registerPgliteDump(db, () => pg.dumpDataDir('none'));
  return db;
}

function wrapTransaction(tx: Transaction): Queryable {
  return {
    query: async <T>(sql: string, params?: readonly unknown[]) => (await tx.query<T>(sql, params ? [...params] : undefined)).rows,
    exec: async (sql) => {
      await tx.exec(sql);
    },
  };
}

/**
 * PGlite creates a missing data dir in place (initdb, several seconds); a kill in the middle would
 * leave a half-made dir. So a new one is made in `DIR.init-PID` (copied from the template when there
 * is one, else by PGlite's initdb, closed) and renamed to `DIR` when complete.
 */
async function ensureDataDir(dir: string, template: string | null): Promise<void> {
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  for (const entry of fs.readdirSync(parent)) {
    if (entry.startsWith(`${path.basename(dir)}.init-`)) fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  if (fs.existsSync(dir)) {
    if (fs.readdirSync(dir).length > 0) {
      throw new Error(`${dir} exists but is not a PGlite data directory (no PG_VERSION); move it away or set another DATA_DIR.`);
    }
    fs.rmdirSync(dir);
  }
  const tmp = `${dir}.init-${process.pid}`;
  if (template) {
    // A copy-on-write clone where the file system can, else a copy.
    fs.cpSync(template, tmp, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  } else {
    const pg = new PGlite({ dataDir: tmp });
    await pg.waitReady;
    await pg.close();
  }
  fs.renameSync(tmp, dir);
}
