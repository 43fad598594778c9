import { fromPromise } from 'xstate';
import { SendBatchError, type SendBatchInput, type SendBatchOutput } from '../../machines/tracking';
import { USERDATA_BATCH_LIMIT } from '../../model/tracking';
import { AckAnswer, takeBatch, type SendBatchOptions } from './batch';
import type { DurableQueue } from './durableQueue';

export type { SendBatchOptions } from './batch';

export type FlushOnHideOptions = {
  apiBase: string;
  shareId: string;
  guestSessionId: string | null;
  queue: DurableQueue;
  fetch?: typeof fetch;
};

/** Browsers refuse keepalive bodies above 64 KiB in total; stay below with room for headers. */
export const FLUSH_ON_HIDE_MAX_BYTES = 60 * 1024;

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
