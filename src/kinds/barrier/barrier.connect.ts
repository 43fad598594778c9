import type { SnapshotFrom } from 'xstate';
import { BARRIER_UNLOCKED_STATE, type barrierMachine } from './barrier.machine';

/** The barrier's view: locked or unlocked, and whether its continue button may be pressed. */
export function connectBarrier(snapshot: SnapshotFrom<typeof barrierMachine>) {
  const unlocked = snapshot.matches(BARRIER_UNLOCKED_STATE);
  return { unlocked, dataState: unlocked ? ('unlocked' as const) : ('locked' as const), canContinue: snapshot.context.canContinue };
}
