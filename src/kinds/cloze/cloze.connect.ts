import type { SnapshotFrom } from 'xstate';
import type { clozeMachine } from './cloze.machine';
import { questionState } from '../../../machines/connect';

/** The cloze's view: evaluated or not, and the text of each gap. */
export const connectCloze = (snapshot: SnapshotFrom<typeof clozeMachine>) => ({
  ...questionState(snapshot.matches('evaluated')),
  inputs: snapshot.context.inputs,
});
