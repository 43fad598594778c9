/**
 * A small LRS for the tests, speaking the xAPI 2.0 Statements resource (xAPI-Communication 2.1):
 * `POST /xapi/statements` (one statement or an array: stored whole or not at all; 200 with the ids),
 * `PUT /xapi/statements?statementId=` (204). A statement whose id it holds with other content is a
 * 409 (for a batch: the whole batch); the same content again changes nothing. Two statements with
 * one id in a batch, a statement that fails the 2.0 rules (./statementSchema.ts) or a request
 * without `X-Experience-API-Version: 2.0.x` is a 400. It can be made unavailable (503, with a
 * Retry-After when asked) or drop connections, and made available again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { statementProblems } from './statementSchema';

type Stored = { id: string } & Record<string, unknown>;

export type LrsMode = { kind: 'up' } | { kind: 'unavailable'; retryAfterSeconds?: number } | { kind: 'closing' };

export interface LocalLrs {
  /** The endpoint, ending in `/`. */
  readonly endpoint: string;
  /** Every statement stored, in the order stored. */
  readonly statements: readonly Stored[];
  /** How many times each id arrived in a request (stored or not). */
  readonly received: ReadonlyMap<string, number>;
  /** Requests answered, by status. */
  readonly answers: number[];
  /** Requests whose connection it closed without an answer (mode `closing`). */
  readonly dropped: number;
  mode: LrsMode;
  /** A statement the LRS answers 409 for, as if it held other content under its id (a batch with it: the whole batch). */
  conflicts: (statement: Stored) => boolean;
  /** Waits this long before answering (ms). */
  latencyMs: number;
  /** Resolves once at least `count` statements are stored (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
};

export async function startLocalLrs(): Promise<LocalLrs> {
  const stored = new Map<string, Stored>();
  const order: Stored[] = [];
  const received = new Map<string, number>();
  const answers: number[] = [];
  const waiters = new Set<() => void>();
  let dropped = 0;

  const store = (batch: Stored[], res: http.ServerResponse, single: boolean) => {
    if (new Set(batch.map((s) => s.id)).size !== batch.length) return json(res, 400, { error: 'two statements with one id in the batch' });
    for (const statement of batch) {
      const problems = statementProblems(statement);
      if (problems.length) return json(res, 400, { error: problems.join('; ') });
    }
    for (const statement of batch) {
      const held = stored.get(statement.id);
      if ((held && !isDeepStrictEqual(held, statement)) || lrs.conflicts(statement)) return json(res, 409, { error: `statement ${statement.id} is held with other content` });
    }
    for (const statement of batch) {
      if (stored.has(statement.id)) continue;
      stored.set(statement.id, statement);
      order.push(statement);
    }
    for (const wake of waiters) wake();
    return single ? json(res, 204) : json(res, 200, batch.map((s) => s.id));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      setTimeout(() => {
        const mode = lrs.mode;
        if (mode.kind === 'closing') {
          dropped++;
          return void req.socket.destroy();
        }
        res.on('finish', () => answers.push(res.statusCode));
        if (mode.kind === 'unavailable') {
          res.writeHead(503, mode.retryAfterSeconds === undefined ? {} : { 'retry-after': String(mode.retryAfterSeconds) });
          return void res.end();
        }
        const url = new URL(req.url ?? '/', 'http://lrs');
        if (url.pathname !== '/xapi/statements') return json(res, 404, { error: 'no such resource' });
        if (!/^2\.0\.\d+$/.test(String(req.headers['x-experience-api-version'] ?? ''))) return json(res, 400, { error: 'X-Experience-API-Version 2.0.x is required' });
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return json(res, 400, { error: 'not JSON' });
        }
        const batch = (Array.isArray(body) ? body : [body]) as Stored[];
        for (const statement of batch) received.set(statement?.id, (received.get(statement?.id) ?? 0) + 1);
        if (req.method === 'POST') return store(batch, res, false);
        if (req.method === 'PUT') {
          const id = url.searchParams.get('statementId');
          if (!id || Array.isArray(body) || (body as Stored).id !== id) return json(res, 400, { error: 'PUT takes one statement whose id is statementId' });
          return store(batch, res, true);
        }
        return json(res, 405, { error: 'method not allowed' });
      }, lrs.latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const lrs: LocalLrs = {
    endpoint: `http://127.0.0.1:${port}/xapi/`,
    statements: order,
    received,
    answers,
    get dropped() {
      return dropped;
    },
    mode: { kind: 'up' },
    conflicts: () => false,
    latencyMs: 0,
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (order.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the LRS holds ${order.length} statements, not ${count}, after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return lrs;
}
