import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { BARRIER_UNLOCKED_STATE, barrierGuards, barrierMachine, type BarrierEvent } from '../../src/kinds/barrier/barrier.machine';
import { Barrier } from '../../model/elements';
import { isBarrierConditionMet } from '../../src/kinds/barrier/barrier.model';
import { itWalks, pathsOf, runPath } from './walkMachine';

const element = Barrier.parse({ id: 'barrier-1', modelName: 'Barrier', content: '<p>Stop here.</p>', unlockedContent: '<p>Well done.</p>' });

describe('barrier guards and condition', () => {
  it('canContinue follows the condition the viewer sent', () => {
    expect(barrierGuards.canContinue({ context: { id: 'b', canContinue: true, savedUnlocked: false } })).toBe(true);
    expect(barrierGuards.canContinue({ context: { id: 'b', canContinue: false, savedUnlocked: false } })).toBe(false);
  });
  it('isBarrierConditionMet implements the modes', () => {
    expect(isBarrierConditionMet('all', [])).toBe(true);
    expect(isBarrierConditionMet('all', [1, 1])).toBe(true);
    expect(isBarrierConditionMet('all', [1, 0.5])).toBe(false);
    expect(isBarrierConditionMet('last', [0, 1])).toBe(true);
    expect(isBarrierConditionMet('last', [1, 0])).toBe(false);
    expect(isBarrierConditionMet('unlocked', [0], false)).toBe(false);
    expect(isBarrierConditionMet('unlocked', [0], true)).toBe(true);
  });
});

const events: BarrierEvent[] = [
  { type: 'barrier.condition', met: true },
  { type: 'barrier.condition', met: false },
  { type: 'barrier.unlock' },
];

describe('barrier machine, every transition walked on a real actor', () => {
  const input = { element };
  const { paths, stats } = pathsOf(barrierMachine, { input, events, key: (s) => s.context.canContinue });
  it('has locked (condition met or not) and unlocked (reached only with the condition met)', () => {
    expect(stats.states).toBe(3);
    expect(paths.length).toBe(stats.transitions);
  });
  itWalks('barrier', { paths, stats }, async (path) => {
    await runPath(barrierMachine, path, input, ({ snapshot, event, previous, reports }) => {
      if (event.type === 'barrier.unlock' && previous.value === 'locked') {
        expect(snapshot.value).toBe(previous.context.canContinue ? BARRIER_UNLOCKED_STATE : 'locked');
        expect(reports.map((r) => [r.id, r.field, r.value])).toEqual(previous.context.canContinue ? [['barrier-1', 'unlocked', true]] : []);
      }
      if (previous.value === BARRIER_UNLOCKED_STATE) expect(snapshot.value).toBe(BARRIER_UNLOCKED_STATE);
      if (event.type === 'barrier.condition' && previous.value === 'locked') expect(snapshot.context.canContinue).toBe(event.met);
    });
  });
  it('restores an unlocked barrier', () => {
    const actor = createActor(barrierMachine, { input: { element, saved: { unlocked: true } } }).start();
    expect(actor.getSnapshot().matches(BARRIER_UNLOCKED_STATE)).toBe(true);
  });
});
