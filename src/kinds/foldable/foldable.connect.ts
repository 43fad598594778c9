import type { SnapshotFrom } from 'xstate';
import type { foldableMachine } from './foldable.machine';

/** The foldable's view: folded or unfolded. */
export function connectFoldable(snapshot: SnapshotFrom<typeof foldableMachine>) {
  const unfolded = snapshot.matches('unfolded');
  return { unfolded, dataState: unfolded ? ('unfolded' as const) : ('folded' as const) };
}
