import { assertEvent, assign, setup } from 'xstate';
import * as z from 'zod/mini';
import { clozeHasInput } from './cloze.model';
import type { ClozeQuestion } from '../../../model/elements';
import { gapsOf } from './cloze.model';
import { reportChange, type ElementChangedEvent } from '../../../machines/elements/elementChanged';
import { reportEvaluation, restoringQuestion } from '../../../machines/elements/question';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

/** Learner state saved for a cloze question: the last reported value of each field. */
export const ClozeSaved = z.object({ inputs: z.optional(z.array(z.string())), evaluated: z.optional(z.boolean()) });

export type ClozeInput = { element: ClozeQuestion; saved?: unknown };

export type ClozeContext = {
  id: string;
  /** One input per gap, in reading order. */
  inputs: string[];
  savedEvaluated: boolean;
};

export type ClozeEvent =
  | { type: 'gap.change'; index: number; value: string }
  | { type: 'answer.submit' }
  | { type: 'answer.edit' };

export const clozeGuards = {
  isGapIndex: ({ context }: { context: ClozeContext }, index: number) => Number.isInteger(index) && index >= 0 && index < context.inputs.length,
  hasInput: ({ context }: { context: ClozeContext }) => clozeHasInput(context.inputs),
  wasEvaluated: ({ context }: { context: ClozeContext }) => context.savedEvaluated,
};

function initialContext({ element, saved }: ClozeInput): ClozeContext {
  const gapCount = gapsOf(element.content).length;
  const restored = ClozeSaved.safeParse(saved ?? {});
  const savedInputs = restored.success ? (restored.data.inputs ?? []) : [];
  return {
    id: element.id,
    inputs: Array.from({ length: gapCount }, (_, index) => savedInputs[index] ?? ''),
    savedEvaluated: restored.success && restored.data.evaluated === true,
  };
}

/** A cloze question: fill the gaps, evaluate, edit. */
export const clozeMachine = setup({
  types: {
    input: {} as ClozeInput,
    context: {} as ClozeContext,
    events: {} as ClozeEvent,
    emitted: {} as ElementChangedEvent,
  },
  guards: {
    isGapIndex: ({ context, event }) => {
      assertEvent(event, 'gap.change');
      return clozeGuards.isGapIndex({ context }, event.index);
    },
    hasInput: clozeGuards.hasInput,
    wasEvaluated: clozeGuards.wasEvaluated,
  },
  actions: {
    report: reportChange<ClozeContext, ClozeEvent>(),
    setGap: assign({
      inputs: ({ context, event }) => {
        assertEvent(event, 'gap.change');
        return context.inputs.map((input, index) => (index === event.index ? event.value : input));
      },
    }),
    clearInputs: assign({ inputs: ({ context }) => context.inputs.map(() => '') }),
  },
}).createMachine({
  id: 'cloze',
  description: 'A text with gaps (text fields or dropdowns).',
  initial: 'restoring',
  context: ({ input }) => initialContext(input),
  states: {
    restoring: restoringQuestion,
    notEvaluated: {
      description: 'The learner fills the gaps; Evaluate is enabled once a gap has input.',
      on: {
        'gap.change': {
          guard: 'isGapIndex',
          actions: ['setGap', { type: 'report', params: ({ context }) => ({ id: context.id, field: 'inputs', value: context.inputs }) }],
          description: 'Type into a gap or pick a dropdown option.',
        },
        'answer.submit': {
          guard: 'hasInput',
          target: 'evaluated',
          actions: [
            ...reportEvaluation(true),
          ],
          description: 'Evaluate: gaps are disabled and marked correct or wrong.',
        },
      },
    },
    evaluated: {
      description: 'Gaps disabled and marked; feedback shown; the button reads Edit Answer.',
      tags: ['complete'],
      on: {
        'answer.edit': {
          target: 'notEvaluated',
          actions: [
            'clearInputs',
            { type: 'report', params: ({ context }) => ({ id: context.id, field: 'inputs', value: context.inputs }) },
            ...reportEvaluation(false),
          ],
          description: 'Edit Answer: clears the gaps and returns to not evaluated.',
        },
      },
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'ClozeQuestion', machine: clozeMachine } as const satisfies KindMachine;
