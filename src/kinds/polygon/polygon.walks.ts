import { PolygonTargetExercise } from '../../../model/elements';
import { variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { polygonMachine } from './polygon.machine';

const square = (x: number, y: number, size: number) => [{ x, y }, { x: x + size, y }, { x: x + size, y: y + size }, { x, y: y + size }];
const polygon = PolygonTargetExercise.parse({
  id: 'poly-1',
  modelName: 'PolygonTargetExercise',
  asset: { file: 'map.png' },
  question: { html: '<p>Mark both lakes.</p>' },
  polygons: [{ points: square(0.1, 0.1, 0.2) }, { points: square(0.6, 0.6, 0.2) }],
});
const polygonEvents = [
  { type: 'mark.add' as const, x: 0.2, y: 0.2 },
  { type: 'mark.add' as const, x: 0.7, y: 0.7 },
  { type: 'mark.add' as const, x: 0.5, y: 0.5 },
  { type: 'mark.remove' as const, index: 0 },
  { type: 'mark.remove' as const, index: 1 },
  { type: 'mark.move' as const, index: 0, x: 1.4, y: -0.3 },
  { type: 'answer.submit' as const },
  { type: 'answer.reset' as const },
];

/** Walk variants of the polygon exercise's chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  polygon: [
    variant(polygonMachine, 'two polygons', { input: { element: polygon }, events: polygonEvents, key: (s) => s.context.marks }),
    variant(polygonMachine, 'saved as evaluated', {
      input: { element: polygon, saved: { points: [{ x: 0.2, y: 0.2 }], evaluated: true } },
      events: [],
      key: (s) => s.context.marks,
    }),
  ],
};
