import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { SendBatchError, trackingMachine, type SendBatchInput, type TrackingChange } from '../../machines/tracking';
import {
  API_BODY_LIMIT_BYTES, UpdateRootProgressBody, USERDATA_BATCH_LIMIT, UserdataBody, type UserdataEvent,
} from '../../model/tracking';
import { createMemoryQueue, type DurableQueue } from '../../src/tracking/durableQueue';
import { toUserdataEvents } from '../../src/tracking/events';
import { createSendBatch, FLUSH_ON_HIDE_MAX_BYTES, flushOnHide, type SendBatchOptions } from '../../src/tracking/sendBatch';
import { sendQueuedBatch } from '../../src/tracking/sendQueuedBatch';
import { ACKNOWLEDGED_MESSAGE } from '../../src/offline/acknowledged';
import { silentTrackingSignals } from '../machines/browserFakes';

/*
 * The sender against a real HTTP server on a free local port: each test says how the server
 * answers, and checks what arrived.
 */

const GUEST = 'Gs7pQ2vXk9LmN4rT8wYz1A';
const SHARE = 'share-a';

type Received = { method: string; url: string; contentType: string | undefined; body: unknown };
type Answer = { status: number; json?: unknown; text?: string; headers?: Record<string, string> } | 'drop' | 'hang';
let respond: (request: Received) => Answer = () => ({ status: 500 });
const received: Received[] = [];
const hanging: ServerResponse[] = [];
let server: Server;
let apiBase = '';

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = { method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body: text ? JSON.parse(text) : null };
      received.push(request);
      const answer = respond(request);
      if (answer === 'drop') return req.socket.destroy();
      if (answer === 'hang') return void hanging.push(res);
      res.writeHead(answer.status, { 'content-type': answer.text === undefined ? 'application/json' : 'text/plain', ...answer.headers });
      res.end(answer.text ?? JSON.stringify(answer.json ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  hanging.forEach((res) => res.destroy());
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  respond = ackAll;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server of the contract: acknowledges every event it got. */
function ackAll(request: Received): Answer {
  if (request.url === '/api/userdata') {
    const { events } = UserdataBody.parse(request.body);
    return { status: 200, json: { data: { acknowledged: events.map((e) => e.id), stored: events.length, duplicates: 0 } } };
  }
  if (request.url === '/api/updateRootProgress') return { status: 200, json: { data: null } };
  return { status: 404, json: { errors: [{ path: '', message: 'Not found' }] } };
}
const userdataCalls = () => received.filter((r) => r.url === '/api/userdata');
const sentEvents = (request: Received) => UserdataBody.parse(request.body).events;

let counter = 0;
function event(over: { at?: number; guestSessionId?: string | null; value?: unknown } = {}): UserdataEvent {
  counter += 1;
  return {
    id: `event-${String(counter).padStart(12, '0')}`,
    at: over.at ?? 1000 + counter,
    metadata: { modelName: 'FreeTextInput', id: 'f1', shareId: SHARE, guestSessionId: over.guestSessionId ?? null },
    data: { value: over.value ?? `answer ${counter}` },
  };
}
function queueWith(events: UserdataEvent[]): DurableQueue {
  const queue = createMemoryQueue();
  queue.add(events);
  return queue;
}
const options = (queue: DurableQueue, over: Partial<SendBatchOptions> = {}): SendBatchOptions => ({ apiBase, shareId: SHARE, materialId: 'm1', queue, ...over });
const send = (queue: DurableQueue, input: Partial<SendBatchInput> = {}, over: Partial<SendBatchOptions> = {}) =>
  sendQueuedBatch(options(queue, over), { guestSessionId: null, rootProgress: null, ...input });
async function failureOf(promise: Promise<unknown>): Promise<SendBatchError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SendBatchError);
  return error as SendBatchError;
}

