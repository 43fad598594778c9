import { assertEvent, assign, setup } from 'xstate';
import * as z from 'zod/mini';
import type { Barrier } from '../../../model/elements';
import { reportChange, type ElementChangedEvent } from '../../../machines/elements/elementChanged';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

/** Learner state saved for a barrier. */
export const BarrierSaved = z.object({ unlocked: z.optional(z.boolean()) });

export type BarrierInput = { element: Barrier; saved?: unknown };

export type BarrierContext = {
  id: string;
  /** The show condition, computed by the viewer from what precedes the barrier (model/barrier.ts). */
  canContinue: boolean;
  savedUnlocked: boolean;
};

export type BarrierEvent =
  /** Sent by the viewer whenever the progress before the barrier changes. */
  | { type: 'barrier.condition'; met: boolean }
  | { type: 'barrier.unlock' };

type Ctx = { context: BarrierContext };

export const barrierGuards = {
  canContinue: ({ context }: Ctx) => context.canContinue,
  wasUnlocked: ({ context }: Ctx) => context.savedUnlocked,
};

/** The state in which what follows the barrier is shown (ContentList reads it). */
export const BARRIER_UNLOCKED_STATE = 'unlocked';

/** A barrier: what follows it stays hidden until the learner continues. */
export const barrierMachine = setup({
  types: {
    input: {} as BarrierInput,
    context: {} as BarrierContext,
    events: {} as BarrierEvent,
    emitted: {} as ElementChangedEvent,
  },
  guards: barrierGuards,
  actions: {
    report: reportChange<BarrierContext, BarrierEvent>(),
    setCondition: assign({
      canContinue: ({ event }) => {
        assertEvent(event, 'barrier.condition');
        return event.met;
      },
    }),
  },
}).createMachine({
  id: 'barrier',
  description: 'Hides what follows until the show condition holds and the learner presses Continue.',
  initial: 'restoring',
  context: ({ input }) => {
    const restored = BarrierSaved.safeParse(input.saved ?? {});
    return { id: input.element.id, canContinue: false, savedUnlocked: restored.success && restored.data.unlocked === true };
  },
  states: {
    restoring: {
      description: 'Picks the saved state once, at start.',
      always: [{ guard: 'wasUnlocked', target: 'unlocked' }, { target: 'locked' }],
    },
    locked: {
      description: 'What follows is hidden; Continue is enabled once the condition holds.',
      on: {
        'barrier.condition': { actions: 'setCondition', description: 'The viewer re-computed the show condition.' },
        'barrier.unlock': {
          guard: 'canContinue',
          target: 'unlocked',
          actions: { type: 'report', params: ({ context }) => ({ id: context.id, field: 'unlocked', value: true }) },
          description: 'Continue: the content after the barrier is revealed.',
        },
      },
    },
    [BARRIER_UNLOCKED_STATE]: {
      description: 'Unlocked for good: the unlocked content and what follows are shown.',
      tags: ['complete'],
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'Barrier', machine: barrierMachine } as const satisfies KindMachine;
