import { assertEvent, assign, setup } from 'xstate';
import * as z from 'zod/mini';
import type { ChoiceQuestion } from '../../../model/elements';
import { deselectChoice, selectChoice, type ChoiceType } from './choice.model';
import { reportChange, type ElementChangedEvent } from '../../../machines/elements/elementChanged';
import { reportEvaluation, restoringQuestion } from '../../../machines/elements/question';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

/** Learner state saved for a choice question: the last reported value of each field. */
export const ChoiceSaved = z.object({ selected: z.optional(z.array(z.string())), evaluated: z.optional(z.boolean()) });
export type ChoiceSaved = z.infer<typeof ChoiceSaved>;

export type ChoiceInput = { element: ChoiceQuestion; saved?: unknown };

export type ChoiceContext = {
  id: string;
  type: ChoiceType;
  choiceIds: string[];
  /** Ids of the selected choices, in the order they were selected. */
  selected: string[];
  /** Read once, when the actor starts, to restore the evaluated state. */
  savedEvaluated: boolean;
};

export type ChoiceEvent =
  | { type: 'choice.select'; choiceId: string }
  | { type: 'choice.deselect'; choiceId: string }
  | { type: 'answer.submit' }
  | { type: 'answer.edit' };

export const choiceGuards = {
  isKnownChoice: ({ context }: { context: ChoiceContext }, choiceId: string) => context.choiceIds.includes(choiceId),
  wasEvaluated: ({ context }: { context: ChoiceContext }) => context.savedEvaluated,
  hasSelection: ({ context }: { context: ChoiceContext }) => context.selected.length > 0,
};

function initialContext({ element, saved }: ChoiceInput): ChoiceContext {
  const restored = ChoiceSaved.safeParse(saved ?? {});
  const choiceIds = element.choices.map((choice) => choice.id);
  const selected = (restored.success ? (restored.data.selected ?? []) : []).filter((id) => choiceIds.includes(id));
  return {
    id: element.id,
    type: element.type,
    choiceIds,
    selected: element.type === 'sc' ? selected.slice(-1) : selected,
    savedEvaluated: restored.success ? restored.data.evaluated === true : false,
  };
}

/** A choice question (single or multiple choice): select, evaluate, edit. */
export const choiceMachine = setup({
  types: {
    input: {} as ChoiceInput,
    context: {} as ChoiceContext,
    events: {} as ChoiceEvent,
    emitted: {} as ElementChangedEvent,
  },
  guards: {
    isKnownChoice: ({ context, event }) => {
      assertEvent(event, ['choice.select', 'choice.deselect']);
      return choiceGuards.isKnownChoice({ context }, event.choiceId);
    },
    wasEvaluated: choiceGuards.wasEvaluated,
    hasSelection: choiceGuards.hasSelection,
  },
  actions: {
    report: reportChange<ChoiceContext, ChoiceEvent>(),
    select: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'choice.select');
        return selectChoice(context.type, context.selected, event.choiceId);
      },
    }),
    deselect: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'choice.deselect');
        return deselectChoice(context.selected, event.choiceId);
      },
    }),
    clearSelection: assign({ selected: () => [] }),
  },
}).createMachine({
  id: 'choice',
  description: 'A single- or multiple-choice question.',
  initial: 'restoring',
  context: ({ input }) => initialContext(input),
  states: {
    restoring: restoringQuestion,
    notEvaluated: {
      description: 'The learner selects choices; the Evaluate button is offered.',
      on: {
        'choice.select': {
          guard: 'isKnownChoice',
          actions: ['select', { type: 'report', params: ({ context }) => ({ id: context.id, field: 'selected', value: context.selected }) }],
          description: 'Select a choice; in a single-choice question the others are deselected.',
        },
        'choice.deselect': {
          guard: 'isKnownChoice',
          actions: ['deselect', { type: 'report', params: ({ context }) => ({ id: context.id, field: 'selected', value: context.selected }) }],
          description: 'Deselect a choice.',
        },
        'answer.submit': {
          guard: 'hasSelection',
          target: 'evaluated',
          actions: [
            ...reportEvaluation(true),
          ],
          description: 'Evaluate, once a choice is selected: inputs are disabled and feedback shows.',
        },
      },
    },
    evaluated: {
      description: 'Inputs disabled, feedback shown (and, unless it is neutral, whether each selected choice was right); the button reads Edit Answer.',
      tags: ['complete'],
      on: {
        'answer.edit': {
          target: 'notEvaluated',
          actions: [
            'clearSelection',
            { type: 'report', params: ({ context }) => ({ id: context.id, field: 'selected', value: [] }) },
            ...reportEvaluation(false),
          ],
          description: 'Edit Answer: resets the selection and returns to not evaluated.',
        },
      },
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'ChoiceQuestion', machine: choiceMachine } as const satisfies KindMachine;
