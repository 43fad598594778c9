import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { itWalks, pathsOf } from './walkMachine';
import { foldableMachine } from '../../src/kinds/foldable/foldable.machine';

const start = (folded: boolean) => createActor(foldableMachine, { input: { element: { id: 'f1', folded } } }).start();

describe('foldableMachine', () => {
  it('starts folded or unfolded as the content says', () => {
    expect(start(true).getSnapshot().value).toBe('folded');
    expect(start(false).getSnapshot().value).toBe('unfolded');
  });

  it('toggles on each foldable.toggle', () => {
    const actor = start(true);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      actor.send({ type: 'foldable.toggle' });
      seen.push(String(actor.getSnapshot().value));
    }
    expect(seen).toEqual(['unfolded', 'folded', 'unfolded', 'folded']);
  });

  describe.each([true, false])('model walk starting folded=%s', (folded) => {
    const options = { input: { element: { id: 'f1', folded } }, events: [{ type: 'foldable.toggle' as const }] };
    const adjacency = getAdjacencyMap(foldableMachine, options);
    const walk = pathsOf(foldableMachine, { ...options, key: () => null });

    it('reaches exactly folded and unfolded, each with one toggle transition', () => {
      const values = Object.values(adjacency).map((vertex) => vertex.state.value).sort();
      expect(values).toEqual(['folded', 'unfolded']);
      for (const vertex of Object.values(adjacency)) expect(Object.keys(vertex.transitions)).toEqual(['{"type":"foldable.toggle"}']);
    });

    itWalks(`foldable (folded=${folded})`, walk, (path) => {
      const actor = start(folded);
      let expected = folded ? 'folded' : 'unfolded';
      for (const step of path.steps.slice(1)) {
        actor.send(step.event);
        expected = expected === 'folded' ? 'unfolded' : 'folded';
        expect(actor.getSnapshot().value).toBe(expected);
      }
    });
  });
});
