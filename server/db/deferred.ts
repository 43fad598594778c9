import type { Database, DatabaseKind } from './types';

/**
 * A Database usable before it is open: every call waits for `opening` first. The server builds its
 * HTTP app (fastify, its plugins and routes: about a second of this thread on a busy machine) with
 * this while PGlite opens in its worker, instead of after; nothing queries it before it listens.
 * A failed opening fails every call with its error.
 */
export function deferredDatabase(kind: DatabaseKind, opening: Promise<Database>): Database {
  return {
    kind,
    query: async (sql, params) => (await opening).query(sql, params),
    exec: async (sql) => (await opening).exec(sql),
    transaction: async (fn) => (await opening).transaction(fn),
    close: async () => (await opening).close(),
  };
}
