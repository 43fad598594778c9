import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ElementChangedEvent } from '../../machines/elements/elementChanged';
import { polygonGuards, polygonMachine, type PolygonContext, type PolygonEvent } from '../../src/kinds/polygon/polygon.machine';
import { PolygonTargetExercise } from '../../model/elements';
import { itWalks, pathsOf, runPath } from './walkMachine';

const square = (x: number, y: number, size: number) => [
  { x, y }, { x: x + size, y }, { x: x + size, y: y + size }, { x, y: y + size },
];

const element = PolygonTargetExercise.parse({
  id: 'poly-1',
  modelName: 'PolygonTargetExercise',
  asset: { file: 'map.png' },
  question: { html: '<p>Mark both lakes.</p>' },
  polygons: [{ points: square(0.1, 0.1, 0.2) }, { points: square(0.6, 0.6, 0.2) }],
});

const ctx = (marks: PolygonContext['marks']): { context: PolygonContext } => ({
  context: { id: 'p', polygonCount: 2, marks, savedEvaluated: false },
});

describe('polygon guards', () => {
  it('canAddMark allows one mark per polygon', () => {
    expect(polygonGuards.canAddMark(ctx([]))).toBe(true);
    expect(polygonGuards.canAddMark(ctx([{ x: 0.2, y: 0.2 }]))).toBe(true);
    expect(polygonGuards.canAddMark(ctx([{ x: 0.2, y: 0.2 }, { x: 0.5, y: 0.5 }]))).toBe(false);
  });
  it('isMarkIndex accepts existing marks only', () => {
    expect(polygonGuards.isMarkIndex(ctx([{ x: 0.2, y: 0.2 }]), 0)).toBe(true);
    expect(polygonGuards.isMarkIndex(ctx([{ x: 0.2, y: 0.2 }]), 1)).toBe(false);
    expect(polygonGuards.isMarkIndex(ctx([{ x: 0.2, y: 0.2 }]), -1)).toBe(false);
  });
});

const events: PolygonEvent[] = [
  { type: 'mark.add', x: 0.2, y: 0.2 },
  { type: 'mark.add', x: 0.7, y: 0.7 },
  { type: 'mark.add', x: 0.5, y: 0.5 },
  { type: 'mark.remove', index: 0 },
  { type: 'mark.remove', index: 1 },
  { type: 'mark.move', index: 0, x: 1.4, y: -0.3 },
  { type: 'answer.submit' },
  { type: 'answer.reset' },
];

const fields = (reports: ElementChangedEvent[]) => reports.map((r) => [r.field, r.value]);

describe('polygon machine, every transition walked on a real actor', () => {
  const input = { element };
  const { paths, stats } = pathsOf(polygonMachine, { input, events, key: (s) => s.context.marks });

  it('never holds more marks than polygons', () => {
    expect(paths.every((path) => path.steps.every((step) => step.state.context.marks.length <= 2))).toBe(true);
    expect(paths.length).toBe(stats.transitions);
  });

  itWalks('polygon', { paths, stats }, async (path) => {
    await runPath(polygonMachine, path, input, ({ snapshot, event, previous, reports }) => {
      expect(snapshot.hasTag('complete')).toBe(snapshot.value === 'evaluated');
      for (const mark of snapshot.context.marks) {
        expect(mark.x).toBeGreaterThanOrEqual(0);
        expect(mark.x).toBeLessThanOrEqual(1);
        expect(mark.y).toBeGreaterThanOrEqual(0);
        expect(mark.y).toBeLessThanOrEqual(1);
      }
      const editing = previous.value === 'notEvaluated';
      const before = previous.context.marks;
      switch (event.type) {
        case 'mark.add':
          if (editing && before.length < 2) {
            expect(snapshot.context.marks).toEqual([...before, { x: event.x, y: event.y }]);
            expect(fields(reports)).toEqual([['points', snapshot.context.marks]]);
          } else {
            expect(snapshot.context.marks).toEqual(before);
            expect(reports).toEqual([]);
          }
          break;
        case 'mark.remove':
          if (editing && event.index < before.length) {
            expect(snapshot.context.marks).toHaveLength(before.length - 1);
            expect(fields(reports)).toEqual([['points', snapshot.context.marks]]);
          } else expect(reports).toEqual([]);
          break;
        case 'mark.move':
          if (editing && before.length > 0) expect(snapshot.context.marks[0]).toEqual({ x: 1, y: 0 });
          else expect(snapshot.context.marks).toEqual(before);
          break;
        case 'answer.submit':
          expect(snapshot.value).toBe('evaluated');
          expect(snapshot.context.marks).toEqual(before);
          expect(fields(reports)).toEqual(editing ? [['evaluated', true], ['progress', 1]] : []);
          break;
        case 'answer.reset':
          expect(snapshot.value).toBe('notEvaluated');
          if (!editing) {
            expect(snapshot.context.marks).toEqual([]);
            expect(fields(reports)).toEqual([['points', []], ['evaluated', false], ['progress', 0]]);
          } else expect(reports).toEqual([]);
          break;
      }
    });
  });
});

describe('polygon machine restores saved learner state', () => {
  it('keeps at most one mark per polygon', () => {
    const saved = { points: [{ x: 0.2, y: 0.2 }, { x: 0.7, y: 0.7 }, { x: 0.5, y: 0.5 }], evaluated: true };
    const actor = createActor(polygonMachine, { input: { element, saved } }).start();
    expect(actor.getSnapshot().value).toBe('evaluated');
    expect(actor.getSnapshot().context.marks).toEqual([{ x: 0.2, y: 0.2 }, { x: 0.7, y: 0.7 }]);
  });
  it('ignores marks outside the image', () => {
    const actor = createActor(polygonMachine, { input: { element, saved: { points: [{ x: 3, y: 0 }] } } }).start();
    expect(actor.getSnapshot().context.marks).toEqual([]);
  });
});
