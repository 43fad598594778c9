import pg from 'pg';
import type { Database, Queryable } from './types';

const INT8_OID = 20;

/**
 * Connections of the pool by default. The server has one thread: a learner call makes one or two
 * short queries, so a handful of connections keep PostgreSQL busy, and userdata batches share
 * commits (server/store/userdata.ts, at most 4 inserts in flight). More connections mostly add
 * contention on a small server; `DATABASE_POOL_SIZE` sets another number (e.g. when PostgreSQL
 * has many cores, or sits behind a pooler that allows few connections).
 */
export const DEFAULT_POOL_SIZE = 10;

/** Opens a pool on PostgreSQL. int8 is parsed to a number, as PGlite does. */
export async function openPostgres(connectionString: string, options: { poolSize?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', (error) => console.error(`PostgreSQL pool: ${error.message}`));
  await pool.query('SELECT 1');

  let closing: Promise<void> | null = null;
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: readonly unknown[]) => (await pool.query(sql, params ? [...params] : undefined)).rows as T[],
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          query: async <T>(sql: string, params?: readonly unknown[]) => (await client.query(sql, params ? [...params] : undefined)).rows as T[],
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
