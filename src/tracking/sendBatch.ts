import { fromPromise } from 'xstate';
import * as z from 'zod/mini';
import { SendBatchError, type SendBatchInput, type SendBatchOutput, type SendFailureKind } from '../../machines/tracking';
import {
  API_BODY_LIMIT_BYTES, USERDATA_BATCH_LIMIT, UserdataAck, type UpdateRootProgressBody, type UserdataEvent,
} from '../model/tracking';
import type { DurableQueue } from './durableQueue';

export type SendBatchOptions = {
  /** API base from the page data, e.g. `/api`. */
  apiBase: string;
  /** Public id of the share. */
  shareId: string;
  /** Id of the material whose root progress is saved; without it root progress cannot be sent (logged). */
  materialId?: string;
  queue: DurableQueue;
  fetch?: typeof fetch;
  /** A request without an answer after this long counts as failed (default 30 s). */
  timeoutMs?: number;
};

export type FlushOnHideOptions = {
  apiBase: string;
  shareId: string;
  guestSessionId: string | null;
  queue: DurableQueue;
  fetch?: typeof fetch;
};

/** Browsers refuse keepalive bodies above 64 KiB in total; stay below with room for headers. */
export const FLUSH_ON_HIDE_MAX_BYTES = 60 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;

const AckAnswer = z.object({ data: UserdataAck });
const ErrorAnswer = z.object({ errors: z.array(z.object({ path: z.optional(z.string()), message: z.string() })) });

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** The oldest events that fit one request: at most `maxEvents`, and a JSON body of at most `maxBytes`. */
export function takeBatch(events: readonly UserdataEvent[], maxEvents: number, maxBytes: number): UserdataEvent[] {
  const batch: UserdataEvent[] = [];
  let bytes = byteLength('{"events":[]}');
  for (const event of events) {
    const size = byteLength(JSON.stringify(event)) + (batch.length ? 1 : 0);
    if (batch.length >= maxEvents || bytes + size > maxBytes) break;
    batch.push(event);
    bytes += size;
  }
  return batch;
}

/** How a failed answer is retried: 401/403 never (the session is gone), anything else later. */
export function failureOfStatus(status: number): SendFailureKind {
  return status === 401 || status === 403 ? 'forbidden' : 'server';
}

/**
 * A Retry-After header in milliseconds from `now`: delay-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`; a date already past is 0). Null when absent or unreadable: the
 * backoff applies then.
 */
