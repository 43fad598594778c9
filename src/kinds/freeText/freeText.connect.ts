import type { SnapshotFrom } from 'xstate';
import type { freeTextMachine } from './freeText.machine';

/** The free-text answer's view: its phase (the `data-state`), the text, whether feedback failed, the generated feedback. */
export const connectFreeText = (snapshot: SnapshotFrom<typeof freeTextMachine>) => ({
  dataState: snapshot.matches('evaluating') ? ('evaluating' as const) : snapshot.matches('evaluated') ? ('evaluated' as const) : ('notEvaluated' as const),
  value: snapshot.context.value,
  failed: snapshot.context.failed,
  generated: snapshot.context.generatedFeedback,
});
