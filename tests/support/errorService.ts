import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An envelope as the service received it: its header, and the event it carried. */
export interface ReceivedEnvelope {
  project: string;
  auth: Record<string, string>;
  contentType: string | undefined;
  header: { event_id: string; sent_at: string; dsn: string };
  itemHeader: { type: string };
  event: Record<string, any>;
}

export interface ErrorService {
  /** A DSN of this service for project 42 with the public key `testkey`. */
  readonly dsn: string;
  readonly received: ReceivedEnvelope[];
  /** Envelopes refused (bad auth, bad envelope), with why. */
  readonly refused: string[];
  /** What the next answers are: a status (200: accepted and kept) with headers (429 with Retry-After, X-Sentry-Rate-Limits …). */
  answerWith(status: number, headers?: Record<string, string>): void;
  /** Waits until `count` events have arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEnvelope[]>;
  close(): Promise<void>;
}

const PUBLIC_KEY = 'testkey';
const PROJECT = '42';

/**
 * A local error-reporting service speaking Sentry's envelope protocol, as Sentry, GlitchTip or Bugsink
 * do (`POST /api/{project}/envelope/`, auth in X-Sentry-Auth, newline-separated JSON: envelope header,
 * item header, event); it checks what a real one checks and keeps what arrives. The third party of
 * the error-reporting tests (server/errorReporting/).
 */
export async function startErrorService(): Promise<ErrorService> {
  const received: ReceivedEnvelope[] = [];
  const refused: string[] = [];
  const waiting = new Set<() => void>();
  let answer: { status: number; headers: Record<string, string> } = { status: 200, headers: {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const refuse = (why: string, status = 400) => {
        refused.push(why);
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: why }));
      };
      const match = /^\/api\/(\d+)\/envelope\/$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) return refuse(`${request.method} ${request.url}: not an envelope endpoint`, 404);
      const auth = Object.fromEntries(
        String(request.headers['x-sentry-auth'] ?? '')
          .replace(/^Sentry\s+/, '')
          .split(/,\s*/)
          .map((pair) => pair.split('=') as [string, string]),
      );
      if (auth.sentry_key !== PUBLIC_KEY) return refuse(`wrong sentry_key ${auth.sentry_key}`, 401);
      const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
      let envelope: ReceivedEnvelope;
      try {
        const [header, itemHeader, event] = lines.map((line) => JSON.parse(line));
        envelope = { project: match[1], auth, contentType: request.headers['content-type'], header, itemHeader, event };
      } catch {
        return refuse('not newline-separated JSON');
      }
      if (lines.length !== 3 || envelope.itemHeader?.type !== 'event' || envelope.header?.event_id !== envelope.event?.event_id) return refuse('not one event item');
      if (answer.status !== 200) {
        response.writeHead(answer.status, answer.headers).end();
        return;
      }
      received.push(envelope);
      for (const wake of waiting) wake();
      response.writeHead(200, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify({ id: envelope.header.event_id }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    dsn: `http://${PUBLIC_KEY}@127.0.0.1:${port}/${PROJECT}`,
    received,
    refused,
    answerWith(status, headers = {}) {
      answer = { status, headers };
    },
    waitFor(count, timeoutMs = 5000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(wake);
          reject(new Error(`${received.length} of ${count} events arrived in ${timeoutMs} ms; refused: ${refused.join('; ') || 'none'}`));
        }, timeoutMs);
        const wake = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(received);
        };
        waiting.add(wake);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
