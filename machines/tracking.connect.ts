import type { TrackingSnapshot } from './tracking';

/** What the save indicator shows. `reason` says why changes are pending. */
export type SaveState = {
  status: 'off' | 'saved' | 'saving' | 'pending';
  pending: number;
  reason?: 'offline' | 'guestName' | 'server' | 'forbidden';
};

const pendingReasons = { held: 'guestName', offline: 'offline', retrying: 'server', blocked: 'forbidden' } as const;

/** The save state of a tracking snapshot (pure; for the indicator and the tests). */
export function saveStateOf(snapshot: Pick<TrackingSnapshot, 'value' | 'context'>): SaveState {
  const state = snapshot.value;
  const pending = snapshot.context.pending;
  if (state === 'off') return { status: 'off', pending };
  if (state === 'debouncing' || state === 'sending') return { status: 'saving', pending };
  if (state in pendingReasons) return { status: 'pending', pending, reason: pendingReasons[state as keyof typeof pendingReasons] };
  return { status: 'saved', pending };
}
