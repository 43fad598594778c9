import pg from 'pg';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_QUERY_TIMEOUT_MS } from './deadlines';
import { unavailableReason } from './unavailable';
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

/** The client gives up this long after PostgreSQL's own statement_timeout (which cancels cleanly) should have fired. */
const CLIENT_GRACE_MS = 1_000;

export interface PostgresOptions {
  poolSize?: number;
  /** Opening a connection, or waiting for a free one of the pool, in ms (default DEFAULT_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** Per query, in ms (default DEFAULT_QUERY_TIMEOUT_MS): PostgreSQL's statement_timeout, and the client's own for a frozen server. */
  queryTimeoutMs?: number;
  /** application_name of the connections (what pg_stat_activity shows). */
  applicationName?: string;
  /** Try a first query before answering (default true); false for a database that may be away at start (a read replica). */
  verify?: boolean;
}

/**
 * Opens a pool on PostgreSQL. int8 is parsed to a number, as PGlite does. Every wait has a
 * deadline: connecting and waiting for a pooled connection (`connectTimeoutMs`), each statement on
 * the server (statement_timeout) and on the client (a frozen or unreachable server never answers:
 * the client gives up 1 s later), a transaction left idle (idle_in_transaction_session_timeout);
 * TCP keepalive finds connections a dead server left open.
 */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Database> {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + CLIENT_GRACE_MS,
    idle_in_transaction_session_timeout: Math.max(60_000, queryTimeoutMs * 3),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: options.applicationName ?? 'lernwerk',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', (error) => console.error(`PostgreSQL pool: ${error.message}`));
  if (options.verify !== false) await pool.query('SELECT 1');

  let closing: Promise<void> | null = null;

  const onClient = (client: pg.PoolClient, deadlineMs: number | null): Queryable => ({
    query: async <T>(sql: string, params?: readonly unknown[]) =>
      (await client.query({ text: sql, values: params ? [...params] : undefined, ...(deadlineMs === null ? {} : { query_timeout: deadlineMs + CLIENT_GRACE_MS }) })).rows as T[],
    exec: async (sql) => {
      await client.query({ text: sql, ...(deadlineMs === null ? {} : { query_timeout: deadlineMs + CLIENT_GRACE_MS }) });
    },
  });

  /** Runs `fn` on one pooled connection; a connection that failed or timed out is not given back to the pool. */
  const withClient = async <T>(fn: (client: pg.PoolClient, breakClient: (error: Error) => void) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await fn(client, (error) => (broken = error));
    } catch (error) {
      if (unavailableReason(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };

  /** The database with per-query deadline `deadlineMs` (null: the pool's own). */
  const database = (deadlineMs: number | null): Database => {
    const setTimeout = (local: boolean) => `SET ${local ? 'LOCAL ' : ''}statement_timeout = ${Math.round(deadlineMs ?? queryTimeoutMs)}`;
    return {
      kind: 'postgres',
      query:
        deadlineMs === null
          ? async <T>(sql: string, params?: readonly unknown[]) => (await pool.query(sql, params ? [...params] : undefined)).rows as T[]
          : <T>(sql: string, params?: readonly unknown[]) =>
              withClient(async (client) => {
                await client.query(setTimeout(false));
                try {
                  return await onClient(client, deadlineMs).query<T>(sql, params);
                } finally {
                  await client.query('RESET statement_timeout');
                }
              }),
      exec: async (sql) => {
        if (deadlineMs === null) {
          await pool.query(sql);
          return;
        }
        await withClient(async (client) => {
          await client.query(setTimeout(false));
          try {
            await onClient(client, deadlineMs).exec(sql);
          } finally {
            await client.query('RESET statement_timeout');
          }
        });
      },
      transaction: (fn) =>
        withClient(async (client, breakClient) => {
          await client.query('BEGIN');
          try {
            if (deadlineMs !== null) await client.query(setTimeout(true));
            const result = await fn(onClient(client, deadlineMs));
            await client.query('COMMIT');
            return result;
          } catch (error) {
            // A connection that timed out or broke is dropped (PostgreSQL rolls back with it); asking it to roll back would wait once more.
            if (!unavailableReason(error)) await client.query('ROLLBACK').catch(breakClient);
            throw error;
          }
        }),
      withDeadline: (ms) => database(ms),
      close: () => {
        closing ??= pool.end();
        return closing;
      },
    };
  };
  return database(null);
}
