import type { Database } from '../db/types';
import type { XapiConfig } from './config';
import { claimStatements, markSent, park, pruneSent, retryLater, type OutboxEntry } from './outbox';

/*
 * Drains the outbox into the LRS (docs/xapi.md): batches POSTed as arrays, each request with a
 * deadline; while the LRS is away (no answer, 5xx, 429, 408, or refused credentials) the batch waits
 * with a growing pause, or the one Retry-After asks for; a batch refused for its content (409: the
 * LRS holds other content under an id; another 4xx) is split until the statement that fails is
 * alone, which is parked with the LRS's reason while the rest go on. Every server of a fleet runs
 * one: claims (./outbox.ts) keep them from sending a statement twice at once. With
 * XAPI_KEEP_SENT_DAYS, the sender deletes sent statements older than that now and then, in
 * bounded steps with a deadline; waiting and parked statements are never deleted.
 */

export interface SenderOptions {
  /** Statements per request (default 50). */
  batchSize?: number;
  /** Deadline of one request in ms (default 10,000). */
  requestTimeoutMs?: number;
  /** How long a claim holds statements (default 60,000 ms; longer than any request). */
  leaseMs?: number;
  /** How often an idle sender looks for statements written by other servers (default 2,000 ms). */
  idlePollMs?: number;
  /** The first pause after a failed attempt; it doubles up to `maxBackoffMs` (defaults 1,000 and 300,000 ms). */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** How often the sender deletes sent statements past XAPI_KEEP_SENT_DAYS (default every hour; the first time at start). */
  pruneEveryMs?: number;
  /** Statements one delete takes (default 1,000) and how long a pruning run may take in all (default 5,000 ms, also each delete's deadline). */
  pruneBatch?: number;
  pruneBudgetMs?: number;
  /** Where the sender says what went wrong (default: nowhere). */
  log?: (line: string) => void;
}

type Outcome = { kind: 'sent' } | { kind: 'wait'; ms: number | null; reason: string } | { kind: 'refused'; reason: string };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

