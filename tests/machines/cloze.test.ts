import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { clozeGuards, clozeMachine, type ClozeContext, type ClozeEvent } from '../../src/kinds/cloze/cloze.machine';
import type { ElementChangedEvent } from '../../machines/elements/elementChanged';
import { itWalks, pathsOf, runPath } from './walkMachine';
import { cloze } from '../../src/kinds/cloze/cloze.walks';

const element = cloze;

const ctx = (inputs: string[]): { context: ClozeContext } => ({ context: { id: 'c', inputs, savedEvaluated: false } });

describe('cloze guards', () => {
  it('hasInput needs one gap with non-blank input', () => {
    expect(clozeGuards.hasInput(ctx(['', '']))).toBe(false);
    expect(clozeGuards.hasInput(ctx(['  ', '']))).toBe(false);
    expect(clozeGuards.hasInput(ctx(['', 'red']))).toBe(true);
  });
  it('isGapIndex accepts only existing gaps', () => {
    expect(clozeGuards.isGapIndex(ctx(['', '']), 1)).toBe(true);
    expect(clozeGuards.isGapIndex(ctx(['', '']), 2)).toBe(false);
    expect(clozeGuards.isGapIndex(ctx(['', '']), -1)).toBe(false);
    expect(clozeGuards.isGapIndex(ctx(['', '']), 0.5)).toBe(false);
  });
});

const events: ClozeEvent[] = [
  ...[0, 1].flatMap((index) => ['', 'Bern', 'red'].map((value) => ({ type: 'gap.change' as const, index, value }))),
  { type: 'gap.change', index: 2, value: 'x' },
  { type: 'answer.submit' },
  { type: 'answer.edit' },
];

const fields = (reports: ElementChangedEvent[]) => reports.map((r) => [r.field, r.value]);

describe('cloze machine, every transition walked on a real actor', () => {
  const input = { element };
  const { paths, stats } = pathsOf(clozeMachine, { input, events, key: (s) => s.context.inputs });

  it('covers every combination of gap inputs in both states', () => {
    // 9 input combinations while editing; evaluated is reachable from the 8 with input.
    expect(stats.states).toBe(9 + 8);
    expect(paths.length).toBe(stats.transitions);
  });

  itWalks('cloze', { paths, stats }, async (path) => {
    await runPath(clozeMachine, path, input, ({ snapshot, event, previous, reports }) => {
      expect(snapshot.context.inputs).toHaveLength(2);
      expect(snapshot.hasTag('complete')).toBe(snapshot.value === 'evaluated');
      const editing = previous.value === 'notEvaluated';
      const hadInput = previous.context.inputs.some((i) => i.trim() !== '');
      switch (event.type) {
        case 'gap.change':
          if (editing && event.index < 2) {
            expect(snapshot.context.inputs[event.index]).toBe(event.value);
            expect(fields(reports)).toEqual([['inputs', snapshot.context.inputs]]);
          } else {
            expect(snapshot.context.inputs).toEqual(previous.context.inputs);
            expect(reports).toEqual([]);
          }
          break;
        case 'answer.submit':
          expect(snapshot.value).toBe(editing && !hadInput ? 'notEvaluated' : 'evaluated');
          expect(fields(reports)).toEqual(editing && hadInput ? [['evaluated', true], ['progress', 1]] : []);
          break;
        case 'answer.edit':
          expect(snapshot.value).toBe('notEvaluated');
          if (editing) expect(reports).toEqual([]);
          else {
            expect(snapshot.context.inputs).toEqual(['', '']);
            expect(fields(reports)).toEqual([['inputs', ['', '']], ['evaluated', false], ['progress', 0]]);
          }
          break;
      }
    });
  });
});

describe('cloze machine restores saved learner state', () => {
  it('starts evaluated with the saved inputs, padded to the gap count', () => {
    const actor = createActor(clozeMachine, { input: { element, saved: { inputs: ['Bern'], evaluated: true } } }).start();
    expect(actor.getSnapshot().value).toBe('evaluated');
    expect(actor.getSnapshot().context.inputs).toEqual(['Bern', '']);
  });
  it('ignores a malformed save', () => {
    const actor = createActor(clozeMachine, { input: { element, saved: { inputs: 'Bern' } } }).start();
    expect(actor.getSnapshot().value).toBe('notEvaluated');
    expect(actor.getSnapshot().context.inputs).toEqual(['', '']);
  });
});
