import { fromPromise } from 'xstate';
import * as z from 'zod/mini';
import { SendBatchError, type SendBatchInput, type SendBatchOutput } from '../../machines/tracking';
import { USERDATA_BATCH_LIMIT, UserdataAck, type UserdataEvent } from '../../model/tracking';
import type { DurableQueue } from './durableQueue';

export type SendBatchOptions = {
  /** API base from the page data, e.g. `/api`. */
  apiBase: string;
  /** Public id of the share. */
  shareId: string;
  /**
   * Id of the material whose root progress is saved; none where the share saves no root progress
   * (`savesRootProgress`: a scorm share's LMS keeps it), and root progress then stays in the page.
   */
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

/** A userdata answer that acknowledges events. */
export const AckAnswer = z.object({ data: UserdataAck });

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

let sender: Promise<typeof import('./sendQueuedBatch')> | undefined;

/**
 * The code that sends (./sendQueuedBatch.ts) is a chunk of its own: nothing is sent before a learner
 * changes something (or the page starts with changes still queued), so the first paint goes without
 * it. A failed load (offline) is a failed send, retried like one; the next send loads again.
 */
function loadSender(): Promise<typeof import('./sendQueuedBatch')> {
  sender ??= import('./sendQueuedBatch').catch((error: unknown) => {
    sender = undefined;
    const online = typeof navigator === 'undefined' || navigator.onLine !== false;
    throw new SendBatchError(online ? 'server' : 'offline', `the sending code did not load: ${error instanceof Error ? error.message : String(error)}`);
  });
  return sender;
}

/**
 * The `sendBatch` actor of the tracking machine: `trackingMachine.provide({ actors: { sendBatch: createSendBatch(…) } })`.
 * Made only where changes are saved; the sending code is fetched once the page is idle, so the first save does not wait for it.
 */
export function createSendBatch(options: SendBatchOptions) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void loadSender().catch(() => {}));
  return fromPromise<SendBatchOutput, SendBatchInput>(async ({ input }) => (await loadSender()).sendQueuedBatch(options, input));
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
