/* Pieces every question statechart shares (choice, cloze, free text, assignment, polygon). */
import type { ElementChange } from './elementChanged';

/**
 * The two reports that go with every evaluation or reset of a question: `evaluated`, and the
 * progress that follows from it (spec section 4: an evaluated element gives 1, else 0).
 */
export function reportEvaluation(evaluated: boolean) {
  return [
    { type: 'report', params: ({ context }: { context: { id: string } }): ElementChange => ({ id: context.id, field: 'evaluated', value: evaluated }) },
    { type: 'report', params: ({ context }: { context: { id: string } }): ElementChange => ({ id: context.id, field: 'progress', value: evaluated ? 1 : 0 }) },
  ] as const;
}

/** The first state of every question: resumes evaluated when the saved state says so (guard `wasEvaluated`). */
export const restoringQuestion = {
  description: 'Picks the saved state once, at start.',
  always: [{ guard: 'wasEvaluated', target: 'evaluated' }, { target: 'notEvaluated' }],
} as const;
