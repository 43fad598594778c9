import type { UserdataEvent } from '../../model/tracking';

/*
 * The page tells the service worker (./sw.ts) which changes the server has stored, so the copy of the
 * share page it keeps for offline use shows them (./pageCopy.ts withAcknowledged): once acknowledged they
 * leave the durable queue, and a reload without a network would otherwise show the page as it was kept.
 */

export const ACKNOWLEDGED_MESSAGE = 'lernwerk:acknowledged';

/** The message: the stored events, in the order the server acknowledged them. */
export type AcknowledgedMessage = { type: typeof ACKNOWLEDGED_MESSAGE; events: readonly UserdataEvent[] };

/** Posts `events` to the worker that controls this page; nothing without one (no copy is kept then). */
export function reportAcknowledged(events: readonly UserdataEvent[]): void {
  const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller;
  if (worker && events.length) worker.postMessage({ type: ACKNOWLEDGED_MESSAGE, events } satisfies AcknowledgedMessage);
}

export function isAcknowledgedMessage(data: unknown): data is AcknowledgedMessage {
  return (data as { type?: unknown } | null)?.type === ACKNOWLEDGED_MESSAGE && Array.isArray((data as { events?: unknown }).events);
}
