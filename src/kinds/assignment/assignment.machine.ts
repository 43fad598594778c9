import { assertEvent, assign, setup } from 'xstate';
import * as z from 'zod/mini';
import {
  allItems, assignItem, emptyAssignments, hasAssignmentInput, unassignItem, zoneOfItem, type Assignments,
} from './assignment.model';
import type { AssignmentQuestion } from '../../../model/elements';
import { reportChange, type ElementChangedEvent } from '../../../machines/elements/elementChanged';
import { reportEvaluation, restoringQuestion } from '../../../machines/elements/question';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

/** Learner state saved for an assignment question: the last reported value of each field. */
export const AssignmentSaved = z.object({
  assignedItemIds: z.optional(z.record(z.string(), z.array(z.string()))),
  evaluated: z.optional(z.boolean()),
});

export type AssignmentInput = { element: AssignmentQuestion; saved?: unknown };

export type AssignmentContext = {
  id: string;
  zoneIds: string[];
  itemIds: string[];
  /** Zone id → assigned item ids. */
  assigned: Assignments;
  /** The item picked up (by click, Enter or Space) and waiting for a zone or the pool. */
  selectedItemId: string | null;
  savedEvaluated: boolean;
};

export type AssignmentEvent =
  | { type: 'item.select'; itemId: string }
  /** Puts `itemId` (or the selected item) into the zone. */
  | { type: 'zone.assign'; zoneId: string; itemId?: string }
  /** Puts `itemId` (or the selected item) back into the pool. */
  | { type: 'item.unassign'; itemId?: string }
  | { type: 'answer.submit' }
  | { type: 'answer.reset' };

type Ctx = { context: AssignmentContext };

export const assignmentGuards = {
  isKnownItem: ({ context }: Ctx, itemId: string) => context.itemIds.includes(itemId),
  canAssign: ({ context }: Ctx, zoneId: string, itemId: string | null) =>
    context.zoneIds.includes(zoneId) && itemId !== null && context.itemIds.includes(itemId),
  canUnassign: ({ context }: Ctx, itemId: string | null) => itemId !== null && zoneOfItem(context.assigned, itemId) !== undefined,
  hasInput: ({ context }: Ctx) => hasAssignmentInput(context.assigned),
  wasEvaluated: ({ context }: Ctx) => context.savedEvaluated,
};

function initialContext({ element, saved }: AssignmentInput): AssignmentContext {
  const zoneIds = element.zones.map((zone) => zone.id);
  const itemIds = allItems(element).map((item) => item.id);
  const restored = AssignmentSaved.safeParse(saved ?? {});
  let assigned = emptyAssignments(element.zones);
  const savedAssignments = restored.success ? (restored.data.assignedItemIds ?? {}) : {};
  for (const zoneId of zoneIds) {
    for (const itemId of savedAssignments[zoneId] ?? []) if (itemIds.includes(itemId)) assigned = assignItem(assigned, zoneId, itemId);
  }
  return { id: element.id, zoneIds, itemIds, assigned, selectedItemId: null, savedEvaluated: restored.success && restored.data.evaluated === true };
}

const reportAssigned = { type: 'report', params: ({ context }: Ctx) => ({ id: context.id, field: 'assignedItemIds' as const, value: context.assigned }) } as const;

/** An assignment question: items are put into zones by select-then-place (mouse or keyboard). */
export const assignmentMachine = setup({
  types: {
    input: {} as AssignmentInput,
    context: {} as AssignmentContext,
    events: {} as AssignmentEvent,
    emitted: {} as ElementChangedEvent,
  },
  guards: {
    isKnownItem: ({ context, event }) => {
      assertEvent(event, 'item.select');
      return assignmentGuards.isKnownItem({ context }, event.itemId);
    },
    canAssign: ({ context, event }) => {
      assertEvent(event, 'zone.assign');
      return assignmentGuards.canAssign({ context }, event.zoneId, event.itemId ?? context.selectedItemId);
    },
    canUnassign: ({ context, event }) => {
      assertEvent(event, 'item.unassign');
      return assignmentGuards.canUnassign({ context }, event.itemId ?? context.selectedItemId);
    },
    hasInput: assignmentGuards.hasInput,
    wasEvaluated: assignmentGuards.wasEvaluated,
  },
  actions: {
    report: reportChange<AssignmentContext, AssignmentEvent>(),
    toggleSelection: assign({
      selectedItemId: ({ context, event }) => {
        assertEvent(event, 'item.select');
        return context.selectedItemId !== event.itemId ? event.itemId : null;
      },
    }),
    clearSelection: assign({ selectedItemId: () => null }),
    assignToZone: assign({
      assigned: ({ context, event }) => {
        assertEvent(event, 'zone.assign');
        const itemId = event.itemId ?? context.selectedItemId;
        return itemId ? assignItem(context.assigned, event.zoneId, itemId) : context.assigned;
      },
    }),
    returnToPool: assign({
      assigned: ({ context, event }) => {
        assertEvent(event, 'item.unassign');
        const itemId = event.itemId ?? context.selectedItemId;
        return itemId ? unassignItem(context.assigned, itemId) : context.assigned;
      },
    }),
    clearAssignments: assign({ assigned: ({ context }) => emptyAssignments(context.zoneIds.map((id) => ({ id }))) }),
  },
}).createMachine({
  id: 'assignment',
  description: 'Items are assigned to zones; evaluated per zone.',
  initial: 'restoring',
  context: ({ input }) => initialContext(input),
  states: {
    restoring: restoringQuestion,
    notEvaluated: {
      description: 'The learner assigns items; Evaluate is enabled once an item is assigned.',
      on: {
        'item.select': { guard: 'isKnownItem', actions: 'toggleSelection', description: 'Pick up an item (again: put it down).' },
        'zone.assign': {
          guard: 'canAssign',
          actions: ['assignToZone', 'clearSelection', reportAssigned],
          description: 'Place the item in a zone (out of any other zone).',
        },
        'item.unassign': {
          guard: 'canUnassign',
          actions: ['returnToPool', 'clearSelection', reportAssigned],
          description: 'Place the item back in the pool of unassigned items.',
        },
        'answer.submit': {
          guard: 'hasInput',
          target: 'evaluated',
          actions: [
            'clearSelection',
            ...reportEvaluation(true),
          ],
          description: 'Evaluate: items show a check or a cross.',
        },
      },
    },
    evaluated: {
      description: 'Items locked and marked correct or wrong; the Reset answer button shows.',
      tags: ['complete'],
      on: {
        'answer.reset': {
          target: 'notEvaluated',
          actions: [
            'clearAssignments',
            reportAssigned,
            ...reportEvaluation(false),
          ],
          description: 'Reset answer: every item back to the pool, not evaluated.',
        },
      },
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'AssignmentQuestion', machine: assignmentMachine } as const satisfies KindMachine;
