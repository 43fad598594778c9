import type { Queryable } from '../db/types';

/** Failed logins allowed per email and per client address within the window before logins are refused. */
export const LOGIN_FAILURES_ALLOWED = 10;
/** How long failed logins are remembered, in ms. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Expired failures (of any key) deleted with each recorded failure, at most. */
export const EXPIRED_FAILURES_DELETED_PER_RECORD = 100;

export interface LoginThrottleOptions {
  /** Failures allowed per key within the window; LOGIN_FAILURES_ALLOWED by default. */
  allowed?: number;
  /** How long a failure counts, in ms; LOGIN_FAILURE_WINDOW_MS by default. */
  windowMs?: number;
  /** The time (ms since the epoch) to count at instead of the database's clock: for tests. */
  now?: () => number;
}

/**
 * Slows password guessing: after 10 failed logins for an email, or from one client address, within
 * 15 minutes, further attempts are refused until the oldest of those failures leaves the window. A
 * successful login clears the email's failures.
 *
 * The failures live in the database (`login_failures`, migration 011), so every server of a fleet on
 * one PostgreSQL counts the same failures and a restart forgets none; they are stamped with the
 * database's clock (`now()`), so servers with skewed clocks agree. Failures are only inserted and
 * deleted: two servers recording at once lose none. The check and the record are separate
 * statements, though, so attempts that run at the same time all pass a check that none of them has
 * yet counted: the count may be exceeded by at most the attempts in flight at once, which we accept.
 *
 * The table stays bounded: recording a failure keeps only the newest `allowed` rows of its keys
 * (older ones never decide a wait) and deletes up to EXPIRED_FAILURES_DELETED_PER_RECORD expired
 * rows of any key, so expired rows cannot pile up faster than failures come in.
 */
export class LoginThrottle {
  private readonly allowed: number;
  private readonly windowMs: number;
  private readonly now: (() => number) | undefined;

  constructor(
    private readonly db: Queryable,
    options: LoginThrottleOptions = {},
  ) {
    this.allowed = options.allowed ?? LOGIN_FAILURES_ALLOWED;
    this.windowMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
    this.now = options.now;
  }

  /** Milliseconds until every one of the keys allows another attempt, or 0. */
  async retryAfterMs(keys: readonly string[]): Promise<number> {
    // Per key, the `allowed`-th newest failure within the window; the attempt may come once it expires.
    const [row] = await this.db.query<{ wait_ms: number | null }>(
      `WITH clock AS (SELECT coalesce($4::timestamptz, now()) AS now)
       SELECT ceil(extract(epoch FROM max(nth.at) + $2::float8 * interval '1 millisecond' - clock.now) * 1000)::float8 AS wait_ms
         FROM clock, unnest($1::text[]) AS k(key)
        CROSS JOIN LATERAL (
          SELECT f.at FROM login_failures f
           WHERE f.key = k.key AND f.at > clock.now - $2::float8 * interval '1 millisecond'
           ORDER BY f.at DESC OFFSET $3::int - 1 LIMIT 1
        ) nth
        GROUP BY clock.now`,
      [[...keys], this.windowMs, this.allowed, this.at()],
    );
    return Math.max(0, row?.wait_ms ?? 0);
  }

  /** Counts one failed attempt for each of the keys, and deletes failures no check needs any more. */
  async recordFailure(keys: readonly string[]): Promise<void> {
    await this.db.query(`INSERT INTO login_failures (key, at) SELECT unnest($1::text[]), coalesce($2::timestamptz, now())`, [[...keys], this.at()]);
    // Rows are never updated, so a row's ctid names it until it is deleted.
    await this.db.query(
      `DELETE FROM login_failures WHERE ctid = ANY(ARRAY(
         SELECT beyond.ctid FROM unnest($1::text[]) AS k(key)
          CROSS JOIN LATERAL (SELECT f.ctid FROM login_failures f WHERE f.key = k.key ORDER BY f.at DESC OFFSET $3::int) beyond
         UNION ALL
         (SELECT f.ctid FROM login_failures f
           WHERE f.at <= coalesce($4::timestamptz, now()) - $2::float8 * interval '1 millisecond'
           ORDER BY f.at LIMIT $5::int)
       ))`,
      [[...keys], this.windowMs, this.allowed, this.at(), EXPIRED_FAILURES_DELETED_PER_RECORD],
    );
  }

  /** Forgets the failures of a key (an email after a successful login). */
  async clear(key: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE key = $1', [key]);
  }

  /** The injected time as a timestamptz parameter, or null for the database's clock. */
  private at(): string | null {
    return this.now ? new Date(this.now()).toISOString() : null;
  }
}
