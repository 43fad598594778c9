import type { Database, DatabaseKind } from './types';

/**
 * A Database usable before it is open: every call waits for `opening` first. The server builds its
 * HTTP app (fastify, its plugins and routes: about a second of this thread on a busy machine) with
 * this while PGlite opens in its worker, instead of after; nothing queries it before it listens.
 * A failed opening fails every call with its error.
 */
export function deferredDatabase(kind: DatabaseKind, opening: Promise<Database>, deadlineMs?: number): Database {
  const open = async () => (deadlineMs === undefined ? await opening : (await opening).withDeadline(deadlineMs));
  return {
    kind,
    query: async (sql, params) => (await open()).query(sql, params),
    exec: async (sql) => (await open()).exec(sql),
    transaction: async (fn) => (await open()).transaction(fn),
    withDeadline: (ms) => deferredDatabase(kind, opening, ms),
    close: async () => (await opening).close(),
  };
}