describe('sendBatch: acknowledged events leave the queue', () => {
  it('posts the pending events oldest first as JSON and removes the acknowledged ones', async () => {
    const events = [event({ at: 30 }), event({ at: 10 }), event({ at: 20 })];
    const queue = queueWith(events);
    expect(await send(queue)).toEqual({ acknowledged: 3, remaining: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/userdata', contentType: 'application/json' });
    expect(sentEvents(received[0])).toEqual([events[1], events[2], events[0]]);
    expect(queue.pending(SHARE, null)).toEqual([]);
  });

  it('keeps exactly what the server did not acknowledge', async () => {
    const events = [event(), event(), event()];
    const queue = queueWith(events);
    respond = () => ({ status: 200, json: { data: { acknowledged: [events[0].id, events[2].id], stored: 1, duplicates: 1 } } });
    expect(await send(queue)).toEqual({ acknowledged: 2, remaining: 1 });
    expect(queue.pending(SHARE, null)).toEqual([events[1]]);
  });

  it('tells the service worker that controls the page which events were stored (its offline copy of the page shows them)', async () => {
    const events = [event(), event(), event()];
    respond = () => ({ status: 200, json: { data: { acknowledged: [events[2].id, events[0].id], stored: 2, duplicates: 0 } } });
    const postMessage = vi.fn();
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: { controller: { postMessage } } });
    await send(queueWith(events));
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith({ type: ACKNOWLEDGED_MESSAGE, events: [events[0], events[2]] });
    // Without a worker (the first visit, or a browser without them) nothing is told, and nothing fails.
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: { controller: null } });
    respond = ackAll;
    expect(await send(queueWith([event()]))).toEqual({ acknowledged: 1, remaining: 0 });
  });

  it(`sends at most ${USERDATA_BATCH_LIMIT} events per request`, async () => {
    const queue = queueWith(Array.from({ length: 150 }, () => event()));
    expect(await send(queue)).toEqual({ acknowledged: 100, remaining: 50 });
    expect(sentEvents(received[0])).toHaveLength(USERDATA_BATCH_LIMIT);
  });

  it('keeps a request body under the API limit', async () => {
    const queue = queueWith(Array.from({ length: 40 }, () => event({ value: 'ü'.repeat(15_000) })));
    const { acknowledged, remaining } = await send(queue);
    expect(acknowledged + remaining).toBe(40);
    expect(remaining).toBeGreaterThan(0);
    expect(Buffer.byteLength(JSON.stringify(received[0].body))).toBeLessThanOrEqual(API_BODY_LIMIT_BYTES);
  });

  it('sends nothing when nothing is pending', async () => {
    expect(await send(createMemoryQueue())).toEqual({ acknowledged: 0, remaining: 0 });
    expect(received).toEqual([]);
  });

  it('stamps the events recorded before the guest had a name with the guest session', async () => {
    const queue = queueWith([event(), event({ guestSessionId: GUEST })]);
    expect(await send(queue, { guestSessionId: GUEST })).toEqual({ acknowledged: 2, remaining: 0 });
    expect(sentEvents(received[0]).map((e) => e.metadata.guestSessionId)).toEqual([GUEST, GUEST]);
  });

  it('waits until the queue is durable before sending', async () => {
    const queue = queueWith([event()]);
    let durable!: () => void;
    const whenDurable = new Promise<void>((resolve) => (durable = resolve));
    const sending = send({ ...queue, whenDurable: () => whenDurable });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(0);
    durable();
    expect(await sending).toEqual({ acknowledged: 1, remaining: 0 });
  });
});