export function retryAfterMsOf(header: string | null | undefined, now: number = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its weekday or month; anything else (`-5`, `1.5`, `soon`) is not one.
  if (!/[a-z]/i.test(value)) return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** The error of a failed answer; a 429 or 503 carries the server's Retry-After, if it sent one. */
export function failureOfResponse(response: Response, call: string): SendBatchError {
  const { status } = response;
  const retryAfterMs = status === 429 || status === 503 ? retryAfterMsOf(response.headers.get('retry-after')) : null;
  return new SendBatchError(failureOfStatus(status), `${call} answered ${status}`, { retryAfterMs });
}

/** A request that did not get an answer: offline when the browser says so, else the server is unreachable. */
function failureOfNetwork(error: unknown): SendBatchError {
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  return new SendBatchError(online ? 'server' : 'offline', error instanceof Error ? error.message : String(error));
}

async function post(options: SendBatchOptions, path: string, body: unknown): Promise<Response> {
  const doFetch = options.fetch ?? fetch;
  try {
    return await doFetch(`${options.apiBase}/${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw failureOfNetwork(error);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    throw new SendBatchError('server', `unreadable answer (${response.status}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The events a 400 answer names (`events[3].data` → 3); all of the batch when it names none. They
 * can never succeed, so they leave the queue.
 */
export function refusedEvents(batch: readonly UserdataEvent[], answer: unknown): UserdataEvent[] {
  const parsed = ErrorAnswer.safeParse(answer);
  const indexes = new Set(
    (parsed.success ? parsed.data.errors : [])
      .map((error) => /^events\[(\d+)\]/.exec(error.path ?? '')?.[1])
      .filter((index): index is string => index !== undefined)
      .map(Number)
      .filter((index) => index < batch.length),
  );
  return indexes.size ? batch.filter((_, index) => indexes.has(index)) : [...batch];
}

async function sendEvents(options: SendBatchOptions, batch: UserdataEvent[]): Promise<number> {
  const response = await post(options, 'userdata', { events: batch });
  // 413 for a single event: it is too large to ever be stored.
  if (response.status === 400 || (response.status === 413 && batch.length === 1)) {
    const refused = refusedEvents(batch, await response.json().catch(() => null));
    console.error(`Tracking: the server refused ${refused.length} malformed event(s); they are dropped`, refused);
    await options.queue.ack(refused.map((event) => event.id));
    return refused.length;
  }
  if (!response.ok) throw failureOfResponse(response, 'userdata');
  const answer = AckAnswer.safeParse(await readJson(response));
  if (!answer.success) throw new SendBatchError('server', 'userdata answered without a valid acknowledgement');
  const sent = new Set(batch.map((event) => event.id));
  const acknowledged = answer.data.data.acknowledged.filter((id) => sent.has(id));
  // Nothing acknowledged would resend the same batch at once, again and again: back off instead.
  if (!acknowledged.length) throw new SendBatchError('server', 'userdata acknowledged none of the events');
  await options.queue.ack(acknowledged);
  return acknowledged.length;
}

async function sendRootProgress(options: SendBatchOptions, value: number, guestSessionId: string | null): Promise<void> {
  if (!options.materialId) {
    console.error('Tracking: root progress cannot be saved without the material id (createSendBatch option materialId)');
    return;
  }
  const body: UpdateRootProgressBody = { model: { id: options.materialId, modelName: 'Material' }, value, shareId: options.shareId, guestSessionId };
  const response = await post(options, 'updateRootProgress', body);
  if (response.status === 400) {
    console.error('Tracking: the server refused the root progress', value, await response.json().catch(() => null));
    return;
  }
  if (!response.ok) throw failureOfResponse(response, 'updateRootProgress');
}

/**
 * One send of the tracking machine: stamps the share's nameless events with the guest session (when
 * given), waits until the queue is durable, posts the oldest pending events (at most 100 and 1 MiB),
 * removes exactly the acknowledged ones, then saves root progress (when given).
 */
export async function sendQueuedBatch(options: SendBatchOptions, input: SendBatchInput): Promise<SendBatchOutput> {
  const { queue, shareId } = options;
  if (input.guestSessionId) await queue.stamp(shareId, input.guestSessionId);
  await queue.whenDurable();
  const pending = queue.pending(shareId, input.guestSessionId);
  const fitting = takeBatch(pending, USERDATA_BATCH_LIMIT, API_BODY_LIMIT_BYTES);
  // An event larger than a whole body goes alone (the server refuses it, and it leaves the queue).
  const batch = fitting.length || !pending.length ? fitting : pending.slice(0, 1);
  const acknowledged = batch.length ? await sendEvents(options, batch) : 0;
  if (input.rootProgress !== null) await sendRootProgress(options, input.rootProgress, input.guestSessionId);
  return { acknowledged, remaining: queue.pending(shareId, input.guestSessionId).length };
}

/** The `sendBatch` actor of the tracking machine: `trackingMachine.provide({ actors: { sendBatch: createSendBatch(…) } })`. */
export function createSendBatch(options: SendBatchOptions) {
  return fromPromise<SendBatchOutput, SendBatchInput>(({ input }) => sendQueuedBatch(options, input));
}

/**
 * The page is being hidden (pagehide / visibilitychange to hidden): posts what is pending with
 * `keepalive`, so the request outlives the page. The events stay queued until an answer
 * acknowledges them; if the page survives, the answer is applied like any other.
 */
export function flushOnHide({ apiBase, shareId, guestSessionId, queue, fetch: doFetch = fetch }: FlushOnHideOptions): void {
  const batch = takeBatch(queue.pending(shareId, guestSessionId), USERDATA_BATCH_LIMIT, FLUSH_ON_HIDE_MAX_BYTES);
  if (!batch.length) return;
  const events = guestSessionId ? batch.map((event) => ({ ...event, metadata: { ...event.metadata, guestSessionId } })) : batch;
  const sent = new Set(events.map((event) => event.id));
  let request: Promise<Response>;
  try {
    request = doFetch(`${apiBase}/userdata`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ events }),
      keepalive: true,
    });
  } catch {
    return;
  }
  request
    .then(async (response) => {
      if (!response.ok) return;
      const answer = AckAnswer.safeParse(await response.json());
      if (answer.success) await queue.ack(answer.data.data.acknowledged.filter((id) => sent.has(id)));
    })
    .catch(() => {});
}
