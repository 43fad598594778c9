/**
 * Messages between the server's thread and the PGlite worker (server/db/pgliteWorker.ts). Each
 * request carries an id; the worker answers every request exactly once with the same id.
 */

/** What the worker is started with (`workerData`). */
export interface PgliteWorkerData {
  /** Directory of the PostgreSQL files; omitted means in memory (tests). */
  dataDir?: string;
  /** A tarball from `dumpDataDir` to start from (tests clone a migrated template). */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** A data dir to copy when `dataDir` has no database yet (server/db/pgliteTemplate.ts). */
  template?: string | null;
}

/**
 * `expiresAt` (ms since 1970, this machine's clock): the caller stopped waiting then. A request
 * that reaches the worker later is not run: a query fails, a commit rolls back instead (its caller
 * was told it failed, so nothing it wrote may become durable).
 */
type Expiring = { expiresAt?: number };

export type PgliteRequest = Expiring &
  (
    | { id: number; op: 'query'; sql: string; params?: unknown[]; tx?: number }
    | { id: number; op: 'exec'; sql: string; tx?: number }
    /** Opens a transaction; the answer is its id, which later requests name in `tx`. */
    | { id: number; op: 'begin' }
    | { id: number; op: 'commit'; tx: number }
    | { id: number; op: 'rollback'; tx: number }
    /** The data dir as a tarball (answered as bytes). */
    | { id: number; op: 'dump' }
    | { id: number; op: 'close' }
  );

/** An error as it crosses the thread boundary: message plus PostgreSQL's fields (code, detail, …). */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type PgliteResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: SerializedError }
  /** Sent once when PGlite is open (or failed to open). */
  | { id: 0; ready: true }
  | { id: 0; ready: false; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    // Only what structured clone carries: PostgreSQL's fields are strings and numbers.
    if (['string', 'number', 'boolean'].includes(typeof value) || value === null) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error again, on this side: stack of the caller, message and fields of the original. */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  Object.assign(error, serialized.fields);
  return error;
}
