/** Failed logins allowed per email and per client address within the window before logins are refused. */
export const LOGIN_FAILURES_ALLOWED = 10;
/** How long failed logins are remembered, in ms. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Slows password guessing (in memory, one server process): after 10 failed logins for an email,
 * or from one client address, within 15 minutes, further attempts are refused until the oldest
 * failure leaves the window. A successful login clears the email's failures.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly allowed = LOGIN_FAILURES_ALLOWED,
    private readonly windowMs = LOGIN_FAILURE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until another attempt is allowed for any of the keys, or 0. */
  retryAfterMs(keys: readonly string[]): number {
    return Math.max(0, ...keys.map((key) => this.waitFor(key)));
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key), now]);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  private waitFor(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.allowed) return 0;
    return recent[recent.length - this.allowed] + this.windowMs - this.now();
  }
}
