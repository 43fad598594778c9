import type { Database } from '../db/types';
import { retryAfterMs } from '../xapi/sender';
import { findPlatformById, type Platform } from './platforms';
import { PlatformTokens, TokenError } from './platformToken';
import { claimDueScores, markScoreSent, parkScore, retryScoreLater, syncProgress, type DueScore } from './scores';

/** The media type of an AGS score (Assignment and Grade Services 2.0, section 3.4). */
export const SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
export const SCORE_MAXIMUM = 100;

/** The scores URL of a line item: `/scores` appended to its path, its query kept (AGS 2.0, 3.4.1). */
export function scoresUrlOf(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.href;
}

/** The score of a learner's progress (0–1) at a time: scaled to 100, Started / InProgress / Completed, graded fully once complete. */
export function scoreBody(sub: string, progress: number, at: Date) {
  const complete = progress >= 1;
  return {
    userId: sub,
    scoreGiven: Math.round(progress * SCORE_MAXIMUM * 100) / 100,
    scoreMaximum: SCORE_MAXIMUM,
    activityProgress: complete ? 'Completed' : progress > 0 ? 'InProgress' : 'Started',
    gradingProgress: complete ? 'FullyGraded' : 'Pending',
    timestamp: at.toISOString(),
  };
}

export interface ScoreSenderOptions {
  /** Deadline of a request (token, score) in ms (default 10,000). */
  requestTimeoutMs?: number;
  /** How often the sender looks for changed progress (default 2,000 ms). */
  pollMs?: number;
  /** The first pause after a failed attempt; doubles up to maxBackoffMs (defaults 1,000 and 600,000 ms). */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
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

/**
 * Sends learners' progress to their platforms' gradebooks (docs/lti.md): every poll it copies changed
 * progress into the line items' outbox (./scores.ts), then posts each due score; a platform that is
 * away (no answer, 5xx, 408, 429, a refused token) is tried again with a growing pause per score (or
 * the Retry-After it asks for), across restarts since the outbox is the database; a score refused for
 * good (another 4xx) is parked. Every server of a fleet runs one; claims keep them from sending a score twice at once.
 */
export class ScoreSender {
  private readonly tokens: PlatformTokens;
  private readonly requestTimeoutMs: number;
  private readonly pollMs: number;
  private readonly backoffBaseMs: number;
  private readonly maxBackoffMs: number;
  private stopper = new AbortController();
  private wake = new AbortController();
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: ScoreSenderOptions = {},
  ) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.backoffBaseMs = options.backoffBaseMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 600_000;
    this.tokens = new PlatformTokens(db, this.requestTimeoutMs);
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** Starts when the database holds line items (an installation without LTI grades polls nothing). */
  async startIfUsed(): Promise<void> {
    const [row] = await this.db.query<{ used: boolean }>('SELECT EXISTS (SELECT 1 FROM lti_line_items) AS used');
    if (row?.used) this.start();
  }

  /** A launch recorded a line item: running from now on, looking at once. */
  kick(): void {
    if (this.stopper.signal.aborted) return;
    this.start();
    this.wake.abort();
  }

  async stop(): Promise<void> {
    this.stopper.abort();
    await this.running;
    this.running = null;
  }

  private async loop(): Promise<void> {
    const stopped = this.stopper.signal;
    while (!stopped.aborted) {
      try {
        await syncProgress(this.db);
        const due = await claimDueScores(this.db, 20, this.requestTimeoutMs * 3);
        for (const score of due) {
          if (stopped.aborted) break;
          await this.deliver(score);
        }
        if (due.length) continue;
      } catch (error) {
        this.options.log?.(`LTI scores: ${(error as Error).message}`);
      }
      await sleep(this.pollMs, AbortSignal.any([stopped, this.wake.signal]));
      this.wake = new AbortController();
    }
  }

  private async deliver(score: DueScore): Promise<void> {
    const platform = await findPlatformById(this.db, score.platformId);
    if (!platform) return;
    const outcome = await this.post(platform, score);
    if (outcome.kind === 'sent') return markScoreSent(this.db, score);
    if (outcome.kind === 'refused') {
      this.options.log?.(`LTI scores: ${platform.issuer} refused the score of ${score.lineItemUrl}: ${outcome.reason}; parked`);
      return parkScore(this.db, score, outcome.reason);
    }
    // A Retry-After is heeded, but never below the first pause (a platform asking for 0 would be polled without rest).
    const ms = Math.max(this.backoffBaseMs, outcome.ms ?? Math.min(this.maxBackoffMs, this.backoffBaseMs * 2 ** Math.min(score.attempts, 30)));
    this.options.log?.(`LTI scores: ${platform.issuer}: ${outcome.reason}; the score waits ${Math.round(ms)} ms`);
    return retryScoreLater(this.db, score, ms);
  }

  private async post(platform: Platform, score: DueScore): Promise<Outcome> {
    let token: string;
    try {
      token = await this.tokens.token(platform);
    } catch (error) {
      if (error instanceof TokenError) return { kind: 'wait', ms: retryAfterMs(error.retryAfter), reason: error.message };
      throw error;
    }
    let response: Response;
    try {
      response = await fetch(scoresUrlOf(score.lineItemUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': SCORE_MEDIA_TYPE },
        body: JSON.stringify(scoreBody(score.sub, score.progress, score.progressAt)),
        signal: AbortSignal.timeout(this.requestTimeoutMs),
      });
    } catch (error) {
      return { kind: 'wait', ms: null, reason: `scores URL unreachable (${(error as Error).message})` };
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) return { kind: 'sent' };
    if (response.status === 401) {
      // The token may have been revoked: a new one next time.
      this.tokens.forget(platform);
      return { kind: 'wait', ms: null, reason: 'scores URL answered 401' };
    }
    if (response.status >= 500 || response.status === 408 || response.status === 429) return { kind: 'wait', ms: retryAfterMs(response.headers.get('retry-after')), reason: `scores URL answered ${response.status}` };
    return { kind: 'refused', reason: `scores URL answered ${response.status}` };
  }
}
