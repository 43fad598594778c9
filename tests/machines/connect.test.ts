import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sameProps } from '../../machines/connect';
import { slideState } from '../../src/kinds/imageGallery/carousel.connect';
import { choiceMachine } from '../../src/kinds/choice/choice.machine';
import { connectChoice } from '../../src/kinds/choice/choice.connect';
import { foldableMachine } from '../../src/kinds/foldable/foldable.machine';
import { connectFoldable } from '../../src/kinds/foldable/foldable.connect';
import { spotState } from '../../src/kinds/hotspot/hotspots.connect';
import { choiceQuestion } from '../../src/kinds/choice/choice.walks';

describe('connect: a snapshot as the view shows it', () => {
  it('choice: data-state follows evaluation; the selection is the context’s own array', () => {
    const actor = createActor(choiceMachine, { input: { element: choiceQuestion('mc') } }).start();
    actor.send({ type: 'choice.select', choiceId: 'a' });
    const before = connectChoice(actor.getSnapshot());
    expect(before).toEqual({ evaluated: false, dataState: 'notEvaluated', selected: ['a'] });
    expect(before.selected).toBe(actor.getSnapshot().context.selected);
    actor.send({ type: 'answer.submit' });
    expect(connectChoice(actor.getSnapshot())).toMatchObject({ evaluated: true, dataState: 'evaluated' });
  });

  it('foldable: folded or unfolded', () => {
    const actor = createActor(foldableMachine, { input: { element: { id: 'f1', folded: true } } }).start();
    expect(connectFoldable(actor.getSnapshot())).toEqual({ unfolded: false, dataState: 'folded' });
    actor.send({ type: 'foldable.toggle' });
    expect(connectFoldable(actor.getSnapshot())).toEqual({ unfolded: true, dataState: 'unfolded' });
  });

  it('per-item stamps: the open spot, the active slide', () => {
    expect([spotState('s1', 's1'), spotState('s1', 's2'), spotState(null, 's1')]).toEqual(['open', 'closed', 'closed']);
    expect([slideState(1, 1), slideState(1, 0)]).toEqual(['active', 'inactive']);
  });

  it('sameProps: equal only when every prop is the same value', () => {
    const list = ['a'];
    expect(sameProps({ dataState: 'evaluated', selected: list }, { dataState: 'evaluated', selected: list })).toBe(true);
    expect(sameProps({ dataState: 'evaluated', selected: list }, { dataState: 'evaluated', selected: ['a'] })).toBe(false);
    expect(sameProps({ dataState: 'evaluated', selected: list }, { dataState: 'notEvaluated', selected: list })).toBe(false);
  });
});
