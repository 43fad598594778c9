/**
 * How long the server waits for its database. A learner's request waits at most
 * `DEFAULT_QUERY_TIMEOUT_MS` per query (`DATABASE_QUERY_TIMEOUT_MS`), then it is answered 503 with
 * Retry-After; the start's maintenance (migrations, sanitising and indexing stored content) and
 * imports get `MAINTENANCE_TIMEOUT_MS` through `Database.withDeadline`.
 */

/** Per query of a request, in ms. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

/** Per query of migrations, start-up maintenance and imports, in ms. */
export const MAINTENANCE_TIMEOUT_MS = 10 * 60_000;

/** Opening a connection to PostgreSQL (or waiting for a free one of the pool), in ms (`DATABASE_CONNECT_TIMEOUT_MS`). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
