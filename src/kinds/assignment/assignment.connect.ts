import type { SnapshotFrom } from 'xstate';
import type { assignmentMachine } from './assignment.machine';
import { questionState } from '../../../machines/connect';

/** The assignment question's view: evaluated or not, the items in each zone, and the picked item. */
export const connectAssignment = (snapshot: SnapshotFrom<typeof assignmentMachine>) => ({
  ...questionState(snapshot.matches('evaluated')),
  assigned: snapshot.context.assigned,
  selectedItemId: snapshot.context.selectedItemId,
});
