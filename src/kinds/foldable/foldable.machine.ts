import { setup } from 'xstate';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

/** Foldable content of spec section 3: a title and content that is folded or unfolded. */
export type FoldableInput = { element: { id: string; folded: boolean } };

export type FoldableEvent = { type: 'foldable.toggle' };

/** A foldable section: its title toggles between folded and unfolded (spec section 4). */
export const foldableMachine = setup({
  types: {
    input: {} as FoldableInput,
    context: {} as { startsFolded: boolean },
    events: {} as FoldableEvent,
  },
  guards: {
    startsFolded: ({ context }) => context.startsFolded,
  },
}).createMachine({
  id: 'foldable',
  description: 'A foldable section whose title shows or hides its content.',
  context: ({ input }) => ({ startsFolded: input.element.folded }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Takes the folded flag of the content once, at start.',
      always: [{ guard: 'startsFolded', target: 'folded' }, { target: 'unfolded' }],
    },
    folded: {
      description: 'Only the title shows; the content is hidden.',
      on: { 'foldable.toggle': { target: 'unfolded', description: 'The learner clicked the title: show the content.' } },
    },
    unfolded: {
      description: 'Title and content show.',
      on: { 'foldable.toggle': { target: 'folded', description: 'The learner clicked the title: hide the content.' } },
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'Foldable', machine: foldableMachine } as const satisfies KindMachine;
