import { assign, fromPromise, setup } from 'xstate';

/** One change of a material's like state on its way to the server: what it becomes and what it was. */
export type LikeChange = { materialId: string; liked: boolean; was: boolean };

export type FavoritesEvent =
  /** The learner pressed the like button of a material. */
  { type: 'like.toggle'; materialId: string };

export interface FavoritesInput {
  /** The materials the user likes, as the page data names them (spec section 3, favoriteMaterialIds). */
  liked: readonly string[];
}

interface FavoritesContext {
  liked: string[];
  /** Changes not yet confirmed; while saving, the first is on its way. At most one waits per material besides it. */
  queue: LikeChange[];
}

/** model/update of the Material's `liked` (the glue provides it). */
const saveLike = fromPromise<void, LikeChange>(async () => undefined);

/**
 * The materials a logged-in user likes (spec section 3: a material's like state is whether its id is
 * among the user's favoriteMaterialIds). A press changes the state at once and the change goes to the
 * server after the ones before it (`saveLike`). A failed save keeps the change on screen (spec section 8:
 * an update failure keeps the optimistic local change) and its toast says so. A press that takes back a
 * change still waiting its turn drops that change instead of sending a second.
 */
export const favoritesMachine = setup({
  types: {
    context: {} as FavoritesContext,
    events: {} as FavoritesEvent,
    input: {} as FavoritesInput,
  },
  actors: { saveLike },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  actions: {
    toggle: assign(({ context, event }, inFlight: boolean) => {
      const { materialId } = event;
      const was = context.liked.includes(materialId);
      const liked = was ? context.liked.filter((id) => id !== materialId) : [...context.liked, materialId];
      // A change of this material still waiting (not the one on its way) is taken back, not followed by another.
      const waitingAt = context.queue.findIndex((change, index) => change.materialId === materialId && (index > 0 || !inFlight));
      const queue = waitingAt >= 0 ? context.queue.filter((_, index) => index !== waitingAt) : [...context.queue, { materialId, liked: !was, was }];
      return { liked, queue };
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
}).createMachine({
  id: 'favorites',
  description: "The materials a logged-in user likes: a press changes the like state at once, the server learns it in turn.",
  initial: 'idle',
  context: ({ input }) => ({ liked: [...input.liked], queue: [] }),
  states: {
    idle: {
      description: 'Every change is saved (or its failure told).',
      on: { 'like.toggle': { target: 'saving', actions: { type: 'toggle', params: false }, description: 'The learner likes a material, or no longer does.' } },
    },
    saving: {
      description: 'The first waiting change is on its way to the server.',
      invoke: {
        id: 'saveLike',
        src: 'saveLike',
        input: ({ context }) => context.queue[0]!,
        onDone: { target: 'settling', actions: 'dequeue', description: 'The server took the change.' },
        onError: { target: 'settling', actions: 'dequeue', description: 'The change failed: it stays on screen, a toast says so.' },
      },
      on: { 'like.toggle': { actions: { type: 'toggle', params: true }, description: 'Another press waits its turn.' } },
    },
    settling: {
      description: 'One change is done: the next one goes, if any waits.',
      always: [{ guard: 'hasQueued', target: 'saving', description: 'A change waits.' }, { target: 'idle', description: 'Nothing waits.' }],
    },
  },
});
