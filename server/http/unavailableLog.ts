import type { UnavailableReason } from '../db/unavailable';

/** How often repeated database failures of one kind are summed up in the log, in ms. */
export const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;

export interface UnavailableLogOptions {
  /** Writes one log line (the app's logger at error level). */
  write: (line: string, details: { reason: UnavailableReason; count: number; example: string }) => void;
  intervalMs?: number;
  now?: () => number;
}

/**
 * Logs requests that failed because the database could not serve, without a stack per request: the
 * first of a kind at once, then one line per interval with how many more failed and one example.
 * An outage of 30 s under load is then a handful of lines, not hundreds of stacks.
 */
export class UnavailableLog {
  private readonly kinds = new Map<UnavailableReason, { since: number; count: number; example: string; timer: NodeJS.Timeout | null }>();
  private readonly intervalMs: number;
  private readonly now: () => number;

  constructor(private readonly options: UnavailableLogOptions) {
    this.intervalMs = options.intervalMs ?? UNAVAILABLE_LOG_INTERVAL_MS;
    this.now = options.now ?? Date.now;
  }

  /** One request failed for `reason` (`example`: the route and the database's message). */
  record(reason: UnavailableReason, example: string): void {
    const kind = this.kinds.get(reason);
    if (kind) {
      kind.count++;
      kind.example = example;
      return;
    }
    this.options.write(`Database unavailable (${reason}): ${example}; requests are answered 503 with Retry-After`, { reason, count: 1, example });
    const entry = { since: this.now(), count: 0, example, timer: null as NodeJS.Timeout | null };
    this.kinds.set(reason, entry);
    const flush = () => {
      if (entry.count === 0) {
        this.kinds.delete(reason);
        return;
      }
      const seconds = Math.round((this.now() - entry.since) / 1000);
      this.options.write(`Database unavailable (${reason}): ${entry.count} more requests answered 503 in the last ${seconds} s, e.g. ${entry.example}`, {
        reason,
        count: entry.count,
        example: entry.example,
      });
      entry.since = this.now();
      entry.count = 0;
      entry.timer = setTimeout(flush, this.intervalMs);
      entry.timer.unref();
    };
    entry.timer = setTimeout(flush, this.intervalMs);
    entry.timer.unref();
  }

  /** Writes what is counted and stops the timers (the app closes). */
  flush(): void {
    for (const [reason, entry] of this.kinds) {
      if (entry.timer) clearTimeout(entry.timer);
      if (entry.count > 0) {
        this.options.write(`Database unavailable (${reason}): ${entry.count} more requests answered 503, e.g. ${entry.example}`, { reason, count: entry.count, example: entry.example });
      }
    }
    this.kinds.clear();
  }
}
