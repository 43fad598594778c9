import { trackingMachine, type TrackingChange } from '../../machines/tracking';
import type { PageData } from '../../model/pageData';
import { savesRootProgress } from '../../model/tracking';
import type { DurableQueue } from '../tracking/durableQueue';
import { toUserdataEvents } from '../tracking/events';
import { createSendBatch, flushOnHide } from '../tracking/sendBatch';

/**
 * The tracking statechart with its effects for one material of a share: every change is written to
 * the durable queue before it is sent, and sent in batches (src/tracking/sendBatch.ts). A chunk of its
 * own, loaded with the queue only where a visitor's work is saved on the server (./learnerTracking.ts).
 */
export function trackingLogicFor(pageData: PageData, materialId: string, shareId: string, queue: DurableQueue) {
  return trackingMachine.provide({
    actions: {
      persist: (_, params: { changes: TrackingChange[]; guestSessionId: string | null }) =>
        queue.add(toUserdataEvents(params.changes, { shareId, guestSessionId: params.guestSessionId, now: Date.now() })),
      flushOnLeave: (_, params: { guestSessionId: string | null }) => flushOnHide({ apiBase: pageData.api.base, shareId, guestSessionId: params.guestSessionId, queue }),
    },
    // Root progress goes only where the server keeps it: a refusal would stop the sending of everything else.
    actors: { sendBatch: createSendBatch({ apiBase: pageData.api.base, shareId, materialId: savesRootProgress(pageData) ? materialId : undefined, queue }) },
  });
}
