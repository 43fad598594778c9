import { SendBatchError, type SendBatchInput, type SendBatchOutput, type SendFailureKind } from '../../machines/tracking';
import * as z from 'zod/mini';
import { API_BODY_LIMIT_BYTES, USERDATA_BATCH_LIMIT, type UpdateRootProgressBody, type UserdataEvent } from '../../model/tracking';
import { reportAcknowledged } from '../offline/acknowledged';
import { AckAnswer, takeBatch, type SendBatchOptions } from './batch';

/*
 * One send of the tracking machine, a chunk of its own (./sendBatch.ts `createSendBatch` loads it
 * with the first send).
 */

const REQUEST_TIMEOUT_MS = 30_000;

const ErrorAnswer = z.object({ errors: z.array(z.object({ path: z.optional(z.string()), message: z.string() })) });

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
  // The service worker's copy of the page shows them from now on (they have left the queue).
  const stored = new Set(acknowledged);
  reportAcknowledged(batch.filter((event) => stored.has(event.id)));
  return acknowledged.length;
}

async function sendRootProgress(options: SendBatchOptions, materialId: string, value: number, guestSessionId: string | null): Promise<void> {
  const body: UpdateRootProgressBody = { model: { id: materialId, modelName: 'Material' }, value, shareId: options.shareId, guestSessionId };
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
 * removes exactly the acknowledged ones, then saves root progress (when given, and where the share saves it).
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
  if (input.rootProgress !== null && options.materialId) await sendRootProgress(options, options.materialId, input.rootProgress, input.guestSessionId);
  return { acknowledged, remaining: queue.pending(shareId, input.guestSessionId).length };
}
