import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { favoritesMachine, type FavoritesEvent, type LikeChange } from '../../machines/favorites';
import { sendOrSettle, settle, settledByHand } from './settledByHand';
import { itWalks, pathsOf, runPath } from './walkMachine';

function harness() {
  const saveLike = settledByHand<LikeChange>();
  const machine = favoritesMachine.provide({ actors: { saveLike: saveLike.logic } });
  return { machine, saves: saveLike.calls, calls: { saveLike: saveLike.calls } };
}

const liked = (actor: AnyActorRef) => [...(actor.getSnapshot().context.liked as string[])].sort();

describe('favorites machine behaviour', () => {
  it('a press shows at once and is saved; the next waits for the one before', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { liked: ['m1'] } }).start();
    actor.send({ type: 'like.toggle', materialId: 'm2' });
    expect(liked(actor)).toEqual(['m1', 'm2']);
    expect(h.saves.map((s) => s.input)).toEqual([{ materialId: 'm2', liked: true, was: false }]);
    actor.send({ type: 'like.toggle', materialId: 'm1' });
    expect(liked(actor)).toEqual(['m2']);
    expect(h.saves).toHaveLength(1);
    h.saves[0].resolve();
    await settle();
    expect(h.saves.map((s) => s.input)).toEqual([
      { materialId: 'm2', liked: true, was: false },
      { materialId: 'm1', liked: false, was: true },
    ]);
    h.saves[1].resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a press that takes back a change still waiting drops it; one on its way is followed by its opposite', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { liked: [] } }).start();
    actor.send({ type: 'like.toggle', materialId: 'm1' });
    actor.send({ type: 'like.toggle', materialId: 'm2' });
    actor.send({ type: 'like.toggle', materialId: 'm2' });
    expect(actor.getSnapshot().context.queue).toEqual([{ materialId: 'm1', liked: true, was: false }]);
    actor.send({ type: 'like.toggle', materialId: 'm1' });
    expect(actor.getSnapshot().context.queue).toEqual([
      { materialId: 'm1', liked: true, was: false },
      { materialId: 'm1', liked: false, was: true },
    ]);
    expect(liked(actor)).toEqual([]);
  });

  it('a failed save keeps the change on screen and goes on with the next', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { liked: [] } }).start();
    actor.send({ type: 'like.toggle', materialId: 'm1' });
    actor.send({ type: 'like.toggle', materialId: 'm2' });
    h.saves[0].reject(new TypeError('Failed to fetch'));
    await settle();
    expect(liked(actor)).toEqual(['m1', 'm2']);
    expect(h.saves.map((s) => s.input.materialId)).toEqual(['m1', 'm2']);
    expect(actor.getSnapshot().value).toBe('saving');
  });
});

const DONE = 'xstate.done.actor.saveLike';
const FAILED = 'xstate.error.actor.saveLike';
const events = [
  { type: 'like.toggle', materialId: 'm1' },
  { type: 'like.toggle', materialId: 'm2' },
  { type: DONE, output: undefined },
  { type: FAILED, error: new TypeError('Failed to fetch') },
] as unknown as FavoritesEvent[];

type Model = { liked: string[]; queue: LikeChange[]; saving: boolean };

/** What each event does to the model: the like state flips at once; saves go one by one, in order. */
function next(model: Model, event: { type: string; materialId?: string }): Model {
  if (event.type === DONE || event.type === FAILED) {
    if (!model.saving) return model;
    const queue = model.queue.slice(1);
    return { ...model, queue, saving: queue.length > 0 };
  }
  const id = event.materialId!;
  const was = model.liked.includes(id);
  const liked = was ? model.liked.filter((m) => m !== id) : [...model.liked, id];
  const waiting = model.queue.findIndex((change, index) => change.materialId === id && (index > 0 || !model.saving));
  const queue = waiting >= 0 ? model.queue.filter((_, index) => index !== waiting) : [...model.queue, { materialId: id, liked: !was, was }];
  return { liked, queue, saving: queue.length > 0 };
}

describe('favorites model walk: every transition of the graph, checked against the model', () => {
  let h = harness();
  let model: Model = { liked: ['m1'], queue: [], saving: false };
  const send = async (actor: AnyActorRef, event: FavoritesEvent) => {
    model = next(model, event as { type: string; materialId?: string });
    await sendOrSettle(actor, event, h.calls);
  };

  const { paths, stats } = pathsOf(favoritesMachine, { input: { liked: ['m1'] }, events, key: (s) => [s.context.liked, s.context.queue] });
  itWalks('favorites', { paths, stats }, async (path) => {
    h = harness();
    model = { liked: ['m1'], queue: [], saving: false };
    await runPath(
      h.machine,
      path,
      { liked: ['m1'] },
      ({ snapshot }) => {
        expect(snapshot.context.liked).toEqual(model.liked);
        expect(snapshot.context.queue).toEqual(model.queue);
        expect(snapshot.value).toBe(model.saving ? 'saving' : 'idle');
        // What is on its way is always the first change that waits.
        if (model.saving) expect(h.saves[h.saves.length - 1].input).toEqual(model.queue[0]);
      },
      send,
    );
  });
});
