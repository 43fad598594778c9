import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pathGuards, pathMachine, type PathContext, type PathEvent } from '../../src/kinds/path/path.machine';
import { Path } from '../../model/elements';
import { itWalks, pathsOf, runPath } from './walkMachine';

const chapter = (id: string, pathEvaluationType?: 'selfCompletion' | 'openedCompletion') => ({
  id, modelName: 'Chapter', publicId: id, title: `Chapter ${id}`, content: [], ...(pathEvaluationType ? { pathEvaluationType } : {}),
});

const element = Path.parse({
  id: 'path-1',
  modelName: 'Path',
  content: [chapter('self', 'selfCompletion'), chapter('opened', 'openedCompletion'), chapter('derived')],
});

const ctx = (progress: Record<string, number>): { context: PathContext } => ({
  context: {
    id: 'p',
    steps: [{ id: 'self', completion: 'selfCompletion' }, { id: 'opened', completion: 'openedCompletion' }, { id: 'derived', completion: 'derived' }],
    progress,
  },
});

describe('path guards', () => {
  it('toggle only for selfCompletion steps; open only completes an incomplete openedCompletion step', () => {
    expect(pathGuards.isSelfCompletion(ctx({}), 'self')).toBe(true);
    expect(pathGuards.isSelfCompletion(ctx({}), 'opened')).toBe(false);
    expect(pathGuards.isOpenedIncomplete(ctx({ opened: 0 }), 'opened')).toBe(true);
    expect(pathGuards.isOpenedIncomplete(ctx({ opened: 1 }), 'opened')).toBe(false);
    expect(pathGuards.isOpenedIncomplete(ctx({}), 'derived')).toBe(false);
  });
  it('isAllComplete needs every step at 1', () => {
    expect(pathGuards.isAllComplete(ctx({ self: 1, opened: 1, derived: 1 }))).toBe(true);
    expect(pathGuards.isAllComplete(ctx({ self: 1, opened: 1, derived: 0.5 }))).toBe(false);
  });
});

const events: PathEvent[] = [
  { type: 'step.toggle', stepId: 'self' },
  { type: 'step.toggle', stepId: 'opened' },
  { type: 'step.open', stepId: 'opened' },
  { type: 'step.open', stepId: 'self' },
  { type: 'progress.update', progress: { derived: 1, self: 0 } },
  { type: 'progress.update', progress: { derived: 0.5 } },
];

describe('path machine, every transition walked on a real actor', () => {
  const input = { element };
  const { paths, stats } = pathsOf(pathMachine, { input, events, key: (s) => s.context.progress });
  it('reaches every progress combination', () => {
    // self 0/1 × opened 0/1 × derived 0/0.5/1
    expect(stats.states).toBe(12);
    expect(paths.length).toBe(stats.transitions);
  });
  itWalks('path', { paths, stats }, async (path) => {
    await runPath(pathMachine, path, input, ({ snapshot, event, previous, reports }) => {
      const all = Object.values(snapshot.context.progress).every((p) => p >= 1);
      expect(snapshot.value).toBe(all ? 'complete' : 'inProgress');
      const before = previous.context.progress;
      const after = snapshot.context.progress;
      if (event.type === 'step.toggle' && event.stepId === 'self') {
        expect(after.self).toBe(before.self === 1 ? 0 : 1);
        expect(reports.map((r) => [r.id, r.field, r.value])).toEqual([['self', 'progress', after.self]]);
      } else if (event.type === 'step.open' && event.stepId === 'opened' && before.opened < 1) {
        expect(after.opened).toBe(1);
        expect(reports.map((r) => [r.id, r.field, r.value])).toEqual([['opened', 'progress', 1]]);
      } else if (event.type === 'progress.update') {
        // Only derived steps take progress from the viewer.
        expect(after.self).toBe(before.self);
        expect(after.derived).toBe(event.progress.derived);
        expect(reports).toEqual([]);
      } else {
        expect(after).toEqual(before);
        expect(reports).toEqual([]);
      }
    });
  });
  it('restores saved progress of self-completing steps only', () => {
    const saved = { stepProgress: { self: 1, opened: 1, derived: 1 } };
    const actor = createActor(pathMachine, { input: { element, saved } }).start();
    expect(actor.getSnapshot().context.progress).toEqual({ self: 1, opened: 1, derived: 0 });
    expect(actor.getSnapshot().value).toBe('inProgress');
  });
});
