import { and, assign, fromPromise, not, setup } from 'xstate';

/*
 * Small machines, one per construct the exporter must render: compound (nested, initial),
 * parallel (regions), guarded (named, combined, several candidates), delayed (named and numeric
 * `after`), final (a final state and `onDone`), plus entry/exit actions and an invoked actor.
 */

export const compoundMachine = setup({
  actions: { greet: () => {}, wave: () => {} },
}).createMachine({
  id: 'door',
  description: 'A door that can be opened, and locked while closed.',
  initial: 'closed',
  states: {
    closed: {
      description: 'The door is shut.',
      initial: 'unlocked',
      states: {
        unlocked: { on: { 'door.lock': { target: 'locked', description: 'Turn the key.' } } },
        locked: { on: { 'door.unlock': 'unlocked' } },
      },
      on: { 'door.open': { target: 'open', description: 'Push the door.' } },
    },
    open: {
      description: 'The door stands open.',
      entry: 'greet',
      exit: 'wave',
      on: { 'door.close': '#door.closed.locked' },
    },
  },
});

export const parallelMachine = setup({}).createMachine({
  id: 'player',
  description: 'Sound and picture switch independently.',
  type: 'parallel',
  states: {
    sound: {
      initial: 'muted',
      states: { muted: { on: { 'sound.toggle': 'audible' } }, audible: { on: { 'sound.toggle': 'muted' } } },
    },
    picture: {
      initial: 'dark',
      states: { dark: { on: { 'picture.toggle': 'bright' } }, bright: { on: { 'picture.toggle': 'dark' } } },
    },
  },
});

export const guardedMachine = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'count.add' } | { type: 'count.check' } },
  guards: {
    isFull: ({ context }) => context.count >= 2,
    isEmpty: ({ context }) => context.count === 0,
  },
  actions: { add: assign({ count: ({ context }) => context.count + 1 }) },
}).createMachine({
  id: 'counter',
  description: 'Counts to two.',
  context: { count: 0 },
  initial: 'counting',
  states: {
    counting: {
      on: {
        'count.add': [
          { guard: not('isFull'), actions: 'add', description: 'Room for one more.' },
          { target: 'full', description: 'Nothing more fits.' },
        ],
        'count.check': [{ guard: and(['isFull', not('isEmpty')]), target: 'full' }],
      },
    },
    full: { description: 'Two counted.' },
  },
});

export const delayedMachine = setup({
  delays: { shortPause: 200 },
  actions: { blink: () => {} },
}).createMachine({
  id: 'blinker',
  description: 'Blinks on a timer.',
  initial: 'off',
  states: {
    off: { after: { shortPause: { target: 'on', actions: 'blink' } } },
    on: { after: { 1000: 'off' } },
  },
});

export const finalMachine = setup({
  actors: { fetchAnswer: fromPromise(async () => 42) },
}).createMachine({
  id: 'quiz',
  description: 'Asks once, then is done.',
  initial: 'asking',
  states: {
    asking: {
      initial: 'waiting',
      states: {
        waiting: { invoke: { id: 'answer', src: 'fetchAnswer', onDone: 'answered', onError: 'failed' } },
        answered: { type: 'final', description: 'The answer came.' },
        failed: { on: { 'quiz.retry': 'waiting' } },
      },
      onDone: 'finished',
    },
    finished: { type: 'final', description: 'Nothing more happens.' },
  },
});

export const fixtureMachines = {
  door: compoundMachine,
  player: parallelMachine,
  counter: guardedMachine,
  blinker: delayedMachine,
  quiz: finalMachine,
};
