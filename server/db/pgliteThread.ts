/**
 * PGlite off the request thread: the server's adapter for the embedded database.
 *
 * PGlite is PostgreSQL compiled to WASM: a query runs synchronously on the thread that calls it.
 * Here one worker thread (server/db/pgliteWorker.ts) owns PGlite and this thread only posts messages
 * to it (one structured clone each way), so HTTP parsing, validation and answers run in parallel with
 * the database on a second core. Why this and not PGlite's socket server: docs/decisions.md.
 *
 * Transactions cross the boundary as begin / query-in-transaction / commit / rollback messages;
 * the worker holds PGlite's transaction mutex from begin to commit, so other queries wait for it.
 *
 * Never hang: every request has a deadline (`queryTimeoutMs`, or another one given through
 * `withDeadline`), after which its caller gets a DatabaseUnavailableError (a 503). A worker that
 * answers nothing for `queryTimeoutMs` (or the longest deadline of what is waiting) is stuck (PGlite spins for good after a failed WAL write on a full disk): it is
 * terminated and PGlite opened again on the same files in a new worker (PostgreSQL's crash
 * recovery keeps every commit), retried until it opens; meanwhile calls fail at once. Only if the
 * thread cannot even be terminated is `onFailure` called (the server exits for its supervisor).
 */
import { withinDeadline } from '../withinDeadline';
import { registerPgliteDump } from './pgliteDump';
import type { PgliteWorkerData } from './pgliteProtocol';
import { WorkerConnection, type PgliteCall } from './pgliteWorkerConnection';
import { DEFAULT_QUERY_TIMEOUT_MS } from './deadlines';
import { DatabaseUnavailableError } from './unavailable';
import type { Database, Queryable } from './types';

export interface PgliteWorkerOptions {
  /** Directory of the PostgreSQL files; omitted means in memory (tests). */
  dataDir?: string;
  /** A tarball from `dumpPglite` to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | Uint8Array;
  /** A data dir to copy when `dataDir` has no database yet (server/db/pgliteTemplate.ts). */
  template?: string | null;
  /** Deadline of each request, in ms (default DEFAULT_QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
  /** Called once after the worker closed PGlite for good. */
  onClose?: () => void;
  /** Called when the database cannot be brought back in this process (its worker cannot be stopped). */
  onFailure?: (error: Error) => void;
  /** Where restarts are told (default console.error). */
  log?: (line: string) => void;
}

/** How long a restarted worker may take to open PGlite before it is tried again. */
const REOPEN_DEADLINE_MS = 60_000;
/** How long terminating a stuck worker may take before the process gives up on it. */
const TERMINATE_DEADLINE_MS = 10_000;
/** How long closing PGlite may take before its worker is terminated instead (a stuck one never answers). */
const CLOSE_DEADLINE_MS = 5_000;
/** Waits between failed reopenings (the last one repeats). */
const REOPEN_BACKOFF_MS = [500, 1_000, 2_000, 3_000];

