import { assertEvent, assign, setup } from 'xstate';
import * as z from 'zod/mini';
import type { Path } from '../../../model/elements';
import { activeStepIndex } from '../../../model/progress';
import { reportChange, type ElementChangedEvent } from '../../../machines/elements/elementChanged';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

export type StepCompletion = 'selfCompletion' | 'openedCompletion' | 'derived';

/**
 * Learner state saved for a path: the last reported progress of each step that completes by
 * itself (selfCompletion, openedCompletion), keyed by step id — they report under their own id.
 */
export const PathSaved = z.object({ stepProgress: z.optional(z.record(z.string(), z.number().check(z.minimum(0), z.maximum(1)))) });

export type PathInput = { element: Path; saved?: unknown };

export type PathContext = {
  id: string;
  steps: { id: string; completion: StepCompletion }[];
  /** Step id → progress 0–1. Derived steps (ordinary chapters) get theirs from the viewer. */
  progress: Record<string, number>;
};

export type PathEvent =
  /** The Complete / Completed toggle of a selfCompletion step. */
  | { type: 'step.toggle'; stepId: string }
  /** A step was opened (its link followed); completes an openedCompletion step. */
  | { type: 'step.open'; stepId: string }
  /** Sent by the viewer with the derived progress of steps that do not complete by themselves. */
  | { type: 'progress.update'; progress: Record<string, number> };

type Ctx = { context: PathContext };

const completionOf = (context: PathContext, stepId: string) => context.steps.find((step) => step.id === stepId)?.completion;

export const pathGuards = {
  isSelfCompletion: ({ context }: Ctx, stepId: string) => completionOf(context, stepId) === 'selfCompletion',
  isOpenedIncomplete: ({ context }: Ctx, stepId: string) =>
    completionOf(context, stepId) === 'openedCompletion' && (context.progress[stepId] ?? 0) < 1,
  isAllComplete: ({ context }: Ctx) => activeStepIndex(context.steps.map((step) => context.progress[step.id] ?? 0)) === -1,
};

function initialContext({ element, saved }: PathInput): PathContext {
  const restored = PathSaved.safeParse(saved ?? {});
  const savedProgress = restored.success ? (restored.data.stepProgress ?? {}) : {};
  const steps = element.content.map((step) => ({ id: step.id, completion: step.pathEvaluationType ?? ('derived' as const) }));
  const progress = Object.fromEntries(steps.map((step) => [step.id, step.completion === 'derived' ? 0 : (savedProgress[step.id] ?? 0)]));
  return { id: element.id, steps, progress };
}

/**
 * A learning path: one actor for the whole path, holding every step's progress, because the
 * active step (the first below 1) and the path's completeness need all of them together. Steps
 * that complete by themselves report their progress under their own id.
 */
export const pathMachine = setup({
  types: {
    input: {} as PathInput,
    context: {} as PathContext,
    events: {} as PathEvent,
    emitted: {} as ElementChangedEvent,
  },
  guards: {
    isSelfCompletion: ({ context, event }) => {
      assertEvent(event, 'step.toggle');
      return pathGuards.isSelfCompletion({ context }, event.stepId);
    },
    isOpenedIncomplete: ({ context, event }) => {
      assertEvent(event, 'step.open');
      return pathGuards.isOpenedIncomplete({ context }, event.stepId);
    },
    isAllComplete: pathGuards.isAllComplete,
  },
  actions: {
    report: reportChange<PathContext, PathEvent>(),
    toggleStep: assign({
      progress: ({ context, event }) => {
        assertEvent(event, 'step.toggle');
        return { ...context.progress, [event.stepId]: (context.progress[event.stepId] ?? 0) >= 1 ? 0 : 1 };
      },
    }),
    completeStep: assign({
      progress: ({ context, event }) => {
        assertEvent(event, 'step.open');
        return { ...context.progress, [event.stepId]: 1 };
      },
    }),
    updateDerived: assign({
      progress: ({ context, event }) => {
        assertEvent(event, 'progress.update');
        const next = { ...context.progress };
        for (const step of context.steps) {
          const value = event.progress[step.id];
          if (step.completion === 'derived' && typeof value === 'number') next[step.id] = Math.min(1, Math.max(0, value));
        }
        return next;
      },
    }),
  },
}).createMachine({
  id: 'path',
  description: 'A learning path: the progress of its steps, the active step, self- and opened-completion.',
  initial: 'inProgress',
  context: ({ input }) => initialContext(input),
  on: {
    'step.toggle': {
      guard: 'isSelfCompletion',
      target: '.checking',
      actions: [
        'toggleStep',
        { type: 'report', params: ({ context, event }) => ({ id: event.stepId, field: 'progress', value: context.progress[event.stepId] }) },
      ],
      description: 'Complete / Completed: flips a selfCompletion step between 0 and 1.',
    },
    'step.open': {
      guard: 'isOpenedIncomplete',
      target: '.checking',
      actions: ['completeStep', { type: 'report', params: ({ event }) => ({ id: event.stepId, field: 'progress', value: 1 }) }],
      description: 'Opening an openedCompletion step completes it.',
    },
    'progress.update': { target: '.checking', actions: 'updateDerived', description: 'The viewer re-derived chapter progress.' },
  },
  states: {
    checking: {
      description: 'Decides whether every step is complete.',
      always: [{ guard: 'isAllComplete', target: 'complete' }, { target: 'inProgress' }],
    },
    inProgress: {
      description: 'Some step is below 1; the first such step is the active one.',
      always: { guard: 'isAllComplete', target: 'complete' },
    },
    complete: {
      description: 'Every step is complete.',
      tags: ['complete'],
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'Path', machine: pathMachine } as const satisfies KindMachine;
