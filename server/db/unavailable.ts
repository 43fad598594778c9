/**
 * When the database cannot serve: away, frozen, restarting, out of disk or out of connections.
 * Such a failure is the installation's, not the request's: it is answered 503 with Retry-After
 * (server/http/errors.ts), never 500, and nothing is acknowledged that was not committed.
 */

/** Why the database could not answer. */
export type UnavailableReason =
  /** A query or a connection attempt ran past its deadline (a frozen or overloaded database). */
  | 'timeout'
  /** No connection: refused, reset, terminated, shutting down. */
  | 'unreachable'
  /** The database's disk (or this server's) is full, or its storage failed. */
  | 'full'
  /** Out of connections or memory. */
  | 'overloaded'
  /** The embedded database is being restarted after it got stuck. */
  | 'restarting';

export class DatabaseUnavailableError extends Error {
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATE classes and codes (PostgreSQL appendix A) that say the database cannot serve now. */
const SQLSTATE_REASONS: [RegExp, UnavailableReason][] = [
  [/^08/, 'unreachable'], // connection exception
  [/^53100$/, 'full'], // disk_full
  [/^53/, 'overloaded'], // insufficient resources: out of memory, too many connections
  [/^57P0[1-4]$/, 'unreachable'], // admin/crash shutdown, cannot connect now, database dropped
  [/^57014$/, 'timeout'], // query_canceled: statement_timeout
  [/^25P03$/, 'timeout'], // idle_in_transaction_session_timeout
  [/^58030$/, 'full'], // io_error: could not write
  [/^XX000$/, 'full'], // PGlite reports a failed file write as internal_error (matched on its text below)
];

/** Node's system error codes of a socket or file that cannot be used. */
const SYSTEM_CODE_REASONS: Record<string, UnavailableReason> = {
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  EPIPE: 'unreachable',
  ETIMEDOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'full',
};

/** What node-postgres and the PGlite worker say when they lose their connection or give up waiting. */
const MESSAGE_REASONS: [RegExp, UnavailableReason][] = [
  [/No space left on device|could not (write|extend)|disk quota exceeded/i, 'full'],
  [/timeout exceeded when trying to connect|Connection terminated due to connection timeout|Query read timeout|statement timeout/i, 'timeout'],
  [/Connection terminated|connection error and is not queryable|Cannot use a pool after calling end|terminating connection/i, 'unreachable'],
  [/The PGlite worker (failed|stopped)|The database is (closed|restarting)/, 'unreachable'],
];

/**
 * Whether `error` says the database cannot serve now, and why; null for anything else (a bad
 * query, a constraint, a bug: those stay 4xx/500). Looks through `cause` chains.
 */
export function unavailableReason(error: unknown): UnavailableReason | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof DatabaseUnavailableError) return current.reason;
    if (typeof current !== 'object') return null;
    const { code, message } = current as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string') {
      if (SYSTEM_CODE_REASONS[code]) return SYSTEM_CODE_REASONS[code];
      if (/^[0-9A-Z]{5}$/.test(code)) {
        const found = SQLSTATE_REASONS.find(([pattern]) => pattern.test(code));
        // XX000 counts only with a storage failure's text; other internal errors are bugs.
        if (found && (code !== 'XX000' || /No space left on device|could not (write|extend)/i.test(text))) return found[1];
        if (found) continue;
      }
    }
    const byMessage = MESSAGE_REASONS.find(([pattern]) => pattern.test(text));
    if (byMessage) return byMessage[1];
  }
  return null;
}

/** `error` as a DatabaseUnavailableError when it is one in substance, else unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  const reason = unavailableReason(error);
  return reason ? new DatabaseUnavailableError(reason, (error as Error).message ?? String(error), { cause: error }) : error;
}
