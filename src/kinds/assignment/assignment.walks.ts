import { AssignmentQuestion } from '../../../model/elements';
import { sorted, variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { assignmentMachine } from './assignment.machine';

/** The element the walks (and the chart's tests, which import it) run on. */
export const assignment = AssignmentQuestion.parse({
  id: 'assign-1',
  modelName: 'AssignmentQuestion',
  instructions: '<p>Sort the animals.</p>',
  zones: [
    { id: 'mammals', title: 'Mammals', items: [{ id: 'cow', text: 'Cow' }] },
    { id: 'birds', title: 'Birds', items: [{ id: 'owl', text: 'Owl' }] },
  ],
  disruptors: [{ id: 'rock', text: 'Rock' }],
});
const assignmentEvents = [
  ...['cow', 'owl', 'rock', 'ghost'].map((itemId) => ({ type: 'item.select' as const, itemId })),
  ...['mammals', 'birds', 'fish'].map((zoneId) => ({ type: 'zone.assign' as const, zoneId })),
  { type: 'zone.assign' as const, zoneId: 'birds', itemId: 'rock' },
  { type: 'item.unassign' as const },
  { type: 'answer.submit' as const },
  { type: 'answer.reset' as const },
];
const sortedAssignments = (assigned: Record<string, string[]>) => Object.entries(assigned).map(([zone, ids]) => [zone, sorted(ids)]);

/** Walk variants of the assignment question's chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  assignment: [
    variant(assignmentMachine, 'two zones, a disruptor', {
      input: { element: assignment },
      events: assignmentEvents,
      key: (s) => [sortedAssignments(s.context.assigned), s.context.selectedItemId],
    }),
    variant(assignmentMachine, 'saved as evaluated', {
      input: { element: assignment, saved: { assignedItemIds: { mammals: ['cow'] }, evaluated: true } },
      events: [],
      key: (s) => sortedAssignments(s.context.assigned),
    }),
  ],
};
