import type { Dsn } from './dsn';
import { envelope, sentryEvent, type ErrorReport, type ReportOrigin } from './sentryEvent';
import { stackFrames } from './stackFrames';

/** Events sent in any minute, at most; more are dropped (a failing page in a thousand browsers is one problem). */
export const REPORTS_PER_MINUTE = 30;
/** The same error (type, message, innermost frame of ours) is sent once in this time. */
export const DUPLICATE_WINDOW_MS = 60_000;
/** A send that takes longer is given up. */
export const SEND_TIMEOUT_MS = 5_000;
/** How long a 429 without Retry-After silences the reporter. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;
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
 * project, rate-limited and without repeats, in the background. Reporting never fails the caller.
 */
export class ErrorReporter {
  readonly counts = { sent: 0, failed: 0, duplicates: 0, limited: 0 };
  private readonly sentAt: number[] = [];
  private readonly lastSeen = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private silentUntil = 0;

  constructor(private readonly options: ErrorReporterOptions) {}

  private get now(): number {
    return this.options.now?.() ?? Date.now();
  }

  report(report: ErrorReport): ReportOutcome {
    const now = this.now;
    const key = fingerprint(report);
    const seen = this.lastSeen.get(key);
    if (seen !== undefined && now - seen < DUPLICATE_WINDOW_MS) {
      this.counts.duplicates++;
      return 'duplicate';
    }
    while (this.sentAt.length && now - this.sentAt[0] >= MINUTE_MS) this.sentAt.shift();
    if (now < this.silentUntil || this.sentAt.length >= REPORTS_PER_MINUTE) {
      this.counts.limited++;
      return 'limited';
    }
    this.sentAt.push(now);
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
    const event = sentryEvent(report, this.options, new Date(this.now));
    try {
      const response = await fetch(dsn.envelopeUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=lernwerk/${release}`,
        },
        body: envelope(event, dsn, new Date(this.now)),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 429) this.silentUntil = this.now + retryAfterMs(response.headers.get('retry-after'));
      if (!response.ok) throw new Error(`the service answered ${response.status}`);
      this.counts.sent++;
    } catch (error) {
      this.counts.failed++;
      this.options.warn(`Error report not delivered to ${dsn.envelopeUrl}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** What the HTTP app calls for an unexpected error in a route (server/http/errors.ts). */
export function reportServerError(reporter: ErrorReporter): (error: Error, route: string) => void {
  return (error, route) => void reporter.report({ platform: 'node', type: error.name, message: error.message, stack: error.stack, where: route });
}

function fingerprint(report: ErrorReport): string {
  const innermost = stackFrames(report.stack).findLast((frame) => frame.in_app);
  return [report.platform, report.type, report.message, innermost ? `${innermost.filename}:${innermost.lineno}:${innermost.colno}` : ''].join('\n');
}

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  if (header && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = header ? Date.parse(header) : NaN;
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : DEFAULT_RETRY_AFTER_MS;
}