/** Opens PGlite in a worker thread; answers when it is ready (a new data dir is created as `openPglite` does). */
export async function openPgliteWorker(options: PgliteWorkerOptions = {}): Promise<Database> {
  const log = options.log ?? ((line: string) => console.error(line));
  const defaultDeadline = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  // A copy of its own, handed over (transferred) to the first worker; a restarted one opens the data dir (or, in memory, starts empty).
  const load = options.loadDataDir instanceof Blob ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : options.loadDataDir && new Uint8Array(options.loadDataDir);
  const data: PgliteWorkerData = { dataDir: options.dataDir, loadDataDir: load, template: options.template };

  let restarting: Promise<void> | null = null;
  /** The worker a restart is opening (terminated by `close`, which must not wait for it). */
  let reopening: WorkerConnection | null = null;
  let closing: Promise<void> | null = null;
  let closedForGood = false;
  const finish = () => {
    if (closedForGood) return;
    closedForGood = true;
    options.onClose?.();
  };

  const hooks = {
    onStuck: (silentForMs: number) => restart(`answered nothing for ${silentForMs} ms`),
    onCrash: (error: Error) => restart(error.message),
  };
  let current = new WorkerConnection(data, load ? [load.buffer as ArrayBuffer] : [], hooks, defaultDeadline);
  try {
    await current.ready;
  } catch (error) {
    await current.terminate();
    finish();
    throw error;
  }

  function restart(why: string): void {
    if (restarting || closing || !options.dataDir) return;
    const stuck = current;
    const started = Date.now();
    log(`The embedded database (PGlite) ${why}: restarting it; requests are answered 503 meanwhile`);
    restarting = (async () => {
      try {
        await withinDeadline(stuck.terminate(), TERMINATE_DEADLINE_MS, 'Stopping the PGlite worker');
      } catch (error) {
        options.onFailure?.(new Error(`The embedded database cannot be restarted: ${(error as Error).message}`));
        return;
      }
      for (let attempt = 0; !closing; attempt++) {
        const next = new WorkerConnection({ dataDir: options.dataDir, template: options.template }, [], hooks, defaultDeadline);
        reopening = next;
        try {
          await withinDeadline(next.ready, REOPEN_DEADLINE_MS, 'Opening PGlite');
          if (closing) {
            await next.terminate();
            return;
          }
          current = next;
          log(`The embedded database (PGlite) answers again (restarted in ${Date.now() - started} ms)`);
          return;
        } catch (error) {
          await next.terminate().catch(() => undefined);
          if (closing) return;
          const wait = REOPEN_BACKOFF_MS[Math.min(attempt, REOPEN_BACKOFF_MS.length - 1)];
          if (attempt === 0 || attempt % 20 === 0) log(`Reopening PGlite failed (${(error as Error).message}); trying again every ${wait} ms`);
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    })().finally(() => {
      restarting = null;
      reopening = null;
    });
  }

  const connection = (): WorkerConnection => {
    if (closing) throw new Error('The database is closed');
    if (restarting) throw new DatabaseUnavailableError('restarting', 'The database is restarting');
    return current;
  };
  const call = <T>(request: PgliteCall, deadlineMs: number, on?: WorkerConnection): Promise<T> => {
    try {
      return (on ?? connection()).call<T>(request, deadlineMs);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  const queryable = (deadlineMs: number, tx?: { id: number; on: WorkerConnection }): Queryable => ({
    query: <T>(sql: string, params?: readonly unknown[]) => call<T[]>({ op: 'query', sql, params: params ? [...params] : undefined, tx: tx?.id }, deadlineMs, tx?.on),
    exec: async (sql: string) => {
      await call({ op: 'exec', sql, tx: tx?.id }, deadlineMs, tx?.on);
    },
  });

  const database = (deadlineMs: number): Database => ({
    kind: 'pglite',
    ...queryable(deadlineMs),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      // A transaction stays on the worker it began on: after a restart its later requests fail.
      const on = connection();
      const id = await call<number>({ op: 'begin' }, deadlineMs, on);
      let result: T;
      try {
        result = await fn(queryable(deadlineMs, { id, on }));
      } catch (error) {
        await call({ op: 'rollback', tx: id }, deadlineMs, on).catch(() => undefined);
        throw error;
      }
      await call({ op: 'commit', tx: id }, deadlineMs, on);
      return result;
    },
    withDeadline: (ms) => database(ms),
    close: () => {
      closing ??= (async () => {
        if (reopening) await reopening.terminate().catch(() => undefined);
        await restarting?.catch(() => undefined);
        const last = current;
        last.closing();
        if (!last.isEnded) {
          try {
            await withinDeadline(last.call({ op: 'close' }, defaultDeadline), CLOSE_DEADLINE_MS, 'Closing PGlite');
          } catch {
            // gone already, or stuck: terminated below (its files are as after a crash, which PGlite recovers from)
          }
        }
        // PGlite is closed, its files are complete: tearing down the worker's WASM heap takes a
        // second or so and need not be waited for (the lock may go now).
        void last.terminate().catch(() => undefined);
        finish();
      })();
      return closing;
    },
  });

  const db = database(defaultDeadline);
  registerPgliteDump(db, async () => new Blob([await call<Uint8Array<ArrayBuffer>>({ op: 'dump' }, REOPEN_DEADLINE_MS)]));
  return db;
}
