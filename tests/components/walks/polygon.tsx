import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { polygonMachine, type PolygonContext, type PolygonEvent } from '../../../src/kinds/polygon/polygon.machine';
import { walks } from '../../../src/kinds/polygon/polygon.walks';
import { PolygonTargetExercise } from '../../../model/elements';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { isDisabled } from '../learners/learner';
import { PolygonLearner } from '../learners/polygonLearner';
import { texts } from '../texts';

const [variant] = learnerVariants(walks.polygon);
const exercise = PolygonTargetExercise.parse((variant.input as { element: unknown }).element);

// The oracle of spec sections 4 and 9, written out for these axis-aligned squares: inside, or within 0.009 of the edge.
const TOLERANCE = 0.009;
const holds = (polygon: (typeof exercise.polygons)[number], mark: { x: number; y: number }) => {
  const xs = polygon.points.map((p) => p.x);
  const ys = polygon.points.map((p) => p.y);
  return (
    mark.x >= Math.min(...xs) - TOLERANCE && mark.x <= Math.max(...xs) + TOLERANCE &&
    mark.y >= Math.min(...ys) - TOLERANCE && mark.y <= Math.max(...ys) + TOLERANCE
  );
};

// Marks set with the keyboard add up steps of 0.1: the same place up to floating-point noise.
const roundedMarks = (state: AnyMachineSnapshot) =>
  (state.context as PolygonContext).marks.map((mark) => ({ x: Number(mark.x.toFixed(6)), y: Number(mark.y.toFixed(6)) }));

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function polygonWalk(): void {
  describe('polygon exercise driven by a learner along every shortest path', () => {
    const walk = componentPaths(polygonMachine, variant);
    const counted = coverage('polygon', walk);

    for (const path of walk.paths) {
      it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
        const text = texts[path.lang];
        // The element's own button text, else the spec's.
        const submitLabel = exercise.submitText || text.checkAnswer;
        const view = renderInViewer([exercise], exercise.id, { lang: path.lang });
        const learner = new PolygonLearner(view.user, view.root, path.via, text);
        await drivePath(path, {
          actor: view.actor,
          key: roundedMarks,
          perform: async (raw) => {
            const event = raw as PolygonEvent;
            if (event.type === 'mark.add') await learner.placeMark(event.x, event.y);
            else if (event.type === 'mark.remove') await learner.removeMark(event.index + 1);
            else if (event.type === 'mark.move') await learner.moveMark(event.index + 1, event.x, event.y);
            else if (event.type === 'answer.submit') await learner.checkAnswer(submitLabel);
            else await learner.resetQuestion();
          },
          sees: (state) => {
            const marks = roundedMarks(state);
            const evaluated = state.value === 'evaluated';
            const total = exercise.polygons.length;
            const found = exercise.polygons.flatMap((polygon, index) => (marks.some((mark) => holds(polygon, mark)) ? [index] : []));
            const markRight = marks.map((mark) => exercise.polygons.some((polygon) => holds(polygon, mark)));
            expect(view.root.querySelector('section')?.dataset.state).toBe(state.value);
            expect(learner.markPositions().map((p) => ({ x: Number(p.x.toFixed(6)), y: Number(p.y.toFixed(6)) }))).toEqual(marks);
            expect(learner.image().tabIndex).toBe(evaluated ? -1 : 0);
            if (evaluated) {
              expect(learner.counters()).toEqual([text.marksSet(marks.length, total), text.found(found.length)]);
              expect(learner.markNames()).toEqual(markRight.map((right, i) => (right ? text.markCorrect(i + 1) : text.markWrong(i + 1))));
              expect(learner.marks().every(isDisabled)).toBe(true);
              // Only the polygons found are drawn (showAllPolygonsAfterEvaluation is off).
              expect(learner.drawnPolygons()).toEqual(found);
              expect(learner.queryButton(submitLabel)).toBeNull();
              expect(isDisabled(learner.button(text.resetQuestion))).toBe(false);
              const right = markRight.every(Boolean) && found.length === total;
              expect(learner.feedback()).toEqual([right ? text.positive : text.negative]);
            } else {
              expect(learner.counters()).toEqual([text.marksSet(marks.length, total)]);
              expect(learner.markNames()).toEqual(marks.map((_, i) => text.removeMark(i + 1)));
              expect(learner.drawnPolygons()).toEqual([]);
              expect(learner.queryButton(text.resetQuestion)).toBeNull();
              expect(isDisabled(learner.button(submitLabel))).toBe(false);
              expect(learner.feedback()).toEqual([]);
            }
          },
        });
        counted.driven(path);
      });
    }
  });
}
