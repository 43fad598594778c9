import { useEffect } from 'react';
import type { ActorRef, AnyActorRef } from 'xstate';
import { trackingMachine, type TrackingChange, type TrackingInput } from '../../machines/tracking';
import { withChange, type LearnerState } from '../../model/learnerState';
import type { PageData } from '../../model/pageData';
import { savesRootProgress, trackingModeOf } from '../../model/tracking';
import { openDurableQueue, type DurableQueue } from '../tracking/durableQueue';
import { toUserdataEvents } from '../tracking/events';
import { createSendBatch, flushOnHide } from '../tracking/sendBatch';
import type { GuestSessionActor } from '../guest/GuestSessionProvider';
import { loadLearnerState } from './localLearnerState';

/*
 * The glue between the viewer and the tracking statechart: the durable queue every change is
 * written to before it is sent, what the viewer resumes from, and the guest session it learns of
 * (the browser's events it listens to itself: machines/tracking.ts).
 */

let queueOpening: Promise<DurableQueue> | null = null;
let openedQueue: DurableQueue | null = null;

/** Opens the browser's durable queue once per page; route loaders await it before the viewer starts. */
export function learnerQueue(): Promise<DurableQueue> {
  queueOpening ??= openDurableQueue().then((queue) => (openedQueue = queue));
  return queueOpening;
}

/** Whether queued changes survive a closed tab (IndexedDB), or live only in this page's memory. */
export function queueIsDurable(): boolean {
  return openedQueue?.durable ?? false;
}

type Setup = {
  /** What the viewer resumes from. */
  saved: LearnerState;
  /** The tracking statechart with its effects, when this visitor's work is saved on the server. */
  tracking?: { logic: typeof trackingMachine; input: TrackingInput };
};

/**
 * Where a material's saved state comes from, and the tracking actor for it: a user or a guest with a
 * session resume from the server's state (page data), anyone else from this browser; in both cases
 * changes still waiting in the durable queue are applied on top, so nothing acknowledged late is lost.
 */
export function learnerSetup(pageData: PageData, materialId: string, storageKey: string): Setup {
  const mode = trackingModeOf(pageData);
  const shareId = pageData.share?.publicId;
  const guestSessionId = pageData.guestSession?.publicId ?? null;
  const fromServer = mode !== 'off' && pageData.learnerState !== null;
  let saved = fromServer ? (pageData.learnerState ?? {}) : loadLearnerState(storageKey);
  const queue = openedQueue;
  if (!queue || !shareId || mode === 'off') return { saved };

  const pending = queue.pending(shareId, guestSessionId);
  for (const event of pending) {
    for (const [field, value] of Object.entries(event.data)) saved = withChange(saved, { id: event.metadata.id, field, value });
  }
  const logic = trackingMachine.provide({
    actions: {
      persist: (_, params: { changes: TrackingChange[]; guestSessionId: string | null }) =>
        queue.add(toUserdataEvents(params.changes, { shareId, guestSessionId: params.guestSessionId, now: Date.now() })),
      flushOnLeave: (_, params: { guestSessionId: string | null }) => flushOnHide({ apiBase: pageData.api.base, shareId, guestSessionId: params.guestSessionId, queue }),
    },
    // Root progress goes only where the server keeps it: a refusal would stop the sending of everything else.
    actors: { sendBatch: createSendBatch({ apiBase: pageData.api.base, shareId, materialId: savesRootProgress(pageData) ? materialId : undefined, queue }) },
  });
  return { saved, tracking: { logic, input: { mode, guestSessionId, online: navigator.onLine, pending: pending.length } } };
}

/** Tells the viewer's tracking child when the guest gets a session (a name): held changes are released. */
export function useGuestSessionForTracking(viewer: AnyActorRef, guestActor: GuestSessionActor | null): void {
  useEffect(() => {
    const tracking = viewer.getSnapshot().context.tracking as ActorRef<never, { type: string }> | null;
    if (!tracking || !guestActor) return;
    const created = guestActor.on('created', ({ session }) => tracking.send({ type: 'guest.created', guestSessionId: session.publicId } as never));
    return () => created.unsubscribe();
  }, [viewer, guestActor]);
}
