import { seededShuffle } from '../../../model/seededShuffle';

/** Rules of the assignment question (spec section 4, Assignment). */

type Item = { id: string };
type Zone = { id: string; items: readonly Item[] };

/** Zone id → ids of the items the learner put there, in the order they were put. */
export type Assignments = Record<string, string[]>;

/** All items of the question: every zone's correct items plus the disruptors, each once. */
export function allItems<I extends Item>(question: { zones: readonly { items: readonly I[] }[]; disruptors: readonly I[] }): I[] {
  const byId = new Map<string, I>();
  for (const item of [...question.zones.flatMap((zone) => zone.items), ...question.disruptors]) {
    if (!byId.has(item.id)) byId.set(item.id, item);
  }
  return [...byId.values()];
}

export function assignedIds(assignments: Assignments): string[] {
  return Object.values(assignments).flat();
}

/** The pool: all items minus the assigned ones, in an order that is stable per question (seeded by its id). */
export function unassignedItems<I extends Item>(items: readonly I[], assignments: Assignments, seed: string): I[] {
  const taken = new Set(assignedIds(assignments));
  return seededShuffle(items, seed).filter((item) => !taken.has(item.id));
}

export function zoneOfItem(assignments: Assignments, itemId: string): string | undefined {
  return Object.keys(assignments).find((zoneId) => assignments[zoneId].includes(itemId));
}

/** Moves an item into a zone (out of any other zone). */
export function assignItem(assignments: Assignments, zoneId: string, itemId: string): Assignments {
  const next = unassignItem(assignments, itemId);
  return { ...next, [zoneId]: [...(next[zoneId] ?? []), itemId] };
}

/** Moves an item back to the pool. */
export function unassignItem(assignments: Assignments, itemId: string): Assignments {
  return Object.fromEntries(Object.entries(assignments).map(([zoneId, ids]) => [zoneId, ids.filter((id) => id !== itemId)]));
}

export function emptyAssignments(zones: readonly { id: string }[]): Assignments {
  return Object.fromEntries(zones.map((zone) => [zone.id, []]));
}

export function hasAssignmentInput(assignments: Assignments): boolean {
  return assignedIds(assignments).length > 0;
}

export function isItemCorrectInZone(zone: Zone, itemId: string): boolean {
  return zone.items.some((item) => item.id === itemId);
}

/** A zone is correct when it holds all its items and each item in it belongs there. */
export function isZoneCorrect(zone: Zone, assigned: readonly string[]): boolean {
  return assigned.every((id) => isItemCorrectInZone(zone, id)) && zone.items.every((item) => assigned.includes(item.id));
}

export function isAssignmentCorrect(zones: readonly Zone[], assignments: Assignments): boolean {
  return zones.every((zone) => isZoneCorrect(zone, assignments[zone.id] ?? []));
}
