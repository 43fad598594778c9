import type { Dsn } from './dsn';
import { envelope, sentryEvent, type ErrorReport, type ReportOrigin } from './sentryEvent';
import { stackFrames } from './stackFrames';

/**
 * Events sent in any minute, at most, for each side (the server's own, the browsers'); more are dropped.
 * Apart, so that browsers (whose reports anyone may send) can never crowd out the server's.
 */
export const REPORTS_PER_MINUTE = 30;
/** The same error (type, message, innermost frame of ours) is sent once in this time. */
export const DUPLICATE_WINDOW_MS = 60_000;
/** A send that takes longer is given up. */
export const SEND_TIMEOUT_MS = 5_000;
/** How long a 429 without Retry-After silences the reporter. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;
/** The longest pause a service may ask for; a longer one is cut to this. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;
const MINUTE_MS = 60_000;
const MAX_REMEMBERED = 1000;

export type ReportOutcome = 'sending' | 'duplicate' | 'limited';

export interface ErrorReporterOptions extends ReportOrigin {
  dsn: Dsn;
  /** Where a send that failed is told (the server's log); never thrown. */
  warn: (message: string) => void;
  now?: () => number;
}

/**
 * The error-reporting service's client (spec section 7): sends reports as envelopes to the DSN's
 * project, rate-limited and without repeats, in the background. Reporting never fails the caller:
 * nothing here throws, and no send rejects.
 */
export class ErrorReporter {
  readonly counts = { sent: 0, failed: 0, duplicates: 0, limited: 0 };
  private readonly sentAt: Record<ErrorReport['platform'], number[]> = { node: [], javascript: [] };
  private readonly lastSeen = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private silentUntil = 0;

  constructor(private readonly options: ErrorReporterOptions) {}

  private get now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Sends `report` unless it repeats one of the last minute or its side's budget is spent; `force` (a crash) sends it anyway. */
  report(report: ErrorReport, { force = false } = {}): ReportOutcome {
    const now = this.now;
    const key = fingerprint(report);
    const seen = this.lastSeen.get(key);
    if (!force && seen !== undefined && now - seen < DUPLICATE_WINDOW_MS) {
      this.counts.duplicates++;
      return 'duplicate';
    }
    const sentAt = this.sentAt[report.platform];
    while (sentAt.length && now - sentAt[0] >= MINUTE_MS) sentAt.shift();
    if (!force && (now < this.silentUntil || sentAt.length >= REPORTS_PER_MINUTE)) {
      this.counts.limited++;
      return 'limited';
    }
    sentAt.push(now);
    this.remember(key, now);
    const sending = this.send(report).finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
    return 'sending';
  }

  /** Waits for the sends under way, at most `timeoutMs` (before the process exits). */
  async flush(timeoutMs = SEND_TIMEOUT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
  }

  private remember(key: string, now: number) {
    if (this.lastSeen.size >= MAX_REMEMBERED) {
      for (const [old, at] of this.lastSeen) if (now - at >= DUPLICATE_WINDOW_MS) this.lastSeen.delete(old);
      if (this.lastSeen.size >= MAX_REMEMBERED) this.lastSeen.delete(this.lastSeen.keys().next().value!);
    }
    this.lastSeen.set(key, now);
  }

  private async send(report: ErrorReport): Promise<void> {
    const { dsn, release } = this.options;
    try {
      const sentAt = new Date(this.now);
      const event = sentryEvent(report, this.options, sentAt);
      const response = await fetch(dsn.envelopeUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=${release.replace('@', '/')}`,
        },
        body: envelope(event, dsn, sentAt),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      const pause = pauseAskedFor(response, this.now);
      if (pause > 0) this.silentUntil = Math.max(this.silentUntil, this.now + Math.min(pause, MAX_RETRY_AFTER_MS));
      if (!response.ok) throw new Error(`the service answered ${response.status}`);
      this.counts.sent++;
    } catch (error) {
      this.counts.failed++;
      try {
        this.options.warn(`Error report not delivered to ${dsn.envelopeUrl}: ${error instanceof Error ? error.message : String(error)}`);
      } catch {
        // A log that fails has nothing left to tell.
      }
    }
  }
}

/** The error of a route as a report: whatever was thrown (an Error or not), never throwing itself. */
export function serverErrorReport(error: unknown, where: string, kind?: string): ErrorReport {
  const thrown = error instanceof Error ? error : null;
  const message = thrown ? String(thrown.message) : safeString(error);
  return {
    platform: 'node',
    kind,
    type: thrown ? String(thrown.name || 'Error') : 'NonError',
    message: message || '(no message)',
    stack: typeof thrown?.stack === 'string' ? thrown.stack : undefined,
    where,
  };
}

/** What the HTTP app calls for an unexpected error in a route (server/http/errors.ts). */
export function reportServerError(reporter: ErrorReporter): (error: unknown, route: string) => void {
  return (error, route) => void reporter.report(serverErrorReport(error, route));
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function fingerprint(report: ErrorReport): string {
  const innermost = stackFrames(report.stack).findLast((frame) => frame.in_app);
  return [report.platform, report.type, report.message, innermost ? `${innermost.filename}:${innermost.lineno}:${innermost.colno}` : ''].join('\n');
}

/**
 * How long (ms) the service asks to be left alone: its `X-Sentry-Rate-Limits` for errors (or for
 * everything), else a 429's `Retry-After`; 0 when it asks nothing.
 */
function pauseAskedFor(response: Response, now: number): number {
  const limits = response.headers.get('x-sentry-rate-limits');
  if (limits) {
    const seconds = limits.split(',').flatMap((limit) => {
      const [retryAfter, categories = ''] = limit.trim().split(':');
      const named = categories.split(';').filter(Boolean);
      return !named.length || named.includes('error') || named.includes('default') ? [Number(retryAfter)] : [];
    });
    const longest = Math.max(0, ...seconds.filter(Number.isFinite));
    if (longest > 0) return longest * 1000;
  }
  if (response.status !== 429) return 0;
  const header = response.headers.get('retry-after');
  const seconds = Number(header);
  if (header && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = header ? Date.parse(header) : NaN;
  return Number.isFinite(date) ? Math.max(0, date - now) : DEFAULT_RETRY_AFTER_MS;
}
