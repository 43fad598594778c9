import { useEffect } from 'react';
import type { ActorRef, AnyActorRef } from 'xstate';
import type { TrackingInput } from '../../machines/tracking';
import { withChange, type LearnerState } from '../../model/learnerState';
import type { PageData } from '../../model/pageData';
import { trackingModeOf } from '../../model/tracking';
import type { DurableQueue } from '../tracking/durableQueue';
import type { GuestSessionActor } from '../guest/GuestSessionProvider';
import { loadLearnerState } from './localLearnerState';

/*
 * The glue between the viewer and the tracking statechart: the durable queue every change is
 * written to before it is sent, what the viewer resumes from, and the guest session it learns of
 * (the browser's events it listens to itself: machines/tracking.ts).
 */

let queueOpening: Promise<DurableQueue> | null = null;
let openedQueue: DurableQueue | null = null;

/**
 * Opens the browser's durable queue once per page (its code is a chunk the route's loader awaits with
 * the material, named in the page: server/pages/routePreloads.ts); route loaders await it before the
 * viewer starts. A failed load of its code (offline) is forgotten, so the next call tries again.
 */
export function learnerQueue(): Promise<DurableQueue> {
  queueOpening ??= import('../tracking/durableQueue').then(
    ({ openDurableQueue }) => openDurableQueue().then((queue) => (openedQueue = queue)),
    (error: unknown) => {
      queueOpening = null;
      throw error;
    },
  );
  return queueOpening;
}

let trackingCode: Promise<typeof import('./trackingLogic')> | null = null;
let loadedTrackingCode: typeof import('./trackingLogic') | null = null;

/**
 * What a viewer of this page needs before it starts: the durable queue, and where the visitor's work
 * is saved on the server, the tracking code (a chunk of its own: anonymous visitors never load it).
 * Route loaders await it.
 */
export function prepareLearner(pageData: PageData): Promise<unknown> {
  if (trackingModeOf(pageData) === 'off') return learnerQueue();
  // A failed load (offline) is forgotten, so the next call tries again.
  trackingCode ??= import('./trackingLogic').then(
    (module) => (loadedTrackingCode = module),
    (error: unknown) => {
      trackingCode = null;
      throw error;
    },
  );
  return Promise.all([learnerQueue(), trackingCode]);
}

/** Whether queued changes survive a closed tab (IndexedDB), or live only in this page's memory. */
export function queueIsDurable(): boolean {
  return openedQueue?.durable ?? false;
}

type Setup = {
  /** What the viewer resumes from. */
  saved: LearnerState;
  /** The tracking statechart with its effects, when this visitor's work is saved on the server. */
  tracking?: { logic: ReturnType<typeof import('./trackingLogic').trackingLogicFor>; input: TrackingInput };
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
  if (!loadedTrackingCode) throw new Error('The tracking code is not loaded: await prepareLearner(pageData) before the viewer starts.');
  const logic = loadedTrackingCode.trackingLogicFor(pageData, materialId, shareId, queue);
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