/** The pause a Retry-After header asks for (seconds or an HTTP date), null when there is none. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

export class XapiSender {
  private readonly batchSize: number;
  private readonly requestTimeoutMs: number;
  private readonly leaseMs: number;
  private readonly idlePollMs: number;
  private readonly backoffBaseMs: number;
  private readonly maxBackoffMs: number;
  private readonly pruneEveryMs: number;
  private readonly pruneBatch: number;
  private readonly pruneBudgetMs: number;
  private nextPruneAt = 0;
  private failures = 0;
  private stopper = new AbortController();
  private wake = new AbortController();
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: XapiConfig,
    private readonly options: SenderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 50;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.idlePollMs = options.idlePollMs ?? 2_000;
    this.backoffBaseMs = options.backoffBaseMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 300_000;
    this.pruneEveryMs = options.pruneEveryMs ?? 3_600_000;
    this.pruneBatch = options.pruneBatch ?? 1_000;
    this.pruneBudgetMs = options.pruneBudgetMs ?? 5_000;
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** New statements were written: an idle sender looks at once (one waiting for the LRS goes on waiting). */
  kick(): void {
    // Once is enough until the sender looks (an abort makes an error object each time).
    if (!this.wake.signal.aborted) this.wake.abort();
  }

  /** Stops after the request in flight; statements it held go back after their claim runs out. */
  async stop(): Promise<void> {
    this.stopper.abort();
    await this.running;
    this.running = null;
  }

  private async loop(): Promise<void> {
    const stopped = this.stopper.signal;
    while (!stopped.aborted) {
      await this.pruneWhenDue();
      let entries: OutboxEntry[];
      try {
        entries = await claimStatements(this.db, this.batchSize, this.leaseMs);
      } catch (error) {
        this.options.log?.(`xAPI outbox: cannot read the outbox (${(error as Error).message})`);
        await sleep(this.idlePollMs, stopped);
        continue;
      }
      if (!entries.length) {
        if (this.wake.signal.aborted) this.wake = new AbortController();
        await sleep(this.idlePollMs, AbortSignal.any([stopped, this.wake.signal]));
        this.wake = new AbortController();
        continue;
      }
      let pause: number | null;
      try {
        pause = await this.deliver(entries);
      } catch (error) {
        // The database failed while recording the answer: the claims run out and the statements go again.
        this.options.log?.(`xAPI outbox: ${(error as Error).message}`);
        pause = this.idlePollMs;
      }
      if (pause !== null) await sleep(pause, stopped);
    }
  }

  /**
   * Deletes sent statements past the kept days, a batch at a time, until none is left or the
   * budget is spent (the rest goes next time); each delete has the budget as its deadline. A
   * failure is said and left for the next run.
   */
  private async pruneWhenDue(): Promise<void> {
    const days = this.config.keepSentDays;
    if (!days || Date.now() < this.nextPruneAt) return;
    this.nextPruneAt = Date.now() + this.pruneEveryMs;
    const end = Date.now() + this.pruneBudgetMs;
    const before = new Date(Date.now() - days * 86_400_000);
    const db = this.db.withDeadline(this.pruneBudgetMs);
    try {
      let deleted = this.pruneBatch;
      while (deleted === this.pruneBatch && Date.now() < end && !this.stopper.signal.aborted) deleted = await pruneSent(db, before, this.pruneBatch);
    } catch (error) {
      this.options.log?.(`xAPI outbox: cannot delete sent statements older than ${days} days (${(error as Error).message})`);
    }
  }

  /** Sends a batch, splitting it on a refusal; answers the pause to make before the next one (null: none). */
  private async deliver(entries: readonly OutboxEntry[]): Promise<number | null> {
    const outcome = await this.post(entries);
    const ids = entries.map((e) => e.statementId);
    switch (outcome.kind) {
      case 'sent':
        this.failures = 0;
        await markSent(this.db, ids);
        return null;
      case 'wait': {
        this.failures++;
        const backoff = Math.min(this.maxBackoffMs, this.backoffBaseMs * 2 ** Math.min(this.failures - 1, 30));
        const ms = outcome.ms ?? backoff;
        this.options.log?.(`xAPI LRS: ${outcome.reason}; ${entries.length} statements wait ${Math.round(ms)} ms`);
        await retryLater(this.db, ids, ms);
        return ms;
      }
      case 'refused': {
        if (entries.length === 1) {
          this.options.log?.(`xAPI LRS refused statement ${ids[0]}: ${outcome.reason}; parked`);
          await park(this.db, ids[0], outcome.reason);
          return null;
        }
        // The LRS stores a batch whole or not at all: halve it until the refused statement is alone.
        const half = Math.ceil(entries.length / 2);
        const first = await this.deliver(entries.slice(0, half));
        if (first !== null) {
          await retryLater(this.db, ids.slice(half), first);
          return first;
        }
        return this.deliver(entries.slice(half));
      }
    }
  }

  private async post(entries: readonly OutboxEntry[]): Promise<Outcome> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-experience-api-version': '2.0.0' };
    if (this.config.username || this.config.password) {
      headers.authorization = `Basic ${Buffer.from(`${this.config.username}:${this.config.password}`).toString('base64')}`;
    }
    let response: Response;
    try {
      response = await fetch(new URL('statements', this.config.endpoint), {
        method: 'POST',
        headers,
        body: JSON.stringify(entries.map((e) => e.statement)),
        signal: AbortSignal.any([AbortSignal.timeout(this.requestTimeoutMs), this.stopper.signal]),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { kind: 'wait', ms: null, reason: `no answer (${cause ?? (error as Error).name})` };
    }
    const body = (await response.text().catch(() => '')).slice(0, 500);
    const status = response.status;
    if (status >= 200 && status < 300) return { kind: 'sent' };
    const reason = `${status}${body ? ` ${body}` : ''}`;
    // Away for a while, overloaded, or the credentials are wrong (an administrator's fix, not the statements' fault).
    if (status >= 500 || status === 429 || status === 408 || status === 401 || status === 403) {
      return { kind: 'wait', ms: retryAfterMs(response.headers.get('retry-after')), reason };
    }
    return { kind: 'refused', reason };
  }
}