describe('sendBatch: failures', () => {
  for (const status of [500, 503, 408, 429]) {
    it(`${status} is a server failure; the events stay queued`, async () => {
      const queue = queueWith([event()]);
      respond = () => ({ status, json: { errors: [{ path: '', message: 'busy' }] } });
      expect((await failureOf(send(queue))).kind).toBe('server');
      expect(queue.pending(SHARE, null)).toHaveLength(1);
    });
  }

  it('a 503 or 429 carries the Retry-After the server sent (seconds or a date); without one, none', async () => {
    const queue = queueWith([event()]);
    respond = () => ({ status: 503, json: { errors: [{ path: '', message: 'busy' }] }, headers: { 'retry-after': '5' } });
    expect(await failureOf(send(queue))).toMatchObject({ kind: 'server', retryAfterMs: 5000 });
    respond = () => ({ status: 429, json: { errors: [] }, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } });
    const { retryAfterMs } = await failureOf(send(queue));
    expect(retryAfterMs).toBeGreaterThan(58_000);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000);
    respond = () => ({ status: 503, json: { errors: [] } });
    expect(await failureOf(send(queue))).toMatchObject({ kind: 'server', retryAfterMs: null });
    expect(queue.pending(SHARE, null)).toHaveLength(1);
  });

  for (const status of [401, 403]) {
    it(`${status} is forbidden; the events stay queued`, async () => {
      const queue = queueWith([event()]);
      respond = () => ({ status, json: { errors: [{ path: '', message: 'Forbidden' }] } });
      expect((await failureOf(send(queue))).kind).toBe('forbidden');
      expect(queue.pending(SHARE, null)).toHaveLength(1);
    });
  }

  it('400 naming events: those are logged and dropped, the others stay for the next batch', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = [event(), event(), event()];
    const queue = queueWith(events);
    respond = () => ({ status: 400, json: { errors: [{ path: 'events[1].data', message: 'the changed value is missing' }] } });
    expect(await send(queue)).toEqual({ acknowledged: 1, remaining: 2 });
    expect(queue.pending(SHARE, null)).toEqual([events[0], events[2]]);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('400 about the whole body: the batch is dropped', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const queue = queueWith([event(), event()]);
    respond = () => ({ status: 400, json: { errors: [{ path: 'events', message: 'Invalid input' }] } });
    expect(await send(queue)).toEqual({ acknowledged: 2, remaining: 0 });
  });

  it('a dropped connection is a server failure while the browser is online …', async () => {
    const queue = queueWith([event()]);
    respond = () => 'drop';
    expect((await failureOf(send(queue))).kind).toBe('server');
    expect(queue.pending(SHARE, null)).toHaveLength(1);
  });

  it('… and offline when the browser says it is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const queue = queueWith([event()]);
    respond = () => 'drop';
    expect((await failureOf(send(queue))).kind).toBe('offline');
  });

  it('no answer within the timeout is a server failure', async () => {
    respond = () => 'hang';
    expect((await failureOf(send(queueWith([event()]), {}, { timeoutMs: 100 }))).kind).toBe('server');
  });

  it('an answer that acknowledges nothing, or cannot be read, is a server failure (backoff, no busy loop)', async () => {
    const queue = queueWith([event()]);
    respond = () => ({ status: 200, json: { data: { acknowledged: [], stored: 0, duplicates: 0 } } });
    expect((await failureOf(send(queue))).kind).toBe('server');
    respond = () => ({ status: 200, text: 'OK' });
    expect((await failureOf(send(queue))).kind).toBe('server');
    expect(queue.pending(SHARE, null)).toHaveLength(1);
  });
});

describe('sendBatch: root progress', () => {
  it('is posted after the events, for the material, share and guest', async () => {
    const queue = queueWith([event()]);
    expect(await send(queue, { guestSessionId: GUEST, rootProgress: 0.75 })).toEqual({ acknowledged: 1, remaining: 0 });
    expect(received.map((r) => r.url)).toEqual(['/api/userdata', '/api/updateRootProgress']);
    expect(UpdateRootProgressBody.parse(received[1].body)).toEqual({
      model: { id: 'm1', modelName: 'Material' }, value: 0.75, shareId: SHARE, guestSessionId: GUEST,
    });
  });

  it('alone, when no event is pending', async () => {
    await send(createMemoryQueue(), { rootProgress: 1 });
    expect(received.map((r) => r.url)).toEqual(['/api/updateRootProgress']);
  });

  it('not at all where the share saves none (no material id: a scorm share), and the events still go', async () => {
    const queue = queueWith([event()]);
    expect(await send(queue, { rootProgress: 1 }, { materialId: undefined })).toEqual({ acknowledged: 1, remaining: 0 });
    expect(received.map((r) => r.url)).toEqual(['/api/userdata']);
  });

  it('a refused root progress fails the send like events do', async () => {
    respond = (request) => (request.url === '/api/updateRootProgress' ? { status: 403, json: { errors: [{ path: '', message: 'Forbidden' }] } } : ackAll(request));
    const queue = queueWith([event()]);
    expect((await failureOf(send(queue, { rootProgress: 1 }))).kind).toBe('forbidden');
    expect(queue.pending(SHARE, null)).toEqual([]);
  });
});

