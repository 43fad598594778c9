import * as z from 'zod/mini';
import { UserdataAck, type UserdataEvent } from '../../model/tracking';
import type { DurableQueue } from './durableQueue';

/* What the tracking's sender (./sendBatch.ts) and the chunk that sends (./sendQueuedBatch.ts) share. */

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
