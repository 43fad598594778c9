import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { assignmentGuards, assignmentMachine, type AssignmentContext, type AssignmentEvent } from '../../src/kinds/assignment/assignment.machine';
import type { ElementChangedEvent } from '../../machines/elements/elementChanged';
import { itWalks, pathsOf, runPath } from './walkMachine';
import { assignment } from '../../src/kinds/assignment/assignment.walks';

const element = assignment;

const ctx = (over: Partial<AssignmentContext> = {}): { context: AssignmentContext } => ({
  context: {
    id: 'a', zoneIds: ['mammals', 'birds'], itemIds: ['cow', 'owl', 'rock'], assigned: { mammals: [], birds: [] },
    selectedItemId: null, savedEvaluated: false, ...over,
  },
});

describe('assignment guards', () => {
  it('canAssign needs a known zone and an item', () => {
    expect(assignmentGuards.canAssign(ctx(), 'mammals', 'cow')).toBe(true);
    expect(assignmentGuards.canAssign(ctx(), 'fish', 'cow')).toBe(false);
    expect(assignmentGuards.canAssign(ctx(), 'mammals', null)).toBe(false);
    expect(assignmentGuards.canAssign(ctx(), 'mammals', 'ghost')).toBe(false);
  });
  it('canUnassign needs an assigned item', () => {
    expect(assignmentGuards.canUnassign(ctx(), 'cow')).toBe(false);
    expect(assignmentGuards.canUnassign(ctx({ assigned: { mammals: ['cow'], birds: [] } }), 'cow')).toBe(true);
    expect(assignmentGuards.canUnassign(ctx(), null)).toBe(false);
  });
  it('hasInput needs an assigned item; isKnownItem knows the items', () => {
    expect(assignmentGuards.hasInput(ctx())).toBe(false);
    expect(assignmentGuards.hasInput(ctx({ assigned: { mammals: [], birds: ['rock'] } }))).toBe(true);
    expect(assignmentGuards.isKnownItem(ctx(), 'rock')).toBe(true);
    expect(assignmentGuards.isKnownItem(ctx(), 'ghost')).toBe(false);
  });
});

const events: AssignmentEvent[] = [
  ...['cow', 'owl', 'rock', 'ghost'].map((itemId) => ({ type: 'item.select' as const, itemId })),
  ...['mammals', 'birds', 'fish'].map((zoneId) => ({ type: 'zone.assign' as const, zoneId })),
  { type: 'zone.assign', zoneId: 'birds', itemId: 'rock' },
  { type: 'item.unassign' },
  { type: 'answer.submit' },
  { type: 'answer.reset' },
];

const sortedAssignments = (assigned: Record<string, string[]>) => Object.entries(assigned).map(([zone, ids]) => [zone, [...ids].sort()]);
const fields = (reports: ElementChangedEvent[]) => reports.map((r) => [r.field, r.value]);
const zoneOf = (context: AssignmentContext, itemId: string) => Object.keys(context.assigned).find((z) => context.assigned[z].includes(itemId));

describe('assignment machine, every transition walked on a real actor', () => {
  const input = { element };
  const { paths, stats } = pathsOf(assignmentMachine, {
    input,
    events,
    key: (s) => [sortedAssignments(s.context.assigned), s.context.selectedItemId],
  });

  it('reaches every placement of the three items', () => {
    // 27 placements × 4 selections while editing, plus the 26 placements with input when evaluated.
    expect(stats.states).toBe(27 * 4 + 26);
    expect(paths.length).toBe(stats.transitions);
  });

  itWalks('assignment', { paths, stats }, async (path) => {
    await runPath(assignmentMachine, path, input, ({ snapshot, event, previous, reports }) => {
      // Every item is in at most one zone.
      const all = Object.values(snapshot.context.assigned).flat();
      expect(new Set(all).size).toBe(all.length);
      expect(snapshot.hasTag('complete')).toBe(snapshot.value === 'evaluated');
      const editing = previous.value === 'notEvaluated';
      const picked = event.type === 'zone.assign' ? (event.itemId ?? previous.context.selectedItemId) : previous.context.selectedItemId;
      switch (event.type) {
        case 'zone.assign':
          if (editing && picked && event.zoneId !== 'fish') {
            expect(zoneOf(snapshot.context, picked)).toBe(event.zoneId);
            expect(snapshot.context.selectedItemId).toBeNull();
            expect(fields(reports)).toEqual([['assignedItemIds', snapshot.context.assigned]]);
          } else {
            expect(snapshot.context.assigned).toEqual(previous.context.assigned);
            expect(reports).toEqual([]);
          }
          break;
        case 'item.unassign':
          if (editing && picked && zoneOf(previous.context, picked)) {
            expect(zoneOf(snapshot.context, picked)).toBeUndefined();
            expect(fields(reports)).toEqual([['assignedItemIds', snapshot.context.assigned]]);
          } else expect(reports).toEqual([]);
          break;
        case 'item.select':
          if (editing && event.itemId !== 'ghost') {
            expect(snapshot.context.selectedItemId).toBe(previous.context.selectedItemId === event.itemId ? null : event.itemId);
          } else expect(snapshot.context.selectedItemId).toBe(previous.context.selectedItemId);
          expect(reports).toEqual([]);
          break;
        case 'answer.submit': {
          const hadInput = Object.values(previous.context.assigned).flat().length > 0;
          expect(snapshot.value).toBe(!editing || hadInput ? 'evaluated' : 'notEvaluated');
          expect(fields(reports)).toEqual(editing && hadInput ? [['evaluated', true], ['progress', 1]] : []);
          break;
        }
        case 'answer.reset':
          if (!editing) {
            expect(snapshot.value).toBe('notEvaluated');
            expect(snapshot.context.assigned).toEqual({ mammals: [], birds: [] });
            expect(fields(reports)).toEqual([['assignedItemIds', { mammals: [], birds: [] }], ['evaluated', false], ['progress', 0]]);
          } else expect(reports).toEqual([]);
          break;
      }
    });
  });
});

describe('assignment machine restores saved learner state', () => {
  it('keeps known items of known zones, each once', () => {
    const saved = { assignedItemIds: { mammals: ['cow', 'ghost'], birds: ['cow', 'owl'], fish: ['rock'] }, evaluated: true };
    const actor = createActor(assignmentMachine, { input: { element, saved } }).start();
    expect(actor.getSnapshot().value).toBe('evaluated');
    expect(actor.getSnapshot().context.assigned).toEqual({ mammals: [], birds: ['cow', 'owl'] });
  });
});
