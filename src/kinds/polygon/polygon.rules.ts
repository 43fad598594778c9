import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

type Polygon = ElementOf<'PolygonTargetExercise'>;

export const polygonRules: KindRules<Polygon> = {
  question: true,
  stateful: true,
  standIn: { dozes: true, parts: (element) => [{ html: element.question.html }] },
};
