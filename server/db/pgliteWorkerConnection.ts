/**
 * One PGlite worker thread (server/db/pgliteWorker.ts) seen from the server's thread: requests
 * posted with a deadline each, answers matched by id. The supervisor (./pgliteThread.ts) replaces
 * a connection whose worker got stuck or died.
 */
import { Worker } from 'node:worker_threads';
import { deserializeError, type PgliteRequest, type PgliteResponse, type PgliteWorkerData, type SerializedError } from './pgliteProtocol';
import { DatabaseUnavailableError } from './unavailable';

/** How early a timer may fire against Date.now() (ms): silence this much short of a deadline counts as the whole deadline. */
const TIMER_SLACK_MS = 25;

/** A request before the connection gives it its id and deadline. */
export type PgliteCall = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id' | 'expiresAt'> : never) : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Made when the call was made, so that a failure shows the caller's stack. */
  error: Error;
  op: PgliteCall['op'];
  deadlineMs: number;
  timer: NodeJS.Timeout | null;
}

export interface WorkerConnectionHooks {
  /**
   * A call missed its deadline while the worker had answered nothing at all for `stuckAfterMs`
   * (or the longest deadline of the calls still out, which it may be busy with): it is stuck
   * (PGlite spinning after a failed write, for one), not merely busy.
   */
  onStuck: (silentForMs: number) => void;
  /** The worker ended without being asked to (after it was ready). */
  onCrash: (error: Error) => void;
}

/**
 * The worker's file: `pgliteWorker.ts` beside this one when running from source (tsx, vitest), or
 * `pgliteWorker.js` beside the running bundle when the server is compiled (bundle
 * server/db/pgliteWorker.ts as an entry of its own, named pgliteWorker.js, next to the server's).
 */
function startWorker(data: PgliteWorkerData, transfer: ArrayBuffer[]): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './pgliteWorker.ts' : './pgliteWorker.js', import.meta.url);
  const options = { workerData: data, transferList: transfer, stdout: false, stderr: false };
  if (!fromSource) return new Worker(entry, options);
  // Node 20 does not hand `--import tsx` to workers: the worker registers tsx itself, then loads the entry.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

export class WorkerConnection {
  /** Resolves when PGlite is open in the worker; rejects with the reason it could not open. */
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  /** Begin requests whose caller stopped waiting: their transaction is rolled back when it opens after all. */
  private readonly abandonedBegins = new Set<number>();
  private nextId = 1;
  private ended: Error | null = null;
  private opened = false;
  private asked = false;
  /** When the worker last answered anything (or was started). */
  private lastAnswerAt = Date.now();
  private readonly exited: Promise<void>;

  constructor(
    data: PgliteWorkerData,
    transfer: ArrayBuffer[],
    private readonly hooks: WorkerConnectionHooks,
    private readonly stuckAfterMs: number,
  ) {
    this.worker = startWorker(data, transfer);
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (message: PgliteResponse) => {
        this.lastAnswerAt = Date.now();
        if (message.id === 0 && 'ready' in message) {
          if (message.ready) {
            this.opened = true;
            this.worker.unref();
            resolve();
          } else reject(deserializeError(message.error));
          return;
        }
        if ('ok' in message) this.settle(message.id, message.ok, message.ok ? message.result : message.error);
      });
      const end = (error: Error) => {
        if (this.ended) return;
        this.ended = error;
        reject(error);
        for (const [id] of [...this.pending]) this.settle(id, false, { name: 'Error', message: error.message, fields: {} });
        if (this.opened && !this.asked) hooks.onCrash(error);
      };
      this.worker.on('error', (error) => end(new Error(`The PGlite worker failed: ${error.message}`)));
      this.worker.on('exit', (code) => end(new Error(this.asked ? 'The database is closed' : `The PGlite worker stopped (exit code ${code})`)));
    });
    // Awaited by the opener; a failure before that must not count as unhandled.
    this.ready.catch(() => undefined);
  }

  /** Whether the worker has ended (closed, terminated or crashed). */
  get isEnded(): boolean {
    return this.ended !== null;
  }

  /**
   * Posts a request; its answer, or a DatabaseUnavailableError('timeout') after `deadlineMs`
   * (the worker then skips the request if it had not started it: ./pgliteProtocol.ts).
   */
  call<T>(request: PgliteCall, deadlineMs: number): Promise<T> {
    if (this.ended) return Promise.reject(new DatabaseUnavailableError('unreachable', this.ended.message));
    const id = this.nextId++;
    const error = new Error('');
    const postedAt = Date.now();
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { resolve: resolve as (value: unknown) => void, reject, error, op: request.op, deadlineMs, timer: null };
      // Closing and rolling back are never cut short: they free what the worker holds.
      if (request.op !== 'close' && request.op !== 'rollback') {
        entry.timer = setTimeout(() => this.expire(id, deadlineMs, postedAt), deadlineMs);
      }
      this.pending.set(id, entry);
      // The worker keeps the process alive only while a request is out (a forgotten close must not hang it).
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...request, id, expiresAt: entry.timer ? postedAt + deadlineMs : undefined } as PgliteRequest);
    });
  }

  /** Stops the worker at once, whatever it is doing; pending calls fail. Resolves when the thread is gone. */
  async terminate(): Promise<void> {
    this.asked = true;
    await this.worker.terminate();
    await this.exited;
  }

  /** Marks the end as asked for (a close), so that the worker's exit is not taken for a crash. */
  closing(): void {
    this.asked = true;
  }

  private expire(id: number, deadlineMs: number, postedAt: number): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    if (entry.op === 'begin') this.abandonedBegins.add(id);
    this.forget(id);
    entry.reject(new DatabaseUnavailableError('timeout', `The database did not answer within ${deadlineMs} ms`));
    const silentForMs = Date.now() - Math.max(this.lastAnswerAt, postedAt);
    let allowedMs = this.stuckAfterMs;
    for (const other of this.pending.values()) allowedMs = Math.max(allowedMs, other.deadlineMs);
    // A timer may fire a little before Date.now() shows its whole delay: a worker silent since the call was posted is stuck.
    if (silentForMs + TIMER_SLACK_MS >= allowedMs) this.hooks.onStuck(silentForMs);
  }

  private forget(id: number): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    this.pending.delete(id);
    if (this.pending.size === 0 && !this.ended) this.worker.unref();
  }

  private settle(id: number, ok: boolean, value: unknown): void {
    const entry = this.pending.get(id);
    if (!entry) {
      // A transaction that opened after its caller gave up must not hold PGlite's transaction lock.
      if (this.abandonedBegins.delete(id) && ok) void this.call({ op: 'rollback', tx: id }, 0).catch(() => undefined);
      return;
    }
    this.forget(id);
    if (ok) entry.resolve(value);
    else {
      const error = deserializeError(value as SerializedError);
      error.stack = `${error.name}: ${error.message}\n${entry.error.stack?.split('\n').slice(1).join('\n') ?? ''}`;
      entry.reject(error);
    }
  }
}
