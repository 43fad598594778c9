import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import * as z from 'zod/mini';
import type { FreeTextInput } from '../../../model/elements';
import { reportChange, type ElementChange, type ElementChangedEvent } from '../../../machines/elements/elementChanged';
import { reportEvaluation, restoringQuestion } from '../../../machines/elements/question';
import { fitsUserdataValue } from '../../../model/tracking';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

/** One generated feedback item (spec section 7, taskbase/feedback). */
export const GeneratedFeedback = z.object({ feedback: z.string(), correct: z.optional(z.boolean()) });
export type GeneratedFeedback = z.infer<typeof GeneratedFeedback>;

/** The answer of the generative-feedback call: `ok: false` on any failure. */
export type FeedbackResult = { ok: true; feedback: string; correct?: boolean } | { ok: false };
export type FeedbackRequest = { userAnswer: string; elementId: string };

/** Learner state saved for a free-text input: the last reported value of each field. */
export const FreeTextSaved = z.object({
  value: z.optional(z.string()),
  evaluated: z.optional(z.boolean()),
  generatedFeedback: z.optional(z.array(GeneratedFeedback)),
});

const generateFeedback = fromPromise<FeedbackResult, FeedbackRequest>(async () => ({ ok: false }));
type FeedbackActor = { src: 'generateFeedback'; logic: typeof generateFeedback; id: string | undefined };

export type FreeTextInputMachineInput = { element: FreeTextInput; saved?: unknown };

export type FreeTextContext = {
  id: string;
  value: string;
  useGenerativeFeedback: boolean;
  generatedFeedback: GeneratedFeedback[];
  /** The last generative-feedback call failed: the red error box shows. */
  failed: boolean;
  savedEvaluated: boolean;
};

export type FreeTextEvent =
  | { type: 'answer.change'; value: string }
  | { type: 'answer.submit' }
  | { type: 'answer.edit' };

export const freeTextGuards = {
  hasAnswer: ({ context }: { context: FreeTextContext }) => context.value.trim() !== '',
  /** The text may be saved: it is not longer than a saved value may be (model/tracking.ts). */
  fitsLimit: ({ context }: { context: FreeTextContext }) => fitsUserdataValue(context.value),
  usesGenerativeFeedback: ({ context }: { context: FreeTextContext }) => context.useGenerativeFeedback,
  isFeedbackOk: (output: FeedbackResult) => output.ok,
  wasEvaluated: ({ context }: { context: FreeTextContext }) => context.savedEvaluated,
};

/**
 * Restores the saved fields. A generative answer saved as evaluated without a feedback item failed
 * (a success always saves one): it is restored failed, so the error box shows again after a reload.
 */
function initialContext({ element, saved }: FreeTextInputMachineInput): FreeTextContext {
  const restored = FreeTextSaved.safeParse(saved ?? {});
  const data = restored.success ? restored.data : {};
  const generatedFeedback = data.generatedFeedback ?? [];
  const savedEvaluated = data.evaluated === true;
  return {
    id: element.id,
    value: data.value ?? '',
    useGenerativeFeedback: element.useGenerativeFeedback,
    generatedFeedback,
    failed: savedEvaluated && element.useGenerativeFeedback && generatedFeedback.length === 0,
    savedEvaluated,
  };
}

/** A failed call: the error box, the console, and a saved state that says evaluated without feedback (how a reload knows). */
const failedEvaluation = [
  'markFailed',
  'logFailure',
  { type: 'report', params: ({ context }: { context: FreeTextContext }): ElementChange => ({ id: context.id, field: 'generatedFeedback', value: [] }) },
  ...reportEvaluation(true),
] as const;

/**
 * A free-text answer. With generative feedback the answer is sent through the invoked
 * `generateFeedback` actor, which the viewer provides (`machine.provide({ actors })`) with the real
 * call; the default answers `{ ok: false }`.
 */
