/**
 * PGlite off the request thread: the server's adapter for the embedded database.
 *
 * PGlite is PostgreSQL compiled to WASM: a query runs synchronously on the thread that calls it.
 * In-process, 200 learners saving at once queued every HTTP request (and /api/health) behind the
 * queries, with p99 latencies of 12–19 s. Here one worker thread (server/db/pgliteWorker.ts) owns
 * PGlite and this thread only posts messages to it, so HTTP parsing, validation and answers run in
 * parallel with the database on a second core.
 *
 * Why a worker with our own message protocol rather than PGlite's socket server
 * (@electric-sql/pglite-socket 0.2.17) in a worker with the ordinary `pg` client: both take PGlite
 * off the request thread. Measured with scripts/bench/ingest.ts (200 learners, 10 s, this project's
 * 2-CPU machine with other work on it, three interleaved rounds each):
 *   worker:        2,854 / 2,250 / 2,370 events/s, p99 43 / 308 / 169 ms, /api/health p99 9 / 36 / 36 ms
 *   socket server: 1,835 / 2,149 / 2,475 events/s, p99 571 / 248 / 223 ms, /api/health p99 74 / 44 / 46 ms
 * (50 learners: p99 26 / 116 / 42 ms against 81 / 198 / 132 ms). The socket server costs more per
 * query: `pg` encodes and parses the wire protocol on this thread, and the worker does it again;
 * here a query is one structured clone each way. It was measured with a pool of one connection
 * (its multiplexer puts every connection on PGlite's single session, so transactions of different
 * connections would not be kept apart), and it pins PGlite to an exact older version as a peer
 * dependency.
 *
 * Transactions cross the boundary as begin / query-in-transaction / commit / rollback messages;
 * the worker holds PGlite's transaction mutex from begin to commit, so other queries wait for it.
 */
import { Worker } from 'node:worker_threads';
import { registerPgliteDump } from './pgliteDump';
import { deserializeError, type PgliteRequest, type PgliteResponse, type PgliteWorkerData, type SerializedError } from './pgliteProtocol';
import type { Database, Queryable } from './types';

export interface PgliteWorkerOptions {
  /** Directory of the PostgreSQL files; omitted means in memory (tests). */
  dataDir?: string;
  /** A tarball from `dumpPglite` to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | Uint8Array;
  /** A data dir to copy when `dataDir` has no database yet (server/db/pgliteTemplate.ts). */
  template?: string | null;
  /** Called once after the worker closed PGlite (or died). */
  onClose?: () => void;
  /** Called when the worker ends without being asked to (a crash): every later query fails. */
  onFailure?: (error: Error) => void;
}

/** A request before the adapter gives it its id. */
type Request = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;

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

/** Opens PGlite in a worker thread; answers when it is ready (a new data dir is created as `openPglite` does). */
export async function openPgliteWorker(options: PgliteWorkerOptions = {}): Promise<Database> {
  // A copy of its own, handed over (transferred) to the worker.
  const load = options.loadDataDir instanceof Blob ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : options.loadDataDir && new Uint8Array(options.loadDataDir);
  const worker = startWorker({ dataDir: options.dataDir, loadDataDir: load, template: options.template }, load ? [load.buffer as ArrayBuffer] : []);

  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; error: Error }>();
  let nextId = 1;
  let stopped: Error | null = null;
  let closing: Promise<void> | null = null;
  let closed = false;
  let opened = false;

  const call = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(new Error(stopped.message));
    const id = nextId++;
    // Made here so that a failure shows the caller's stack.
    const error = new Error('');
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, error });
      // The worker keeps the process alive only while a request is out (a forgotten close must not hang it).
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...request, id } as PgliteRequest);
    });
  };

  const settle = (id: number, ok: boolean, value: unknown) => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    if (ok) entry.resolve(value);
    else {
      const error = deserializeError(value as SerializedError);
      error.stack = `${error.name}: ${error.message}\n${entry.error.stack?.split('\n').slice(1).join('\n') ?? ''}`;
      entry.reject(error);
    }
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: PgliteResponse) => {
      if (message.id === 0 && 'ready' in message) {
        if (message.ready) resolve();
        else reject(deserializeError(message.error));
        return;
      }
      if ('ok' in message) settle(message.id, message.ok, message.ok ? message.result : message.error);
    });
    const end = (error: Error) => {
      if (!stopped) stopped = error;
      reject(error);
      for (const [id] of [...pending]) settle(id, false, { name: 'Error', message: error.message, fields: {} });
      if (!closed) {
        closed = true;
        // A failure while opening is the error `openPgliteWorker` throws; later it is a crash.
        if (!closing && opened) options.onFailure?.(error);
        options.onClose?.();
      }
    };
    worker.on('error', (error) => end(new Error(`The PGlite worker failed: ${error.message}`)));
    worker.on('exit', (code) => end(new Error(closing ? 'The database is closed' : `The PGlite worker stopped (exit code ${code})`)));
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  opened = true;
  worker.unref();

  const queryable = (tx?: number): Queryable => ({
    query: <T>(sql: string, params?: readonly unknown[]) => call<T[]>({ op: 'query', sql, params: params ? [...params] : undefined, tx }),
    exec: async (sql: string) => {
      await call({ op: 'exec', sql, tx });
    },
  });

  const db: Database = {
    kind: 'pglite',
    ...queryable(),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      const tx = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await fn(queryable(tx));
      } catch (error) {
        await call({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    close: () => {
      closing ??= (async () => {
        if (!stopped) {
          try {
            await call({ op: 'close' });
          } catch {
            // the worker is gone already: nothing left to close
          }
        }
        // PGlite is closed, its files are complete: tearing down the worker's WASM heap takes a
        // second or so and need not be waited for (the lock may go now).
        void worker.terminate();
        if (!closed) {
          closed = true;
          options.onClose?.();
        }
      })();
      return closing;
    },
  };
  registerPgliteDump(db, async () => new Blob([await call<Uint8Array<ArrayBuffer>>({ op: 'dump' })]));
  return db;
}
