import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../paths';
import type { Database } from './types';

/** `server/db/migrations` of the project, from source or compiled (dist/server) alike. */
export const MIGRATIONS_DIR = path.join(APP_ROOT, 'server', 'db', 'migrations');

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

/** `NNN_name.sql` files of a directory, in order. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file ${path.join(dir, file)} is not named NNN_name.sql`);
      const sql = fs.readFileSync(path.join(dir, file), 'utf8').replace(/\r\n/g, '\n');
      return { version: match[1], name: match[2], sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
  const versions = new Set<string>();
  for (const m of migrations) {
    if (versions.has(m.version)) throw new Error(`Two migrations share the number ${m.version} in ${dir}`);
    versions.add(m.version);
  }
  return migrations;
}

/**
 * Applies the migrations that are not yet in `schema_migrations`, in order, all in one transaction
 * (an advisory lock keeps two servers on one PostgreSQL from migrating at once). A migration that
 * was changed after it was applied is an error: write a new migration instead.
 * Returns the versions applied now.
 */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('lernwerk.migrate'))`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Map(
      (await tx.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations')).map((r) => [r.version, r.checksum]),
    );
    const done: string[] = [];
    for (const m of migrations) {
      const checksum = applied.get(m.version);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) {
          throw new Error(`Migration ${m.version}_${m.name}.sql was changed after it was applied to this database; add a new migration instead.`);
        }
        continue;
      }
      try {
        await tx.exec(m.sql);
      } catch (error) {
        throw new Error(`Migration ${m.version}_${m.name}.sql failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
      done.push(m.version);
    }
    return done;
  });
}