export const freeTextMachine = setup({
  types: {
    input: {} as FreeTextInputMachineInput,
    context: {} as FreeTextContext,
    events: {} as FreeTextEvent,
    emitted: {} as ElementChangedEvent,
  },
  actors: {
    generateFeedback,
  },
  guards: {
    hasAnswer: freeTextGuards.hasAnswer,
    fitsLimit: freeTextGuards.fitsLimit,
    changeFitsLimit: ({ event }) => {
      assertEvent(event, 'answer.change');
      return fitsUserdataValue(event.value);
    },
    usesGenerativeFeedback: freeTextGuards.usesGenerativeFeedback,
    isFeedbackOk: ({ event }) => 'output' in event && freeTextGuards.isFeedbackOk(event.output as FeedbackResult),
    wasEvaluated: freeTextGuards.wasEvaluated,
  },
  actions: {
    report: reportChange<FreeTextContext, FreeTextEvent, FeedbackActor>(),
    setValue: assign({
      value: ({ event }) => {
        assertEvent(event, 'answer.change');
        return event.value;
      },
    }),
    clearFeedback: assign({ generatedFeedback: () => [], failed: () => false }),
    markFailed: assign({ failed: () => true }),
    /** Spec section 8: a failed generative-feedback call is also logged to the console. */
    logFailure: ({ event }) => console.error('Generative feedback failed', 'error' in event ? event.error : 'output' in event ? event.output : event),
  },
}).createMachine({
  id: 'freeText',
  description: 'A free-text answer, optionally with generated feedback.',
  initial: 'restoring',
  context: ({ input }) => initialContext(input),
  states: {
    restoring: restoringQuestion,
    notEvaluated: {
      description: 'The learner writes; the submit button is enabled once there is text that may be saved.',
      on: {
        'answer.change': [
          {
            guard: 'changeFitsLimit',
            actions: ['setValue', { type: 'report', params: ({ context }) => ({ id: context.id, field: 'value', value: context.value }) }],
            description: 'The learner edits the text, and it is saved.',
          },
          {
            actions: 'setValue',
            description: 'A text longer than a saved value may be is shown, with its counter as an error, and not saved: the text saved last stays.',
          },
        ],
        'answer.submit': [
          {
            guard: and(['hasAnswer', 'fitsLimit', 'usesGenerativeFeedback']),
            target: 'evaluating',
            description: 'With generative feedback the answer is sent.',
          },
          {
            guard: and(['hasAnswer', 'fitsLimit']),
            target: 'evaluated',
            actions: [
              ...reportEvaluation(true),
            ],
            description: 'Without generative feedback: the static box Answer has been submitted shows.',
          },
        ],
      },
    },
    evaluating: {
      description: 'Waiting for the generated feedback; the button reads Evaluating answer... and is disabled.',
      invoke: {
        id: 'generateFeedback',
        src: 'generateFeedback',
        input: ({ context }) => ({ userAnswer: context.value, elementId: context.id }),
        onDone: [
          {
            guard: 'isFeedbackOk',
            target: 'evaluated',
            actions: [
              assign({
                generatedFeedback: ({ event }) =>
                  event.output.ok ? [{ feedback: event.output.feedback, correct: event.output.correct }] : [],
                failed: () => false,
              }),
              { type: 'report', params: ({ context }) => ({ id: context.id, field: 'generatedFeedback', value: context.generatedFeedback }) },
              ...reportEvaluation(true),
            ],
            description: 'One feedback item is stored.',
          },
          {
            target: 'evaluated',
            actions: failedEvaluation,
            description: 'The call answered not ok: the error box shows (and it is logged).',
          },
        ],
        onError: {
          target: 'evaluated',
          actions: failedEvaluation,
          description: 'The call failed: the error box shows (and the error is logged).',
        },
      },
    },
    evaluated: {
      description: 'Text area disabled; feedback (or the error box) shown.',
      tags: ['complete'],
      on: {
        'answer.edit': {
          target: 'notEvaluated',
          actions: [
            'clearFeedback',
            { type: 'report', params: ({ context }) => ({ id: context.id, field: 'generatedFeedback', value: [] }) },
            ...reportEvaluation(false),
          ],
          description: 'A click on the evaluated answer clears the feedback and the evaluated flag.',
        },
      },
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'FreeTextInput', machine: freeTextMachine } as const satisfies KindMachine;
