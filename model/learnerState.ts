import * as z from 'zod/mini';
import { ModelId } from './common';

/**
 * What a learner did, as the last value of each reported field per model id (the fields of spec
 * section 7, userdata: progress, selected, evaluated, value, …). Element machines restore from their
 * entry (`input.saved`); progress and unlocked barriers are read from it too.
 */
export const LearnerState = z.record(ModelId, z.record(z.string(), z.unknown()));
export type LearnerState = z.infer<typeof LearnerState>;

/**
 * Marks a question the server reset because a publication changed its answer key after the learner
 * answered it (server/store/userdata.ts learnerStateOf); the learner's next change of it clears it.
 */
export const ANSWER_KEY_CHANGED = 'answerKeyChanged';

export function withChange(state: LearnerState, change: { id: string; field: string; value: unknown }): LearnerState {
  const { [ANSWER_KEY_CHANGED]: _reset, ...fields } = state[change.id] ?? {};
  return { ...state, [change.id]: { ...fields, [change.field]: change.value } };
}

/** The reported progress by id. */
export function progressOf(state: LearnerState): Record<string, number> {
  const progress: Record<string, number> = {};
  for (const [id, fields] of Object.entries(state)) {
    if (typeof fields.progress === 'number' && fields.progress >= 0 && fields.progress <= 1) progress[id] = fields.progress;
  }
  return progress;
}

/** The barriers recorded as unlocked. */
export function unlockedIdsOf(state: LearnerState): string[] {
  return Object.entries(state).filter(([, fields]) => fields.unlocked === true).map(([id]) => id);
}