describe('flushOnHide', () => {
  it('posts the pending events with keepalive; they leave the queue only once acknowledged', async () => {
    const inits: RequestInit[] = [];
    const recordingFetch: typeof fetch = (url, init) => {
      inits.push(init ?? {});
      return fetch(url, init);
    };
    const events = [event(), event()];
    const queue = queueWith(events);
    respond = () => 'hang';
    flushOnHide({ apiBase, shareId: SHARE, guestSessionId: null, queue, fetch: recordingFetch });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(inits[0]).toMatchObject({ method: 'POST', keepalive: true });
    expect(sentEvents(received[0])).toEqual(events);
    expect(queue.pending(SHARE, null)).toHaveLength(2);

    respond = ackAll;
    flushOnHide({ apiBase, shareId: SHARE, guestSessionId: null, queue, fetch: recordingFetch });
    await vi.waitFor(() => expect(queue.pending(SHARE, null)).toEqual([]));
  });

  it(`stays under ${FLUSH_ON_HIDE_MAX_BYTES} bytes and stamps the guest session`, async () => {
    const queue = queueWith(Array.from({ length: 20 }, () => event({ value: 'x'.repeat(10_000) })));
    flushOnHide({ apiBase, shareId: SHARE, guestSessionId: GUEST, queue });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(Buffer.byteLength(JSON.stringify(received[0].body))).toBeLessThanOrEqual(FLUSH_ON_HIDE_MAX_BYTES);
    expect(sentEvents(received[0]).length).toBeGreaterThan(0);
    expect(sentEvents(received[0]).every((e) => e.metadata.guestSessionId === GUEST)).toBe(true);
  });

  it('sends nothing when nothing is pending', async () => {
    flushOnHide({ apiBase, shareId: SHARE, guestSessionId: null, queue: createMemoryQueue() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
  });
});

describe('the tracking machine with the real sender', () => {
  it('persists, sends after the debounce, retries a 503 and ends saved with an empty queue', async () => {
    const queue = createMemoryQueue();
    let failures = 1;
    respond = (request) => (failures-- > 0 ? { status: 503, json: { errors: [{ path: '', message: 'busy' }] } } : ackAll(request));
    const machine = trackingMachine.provide({
      actions: {
        persist: (_, params) => queue.add(toUserdataEvents(params.changes, { shareId: SHARE, guestSessionId: params.guestSessionId, now: Date.now() })),
      },
      actors: { sendBatch: createSendBatch(options(queue)), ...silentTrackingSignals() },
    });
    const actor = createActor(machine, { input: { mode: 'user', guestSessionId: null, online: true, pending: 0 } }).start();
    const changes: TrackingChange[] = [
      { id: 'q1', modelName: 'ChoiceQuestion', field: 'selected', value: ['a'] },
      { id: 'q1', modelName: 'ChoiceQuestion', field: 'evaluated', value: true },
    ];
    actor.send({ type: 'tracking.changed', changes });
    actor.send({ type: 'root.progress', value: 0.5 });
    expect(queue.pending(SHARE, null)).toHaveLength(2);
    await waitFor(actor, (s) => s.matches('retrying'), { timeout: 5000 });
    await waitFor(actor, (s) => s.matches('saved'), { timeout: 5000 });
    expect(queue.pending(SHARE, null)).toEqual([]);
    const lastUserdata = userdataCalls()[userdataCalls().length - 1];
    expect(sentEvents(lastUserdata).map((e) => e.data)).toEqual([{ selected: ['a'] }, { evaluated: true }]);
    expect(received.filter((r) => r.url === '/api/updateRootProgress').map((r) => (r.body as { value: number }).value)).toEqual([0.5]);
    actor.stop();
  });
});
