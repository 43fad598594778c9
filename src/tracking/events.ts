import type { TrackingChange } from '../../machines/tracking';
import { randomUrlSafe } from '../../model/randomKey';
import { UserdataEvent } from '../../model/tracking';

/** A new unguessable event id: crypto.randomUUID when present, else 22 url-safe characters (132 random bits). */
export function newEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return randomUrlSafe(22);
}

export type EventStamp = {
  shareId: string;
  /** null until a guest has a name (stamped later), and for a logged-in user. */
  guestSessionId: string | null;
  /** When the changes were made (ms since 1970). */
  now: number;
};

/**
 * One userdata event per change. A change the API would refuse (a value too long, an unknown
 * field) is logged and left out: it could never be stored.
 */
export function toUserdataEvents(changes: readonly TrackingChange[], { shareId, guestSessionId, now }: EventStamp): UserdataEvent[] {
  const events: UserdataEvent[] = [];
  for (const change of changes) {
    const candidate = {
      id: newEventId(),
      at: Math.round(now),
      metadata: { modelName: change.modelName, id: change.id, shareId, guestSessionId },
      data: { [change.field]: change.value },
    };
    const parsed = UserdataEvent.safeParse(candidate);
    if (parsed.success) events.push(parsed.data);
    else console.error('Tracking: a change cannot be saved', change, parsed.error.issues);
  }
  return events;
}
