/**
 * Learners who keep answering, as the viewer's tracking does (src/tracking, machines/tracking.ts):
 * each has a guest session on a guest share, sends a batch of new events every `intervalMs`, keeps
 * every event it sent until the server acknowledges it, and sends the unacknowledged ones again
 * (waiting Retry-After when told to). Afterwards `reconcile` holds what the server acknowledged
 * against what the database stores: the fault tests of issue 23 count lost and doubled events.
 */
import { randomBytes } from 'node:crypto';

/** A free-text question of the demo material (content/demo-material.json). */
export const DEMO_FREE_TEXT = { id: 'kap1-1-1-freitext-wind', modelName: 'FreeTextInput' } as const;

/** A question of the demo material (content/demo-material.json) and its choices. */
export const DEMO_QUESTION = {
  id: 'kap1-frage-suesswasser',
  modelName: 'ChoiceQuestion',
  choices: ['kap1-frage-suesswasser-a', 'kap1-frage-suesswasser-b', 'kap1-frage-suesswasser-c', 'kap1-frage-suesswasser-d'],
} as const;

export interface WritersOptions {
  /** Where learners send (the balancer, or one server). */
  origin: string;
  /** A guest share of the demo material. */
  shareId: string;
  learners: number;
  /** Between a learner's batches, in ms (default 200, the viewer's debounce). */
  intervalMs?: number;
  /** New events per batch (default 2: a choice and its evaluation). */
  eventsPerBatch?: number;
  /** A request not answered within this is given up and counted as hung (default 30 s). */
  requestTimeoutMs?: number;
  /** The longest wait a Retry-After may ask for before sending again (default 5 s). */
  maxRetryAfterMs?: number;
  /**
   * Answers of this many random characters to the demo's free-text question instead of choices
   * (incompressible: they fill a disk fast), at most 32,000.
   */
  freeTextChars?: number;
}

export interface WriterOutcome {
  /** Answers by status (`200`, `503`, `error` for no answer, `hung` for one past requestTimeoutMs). */
  statuses: Record<string, number>;
  /** 503 answers that carried Retry-After. */
  retryAfter: number;
  /** The slowest answer of any request, in ms. */
  slowestMs: number;
  /** Events the server acknowledged (by guest session). */
  acknowledged: number;
  /** Events sent but never acknowledged when the learners stopped. */
  unacknowledged: number;
  /** When each acknowledgement arrived (ms since 1970), for "resumed within". */
  ackTimes: number[];
}

