import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyActorRef } from 'xstate';
import { choiceGuards, choiceMachine, type ChoiceContext, type ChoiceEvent } from '../../src/kinds/choice/choice.machine';
import type { ElementChangedEvent } from '../../machines/elements/elementChanged';
import { itWalks, pathsOf, runPath } from './walkMachine';
import { choiceQuestion } from '../../src/kinds/choice/choice.walks';

const question = choiceQuestion;

const context = (over: Partial<ChoiceContext> = {}): ChoiceContext => ({
  id: 'q', type: 'mc', choiceIds: ['a', 'b'], selected: [], savedEvaluated: false, ...over,
});

describe('choice guards', () => {
  it('isKnownChoice accepts only ids of the question', () => {
    expect(choiceGuards.isKnownChoice({ context: context() }, 'a')).toBe(true);
    expect(choiceGuards.isKnownChoice({ context: context() }, 'zzz')).toBe(false);
  });
  it('wasEvaluated reads the saved flag', () => {
    expect(choiceGuards.wasEvaluated({ context: context({ savedEvaluated: true }) })).toBe(true);
    expect(choiceGuards.wasEvaluated({ context: context() })).toBe(false);
  });
});

const events: ChoiceEvent[] = [
  ...['a', 'b', 'c', 'unknown'].map((choiceId) => ({ type: 'choice.select' as const, choiceId })),
  ...['a', 'b', 'c'].map((choiceId) => ({ type: 'choice.deselect' as const, choiceId })),
  { type: 'answer.submit' },
  { type: 'answer.edit' },
];

const field = (reports: ElementChangedEvent[]) => reports.map((r) => [r.field, r.value]);

for (const type of ['sc', 'mc'] as const) {
  describe(`choice machine (${type}), every transition walked on a real actor`, () => {
    const input = { element: question(type) };
    const { paths, stats } = pathsOf(choiceMachine, {
      input,
      events,
      key: (snapshot) => [...snapshot.context.selected].sort(),
    });

    it('reaches both states with every selection, but evaluated never with none', () => {
      expect(stats.states).toBe((type === 'sc' ? 2 * 4 : 2 * 8) - 1);
      expect(paths.length).toBe(stats.transitions);
    });

    itWalks(`choice (${type})`, { paths, stats }, async (path) => {
      await runPath(choiceMachine, path, input, ({ snapshot, event, previous, reports }) => {
        expect(snapshot.hasTag('complete')).toBe(snapshot.value === 'evaluated');
        const wasEditing = previous.value === 'notEvaluated';
        const known = 'choiceId' in event && event.choiceId !== 'unknown';
        switch (event.type) {
          case 'choice.select':
            if (wasEditing && known) {
              expect(snapshot.context.selected).toContain(event.choiceId);
              if (type === 'sc') expect(snapshot.context.selected).toEqual([event.choiceId]);
              else expect(snapshot.context.selected.length).toBe(new Set([...previous.context.selected, event.choiceId]).size);
              expect(field(reports)).toEqual([['selected', snapshot.context.selected]]);
            } else {
              expect(snapshot.context.selected).toEqual(previous.context.selected);
              expect(reports).toEqual([]);
            }
            break;
          case 'choice.deselect':
            if (wasEditing) {
              expect(snapshot.context.selected).not.toContain(event.choiceId);
              expect(field(reports)).toEqual([['selected', snapshot.context.selected]]);
            } else expect(reports).toEqual([]);
            break;
          case 'answer.submit':
            // Nothing selected, nothing to evaluate (as Evaluate waits for input in cloze and assignment).
            expect(snapshot.value).toBe(wasEditing && !previous.context.selected.length ? 'notEvaluated' : 'evaluated');
            expect(snapshot.context.selected).toEqual(previous.context.selected);
            expect(field(reports)).toEqual(wasEditing && previous.context.selected.length ? [['evaluated', true], ['progress', 1]] : []);
            break;
          case 'answer.edit':
            expect(snapshot.value).toBe('notEvaluated');
            if (wasEditing) expect(reports).toEqual([]);
            else {
              expect(snapshot.context.selected).toEqual([]);
              expect(field(reports)).toEqual([['selected', []], ['evaluated', false], ['progress', 0]]);
            }
            break;
        }
        expect(reports.every((r) => r.id === `q-${type}`)).toBe(true);
      });
    });
  });
}

describe('choice machine restores saved learner state', () => {
  it('starts evaluated with the saved selection', () => {
    const actor = createActor(choiceMachine, { input: { element: question('mc'), saved: { selected: ['a', 'c'], evaluated: true } } }).start();
    expect(actor.getSnapshot().value).toBe('evaluated');
    expect(actor.getSnapshot().context.selected).toEqual(['a', 'c']);
  });
  it('drops unknown ids, keeps one choice for sc, and ignores malformed saves', () => {
    const sc = createActor(choiceMachine, { input: { element: question('sc'), saved: { selected: ['a', 'gone', 'c'] } } }).start();
    expect(sc.getSnapshot().value).toBe('notEvaluated');
    expect(sc.getSnapshot().context.selected).toEqual(['c']);
    const bad = createActor(choiceMachine, { input: { element: question('mc'), saved: { selected: 'a', evaluated: 'yes' } } }).start();
    expect(bad.getSnapshot().value).toBe('notEvaluated');
    expect(bad.getSnapshot().context.selected).toEqual([]);
  });
});

describe('choice machine inside a parent', () => {
  it('sends element.changed to the parent that spawned it', () => {
    const parent = setup({
      types: { context: {} as { child: AnyActorRef | null; changes: ElementChangedEvent[] }, events: {} as ElementChangedEvent },
      actors: { choice: choiceMachine },
    }).createMachine({
      context: { child: null, changes: [] },
      entry: assign({ child: ({ spawn }) => spawn('choice', { id: 'element:q-sc', input: { element: question('sc') } }) }),
      on: { 'element.changed': { actions: assign({ changes: ({ context, event }) => [...context.changes, event] }) } },
    });
    const actor = createActor(parent).start();
    actor.getSnapshot().context.child!.send({ type: 'choice.select', choiceId: 'b' });
    expect(actor.getSnapshot().context.changes).toEqual([{ type: 'element.changed', id: 'q-sc', field: 'selected', value: ['b'] }]);
  });
});
