import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';
import { allItems, unassignedItems } from './assignment.model';

type Assignment = ElementOf<'AssignmentQuestion'>;

export const assignmentRules: KindRules<Assignment> = {
  question: true,
  stateful: true,
  standIn: {
    dozes: true,
    // As the widget reads: the items in its pool's order, then the zones.
    parts: (element) => [
      { html: element.instructions },
      ...unassignedItems(allItems(element), {}, element.id).flatMap((item) => (item.text ? [{ text: item.text }] : [])),
      ...element.zones.map((zone) => ({ text: zone.title })),
    ],
  },
};
