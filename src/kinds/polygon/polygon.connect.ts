import type { SnapshotFrom } from 'xstate';
import { questionState } from '../../../machines/connect';
import type { polygonMachine } from './polygon.machine';

/** The polygon exercise's view: evaluated or not, and the marks set. */
export const connectPolygon = (snapshot: SnapshotFrom<typeof polygonMachine>) => ({
  ...questionState(snapshot.matches('evaluated')),
  marks: snapshot.context.marks,
});
