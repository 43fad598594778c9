import type { SnapshotFrom } from 'xstate';
import type { scrollProgressMachine } from './scrollProgress';

/** The end marker's view: whether the page counts as read (complete) or is still tracked. */
export function connectScrollProgress(snapshot: SnapshotFrom<typeof scrollProgressMachine>) {
  const complete = snapshot.hasTag('complete');
  return { complete, dataState: complete ? ('complete' as const) : ('tracking' as const) };
}