interface Learner {
  guestSessionId: string;
  waiting: { id: string; at: number; metadata: object; data: object }[];
  acknowledged: Set<string>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Writers {
  readonly learners: Learner[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly outcome: WriterOutcome = { statuses: {}, retryAfter: 0, slowestMs: 0, acknowledged: 0, unacknowledged: 0, ackTimes: [] };

  constructor(private readonly options: WritersOptions) {}

  /** Makes the guest sessions (through `origin`), then starts sending. */
  async start(): Promise<void> {
    for (let i = 0; i < this.options.learners; i++) {
      const response = await this.post('/api/guest', { name: `Writer ${i + 1}`, publicId: this.options.shareId });
      if (response.status !== 200) throw new Error(`POST /api/guest answered ${response.status}: ${response.text}`);
      this.learners.push({ guestSessionId: (JSON.parse(response.text) as { data: { publicId: string } }).data.publicId, waiting: [], acknowledged: new Set() });
    }
    this.running = true;
    this.loops = this.learners.map((learner) => this.loop(learner));
  }

  /** What happened so far. */
  get status(): Readonly<WriterOutcome> {
    return this.outcome;
  }

  /**
   * Stops making new events; keeps sending what is unacknowledged until it is, or `drainMs` passed
   * (a learner's browser keeps its queue: nothing is lost by stopping).
   */
  async stop(drainMs = 30_000): Promise<WriterOutcome> {
    this.running = false;
    const until = Date.now() + drainMs;
    await Promise.all(this.loops);
    await Promise.all(this.learners.map((learner) => this.drain(learner, until)));
    this.outcome.acknowledged = this.learners.reduce((n, l) => n + l.acknowledged.size, 0);
    this.outcome.unacknowledged = this.learners.reduce((n, l) => n + l.waiting.length, 0);
    return this.outcome;
  }

  /** Event ids acknowledged, by guest session. */
  acknowledgedIds(): Map<string, Set<string>> {
    return new Map(this.learners.map((l) => [l.guestSessionId, l.acknowledged]));
  }

  private async loop(learner: Learner): Promise<void> {
    await sleep(Math.random() * (this.options.intervalMs ?? 200));
    for (let round = 0; this.running; round++) {
      this.newEvents(learner, round);
      const wait = await this.send(learner);
      await sleep(wait ?? this.options.intervalMs ?? 200);
    }
  }

  private async drain(learner: Learner, until: number): Promise<void> {
    while (learner.waiting.length && Date.now() < until) {
      const wait = await this.send(learner);
      if (learner.waiting.length) await sleep(Math.min(wait ?? 500, Math.max(0, until - Date.now())));
    }
  }

  private newEvents(learner: Learner, round: number): void {
    const count = this.options.eventsPerBatch ?? 2;
    const chars = this.options.freeTextChars;
    const element = chars ? DEMO_FREE_TEXT : DEMO_QUESTION;
    for (let i = 0; i < count; i++) {
      const metadata = { shareId: this.options.shareId, guestSessionId: learner.guestSessionId, modelName: element.modelName, id: element.id };
      const data = chars
        ? { value: randomBytes(Math.ceil((chars * 3) / 4)).toString('base64').slice(0, chars) }
        : i % 2 === 0
          ? { selected: [DEMO_QUESTION.choices[round % DEMO_QUESTION.choices.length]] }
          : { evaluated: true };
      learner.waiting.push({ id: randomBytes(16).toString('base64url'), at: Date.now(), metadata, data });
    }
  }

  /** Sends what waits (at most 50, as the client batches); answers how long to wait before the next try, when the server said so or failed. */
  private async send(learner: Learner): Promise<number | null> {
    const batch = learner.waiting.slice(0, 50);
    if (!batch.length) return null;
    const response = await this.post('/api/userdata', { events: batch });
    if (response.status === 200) {
      const { acknowledged } = (JSON.parse(response.text) as { data: { acknowledged: string[] } }).data;
      const done = new Set(acknowledged);
      const now = Date.now();
      for (const id of acknowledged) {
        learner.acknowledged.add(id);
        this.outcome.ackTimes.push(now);
      }
      learner.waiting = learner.waiting.filter((event) => !done.has(event.id));
      return null;
    }
    if (response.retryAfterMs !== null) return Math.min(response.retryAfterMs, this.options.maxRetryAfterMs ?? 5_000);
    return 1_000;
  }

  private async post(path: string, body: unknown): Promise<{ status: number; text: string; retryAfterMs: number | null }> {
    const started = Date.now();
    const timeoutMs = this.options.requestTimeoutMs ?? 30_000;
    let key = 'error';
    try {
      const response = await fetch(new URL(path, this.options.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      key = String(response.status);
      const retryAfter = response.headers.get('retry-after');
      if (response.status === 503 && retryAfter) this.outcome.retryAfter++;
      return { status: response.status, text, retryAfterMs: retryAfter ? Number(retryAfter) * 1000 : null };
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') key = 'hung';
      return { status: 0, text: (error as Error).message, retryAfterMs: null };
    } finally {
      this.outcome.slowestMs = Math.max(this.outcome.slowestMs, Date.now() - started);
      this.outcome.statuses[key] = (this.outcome.statuses[key] ?? 0) + 1;
    }
  }
}

/** What the database stores against what was acknowledged. */
export interface Reconciliation {
  acknowledged: number;
  stored: number;
  /** Acknowledged, but not stored. */
  lost: number;
  /** Stored more than once under one (learner, id). */
  doubled: number;
}

/**
 * Holds the acknowledged ids against the stored rows of the share. `query` runs SQL on the database
 * the fleet stores in (the primary).
 */
export async function reconcile(
  acknowledged: Map<string, Set<string>>,
  shareId: string,
  query: <T>(sql: string, params: unknown[]) => Promise<T[]>,
): Promise<Reconciliation> {
  const rows = await query<{ guest_session_id: string; id: string; copies: number }>(
    `SELECT guest_session_id, id, count(*)::int AS copies FROM userdata_events WHERE share_id = $1 GROUP BY guest_session_id, id`,
    [shareId],
  );
  const stored = new Map<string, number>();
  for (const row of rows) stored.set(`${row.guest_session_id}\n${row.id}`, row.copies);
  let total = 0;
  let lost = 0;
  for (const [guest, ids] of acknowledged) {
    for (const id of ids) {
      total++;
      if (!stored.has(`${guest}\n${id}`)) lost++;
    }
  }
  return { acknowledged: total, stored: rows.length, lost, doubled: rows.filter((r) => r.copies > 1).length };
}
