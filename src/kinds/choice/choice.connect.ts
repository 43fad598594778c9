import type { SnapshotFrom } from 'xstate';
import type { choiceMachine } from './choice.machine';
import { questionState } from '../../../machines/connect';

/** The choice question's view: evaluated or not, and the selected choices. */
export const connectChoice = (snapshot: SnapshotFrom<typeof choiceMachine>) => ({
  ...questionState(snapshot.matches('evaluated')),
  selected: snapshot.context.selected,
});
