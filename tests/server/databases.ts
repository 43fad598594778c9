/**
 * Fresh databases for the server tests: every test file gets its own on PGlite (cloned from a
 * migrated template) and, when TEST_DATABASE_URL is set, its own on PostgreSQL (a new database,
 * dropped afterwards). Use `describe.each(testDatabaseKinds)` with `useTestDatabase(kind)`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrate, readMigrations } from '../../server/db/migrate';
import { openDatabase } from '../../server/db/open';
import { dumpPglite, openPglite } from '../../server/db/pglite';
import { openPgliteWorker } from '../../server/db/pgliteThread';
import { openPostgres } from '../../server/db/postgres';
import type { Database, DatabaseKind } from '../../server/db/types';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const testDatabaseKinds: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

if (!TEST_DATABASE_URL) {
  // Once per vitest run: the workers of one run share their parent process.
  const marker = path.join(os.tmpdir(), `lernwerk-pg-skip-note-${process.ppid}`);
  try {
    fs.writeFileSync(marker, '', { flag: 'wx' });
    console.warn('PostgreSQL half skipped: TEST_DATABASE_URL not set');
    removeMarkersOfEndedRuns();
  } catch {
    // already said in this run
  }
}

function removeMarkersOfEndedRuns(): void {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const pid = /^lernwerk-pg-skip-note-(\d+)$/.exec(entry)?.[1];
    if (!pid || Number(pid) === process.ppid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch {
      fs.rmSync(path.join(os.tmpdir(), entry), { force: true });
    }
  }
}

export interface TestDatabase {
  db: Database;
  /** For child processes: DATABASE_URL of this database (postgres), or undefined (PGlite). */
  url: string | undefined;
  dispose(): Promise<void>;
}

/** A migrated PGlite data dir as a tarball, made once per migration set and kept in the temp dir. */
export async function pgliteTemplate(): Promise<Buffer> {
  const pgliteVersion = JSON.parse(fs.readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string;
  const key = createHash('sha256')
    .update(pgliteVersion)
    .update(readMigrations().map((m) => m.checksum).join(','))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `lernwerk-pglite-template-${key}.tar`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const db = await openPglite();
  await migrate(db);
  const tarball = Buffer.from(await (await dumpPglite(db)).arrayBuffer());
  await db.close();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, tarball);
  fs.renameSync(tmp, file);
  return tarball;
}

/** Puts a migrated PGlite database into `{dataDir}/pglite`, as the server would find it (for child processes). */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([new Uint8Array(await pgliteTemplate())]) });
  await pglite.waitReady;
  await pglite.close();
}

/** A fresh database of `kind`, migrated (the default) or empty (`migrated: false`: PGlite then runs in-process). */
export async function createTestDatabase(kind: DatabaseKind, { migrated = true } = {}): Promise<TestDatabase> {
  if (kind === 'pglite' && !migrated) {
    const db = await openPglite();
    return { db, url: undefined, dispose: () => db.close() };
  }
  if (kind === 'pglite') {
    // The server's adapter: PGlite in a worker thread.
    const db = await openPgliteWorker({ loadDataDir: await pgliteTemplate() });
    return { db, url: undefined, dispose: () => db.close() };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `lw_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  if (migrated) await migrate(db);
  return {
    db,
    url: url.toString(),
    dispose: async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh database for the enclosing describe block (created in beforeAll, disposed in afterAll). */
export function useTestDatabase(kind: DatabaseKind): { readonly db: Database; readonly url: string | undefined } {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await current?.dispose();
  });
  return {
    get db() {
      if (!current) throw new Error('test database not ready');
      return current.db;
    },
    get url() {
      return current?.url;
    },
  };
}

/**
 * Runs `fn` on the database a command or server wrote to: the test's PostgreSQL database as it is, or
 * the PGlite data dir opened in-process (as the CLI opens it; call it while no process holds the dir).
 */
export async function inWrittenDatabase<T>(kind: DatabaseKind, testDb: Database, dataDir: string, fn: (db: Database) => Promise<T>): Promise<T> {
  if (kind === 'postgres') return fn(testDb);
  const db = await openDatabase({ dataDir, pglite: 'in-process' });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
