import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { trackingMachine } from '../../machines/tracking';
import { learnerQueue } from '../viewer/learnerTracking';

/** States of the tracking statechart in which a send is due or on its way (machines/tracking.ts). */
const SENDING_STATES = ['starting', 'debouncing', 'sending'];
/** How long a reload waits for a send on its way before it relies on the durable queue. */
export const SETTLE_TIMEOUT_MS = 5_000;

/** Work of this page that a reload would lose: changes kept only in its memory. */
export class UnsavedWorkError extends Error {
  constructor(readonly pending: number) {
    super(`${pending} change(s) are neither acknowledged by the server nor kept in IndexedDB`);
    this.name = 'UnsavedWorkError';
  }
}

/**
 * Before the page reloads (a new publication, issue 24): asks the viewer's tracking child to send what is
 * pending now and waits until it has been acknowledged, or cannot be sent now (offline, the server failing
 * or refusing, a guest without a name), or `timeoutMs` passed; then until every change is written to the
 * durable queue (IndexedDB), from which the reloaded page resumes and sends it. Rejects with UnsavedWorkError
 * only when changes of the share are left that live in this page's memory alone (IndexedDB unavailable).
 * Without tracking (public shares) the work is in localStorage, written when the page is left.
 */
export async function settleLearnerWork(viewer: AnyActorRef, shareId: string, timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
  const tracking = viewer.getSnapshot().context.tracking as ActorRefFrom<typeof trackingMachine> | null;
  // A viewer with a tracking child was set up from the opened queue (./learnerTracking.ts learnerSetup).
  if (!tracking) return;
  const queue = await learnerQueue();
  const settled = () => !SENDING_STATES.includes(String(tracking.getSnapshot().value));
  tracking.send({ type: 'tracking.flush' });
  if (!settled()) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const subscription = tracking.subscribe(() => settled() && done());
      function done() {
        clearTimeout(timer);
        subscription.unsubscribe();
        resolve();
      }
    });
  }
  await queue.whenDurable();
  const left = queue.pending(shareId, tracking.getSnapshot().context.guestSessionId).length;
  if (left && !queue.durable) throw new UnsavedWorkError(left);
}
