import { describe, expect, it } from 'vitest';
import {
  allItems, assignItem, emptyAssignments, hasAssignmentInput, isAssignmentCorrect, isZoneCorrect, unassignedItems, unassignItem,
} from '../../src/kinds/assignment/assignment.model';
import { seededShuffle } from '../../model/seededShuffle';

const zones = [
  { id: 'mammals', items: [{ id: 'cow' }, { id: 'cat' }] },
  { id: 'birds', items: [{ id: 'owl' }] },
];
const question = { zones, disruptors: [{ id: 'rock' }] };

describe('assignment rules', () => {
  it('the pool is all correct items plus disruptors minus assigned, in a stable order', () => {
    const items = allItems(question);
    expect(items.map((i) => i.id).sort()).toEqual(['cat', 'cow', 'owl', 'rock']);
    const assigned = assignItem(emptyAssignments(zones), 'birds', 'cow');
    const pool = unassignedItems(items, assigned, 'assign-1');
    expect(pool.map((i) => i.id).sort()).toEqual(['cat', 'owl', 'rock']);
    expect(unassignedItems(items, assigned, 'assign-1')).toEqual(pool);
  });
  it('assigning moves an item out of any other zone; unassigning returns it', () => {
    let assigned = assignItem(emptyAssignments(zones), 'birds', 'cow');
    assigned = assignItem(assigned, 'mammals', 'cow');
    expect(assigned).toEqual({ mammals: ['cow'], birds: [] });
    expect(hasAssignmentInput(assigned)).toBe(true);
    expect(unassignItem(assigned, 'cow')).toEqual({ mammals: [], birds: [] });
    expect(hasAssignmentInput(unassignItem(assigned, 'cow'))).toBe(false);
  });
  it('a zone is correct when it holds all its items and only those', () => {
    expect(isZoneCorrect(zones[0], ['cat', 'cow'])).toBe(true);
    expect(isZoneCorrect(zones[0], ['cow'])).toBe(false);
    expect(isZoneCorrect(zones[0], ['cow', 'cat', 'rock'])).toBe(false);
    expect(isAssignmentCorrect(zones, { mammals: ['cow', 'cat'], birds: ['owl'] })).toBe(true);
    expect(isAssignmentCorrect(zones, { mammals: ['cow', 'cat'], birds: [] })).toBe(false);
  });
});

describe('seeded shuffle', () => {
  const list = Array.from({ length: 20 }, (_, i) => i);
  it('is a permutation, the same for the same seed', () => {
    const once = seededShuffle(list, 'element-a');
    expect([...once].sort((a, b) => a - b)).toEqual(list);
    expect(seededShuffle(list, 'element-a')).toEqual(once);
  });
  it('differs between seeds and from the input order', () => {
    expect(seededShuffle(list, 'element-a')).not.toEqual(seededShuffle(list, 'element-b'));
    expect(seededShuffle(list, 'element-a')).not.toEqual(list);
  });
});
