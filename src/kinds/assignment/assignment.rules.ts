import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

type Assignment = ElementOf<'AssignmentQuestion'>;

export const assignmentRules: KindRules<Assignment> = {
  question: true,
  stateful: true,
  standIn: {
    dozes: true,
    parts: (element) => [
      { html: element.instructions },
      ...element.zones.map((zone) => ({ text: zone.title })),
      ...[...element.zones.flatMap((zone) => zone.items), ...element.disruptors].flatMap((item) => (item.text ? [{ text: item.text }] : [])),
    ],
  },
};
