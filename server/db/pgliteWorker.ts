/**
 * The PGlite worker thread: owns the one PGlite instance of the server and runs every query, so
 * that PostgreSQL's work (WASM, synchronous while it runs) never blocks the thread that answers
 * HTTP. Started by `openPgliteWorker` (server/db/pgliteThread.ts); its own entry file so that a
 * bundler can emit it as `pgliteWorker.js` beside the server's bundle.
 *
 * Transactions: `begin` opens PGlite's `transaction()`, which holds PGlite's transaction mutex
 * until `commit` or `rollback` arrives, so every other query waits for it, exactly as in-process.
 * The queries of that transaction name its id and are fed to it in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { dumpPglite, openPglite } from './pglite';
import { serializeError, type PgliteRequest, type PgliteResponse, type PgliteWorkerData } from './pgliteProtocol';
import type { Database, Queryable } from './types';

type TxRequest = Extract<PgliteRequest, { op: 'query' | 'exec' | 'commit' | 'rollback' }>;

/** The requests of one open transaction, handed to it one at a time. */
class TxInbox {
  private readonly queued: TxRequest[] = [];
  private waiting: ((request: TxRequest) => void) | null = null;
  push(request: TxRequest): void {
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = null;
      wake(request);
    } else this.queued.push(request);
  }
  next(): Promise<TxRequest> {
    const queued = this.queued.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

const ROLLBACK = Symbol('rollback');

/** The answer to a request that arrived after its caller's deadline. */
const expired = () => Object.assign(new Error('statement timeout: the request arrived after its deadline'), { code: '57014' });

function start(port: NonNullable<typeof parentPort>, data: PgliteWorkerData): void {
  const send = (message: PgliteResponse, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
  const answer = (id: number, result: unknown) => send({ id, ok: true, result });
  const fail = (id: number, error: unknown) => send({ id, ok: false, error: serializeError(error) });

  let db: Database | null = null;
  const transactions = new Map<number, TxInbox>();

  const run = (target: Queryable, request: Extract<PgliteRequest, { op: 'query' | 'exec' }>) =>
    request.op === 'query' ? target.query(request.sql, request.params) : target.exec(request.sql).then(() => null);

  const begin = (database: Database, id: number) => {
    const inbox = new TxInbox();
    transactions.set(id, inbox);
    let ending: TxRequest | null = null;
    database
      .transaction(async (tx) => {
        answer(id, id); // BEGIN ran: the transaction's id is the id of its begin request
        for (;;) {
          const request = await inbox.next();
          if (request.op === 'commit' || request.op === 'rollback') {
            ending = request;
            if (request.op === 'rollback') throw ROLLBACK;
            return;
          }
          try {
            answer(request.id, await run(tx, request));
          } catch (error) {
            fail(request.id, error);
          }
        }
      })
      .then(
        () => ending && answer(ending.id, null),
        (error: unknown) => {
          if (error === ROLLBACK && ending) answer(ending.id, null);
          else if (ending) fail(ending.id, error); // COMMIT failed
          else fail(id, error); // BEGIN failed
        },
      )
      .finally(() => transactions.delete(id));
  };

  const handle = async (request: PgliteRequest) => {
    if (!db) return fail(request.id, new Error('The database is closed'));
    const database = db;
    if (request.expiresAt !== undefined && Date.now() > request.expiresAt) {
      // Its caller stopped waiting: a commit becomes a rollback, anything else is not run.
      if (request.op === 'commit') request = { ...request, op: 'rollback' };
      else if (request.op !== 'rollback' && request.op !== 'close') return fail(request.id, expired());
    }
    switch (request.op) {
      case 'query':
      case 'exec':
      case 'commit':
      case 'rollback': {
        if (request.tx !== undefined) {
          const inbox = transactions.get(request.tx);
          if (!inbox) return fail(request.id, new Error('Transaction is closed'));
          return inbox.push(request as TxRequest);
        }
        if (request.op === 'query' || request.op === 'exec') return answer(request.id, await run(database, request));
        return fail(request.id, new Error(`${request.op} without a transaction`));
      }
      case 'begin':
        return begin(database, request.id);
      case 'dump': {
        const bytes = new Uint8Array(await (await dumpPglite(database)).arrayBuffer());
        return send({ id: request.id, ok: true, result: bytes }, [bytes.buffer as ArrayBuffer]);
      }
      case 'close': {
        db = null;
        await database.close();
        answer(request.id, null);
        port.close();
        return;
      }
    }
  };

  port.on('message', (request: PgliteRequest) => {
    handle(request).catch((error: unknown) => fail(request.id, error));
  });

  openPglite({ dataDir: data.dataDir, loadDataDir: data.loadDataDir ? new Blob([data.loadDataDir]) : undefined, template: data.template }).then(
    (opened) => {
      db = opened;
      send({ id: 0, ready: true });
    },
    (error: unknown) => {
      send({ id: 0, ready: false, error: serializeError(error) });
      port.close();
    },
  );
}

if (parentPort) start(parentPort, workerData as PgliteWorkerData);
