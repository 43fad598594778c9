import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathMachine, type PathContext, type PathEvent } from '../../../src/kinds/path/path.machine';
import { walks } from '../../../src/kinds/path/path.walks';
import { Path } from '../../../model/elements';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { PathLearner } from '../learners/pathLearner';
import { texts } from '../texts';

const [variant] = learnerVariants(walks.path);
const shared = Path.parse((variant.input as { element: unknown }).element);

/*
 * The shared walk's path with its step ids and kinds, but the derived step holds two questions:
 * the viewer derives that step's progress from them (an empty chapter would count as done at once),
 * so `progress.update` is what the viewer sends when the learner answers them on that step's page.
 */
const question = (id: string) => ({
  id, modelName: 'ChoiceQuestion', type: 'sc', question: `<p>${id}?</p>`,
  choices: [{ id: `${id}-y`, text: 'Yes', correct: true }, { id: `${id}-n`, text: 'No', correct: false }],
});
const derivedQuestions = ['derived-q1', 'derived-q2'];
const path = Path.parse({
  ...shared,
  content: shared.content.map((step) => (step.pathEvaluationType || step.modelName !== 'Chapter' ? step : { ...step, content: derivedQuestions.map(question) })),
});
const derivedStep = path.content.find((step) => !step.pathEvaluationType)!;

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function pathWalk(): void {
  describe('learning path driven by a learner along every shortest path', () => {
    const walk = componentPaths(pathMachine, { ...variant, input: { element: path } });
    const counted = coverage('path', walk, 'progress.update comes from the viewer as the questions of the derived step report');

    for (const walked of walk.paths) {
      it(`${walked.title} [${walked.lang}, ${walked.via}]`, async () => {
        const text = texts[walked.lang];
        const view = renderInViewer([path], path.id, { lang: walked.lang });
        const learner = new PathLearner(view.user, view.root, walked.via, text);
        await drivePath(walked, {
          actor: view.actor,
          key: variant.key,
          perform: async (raw) => {
            const event = raw as PathEvent;
            if (event.type === 'step.toggle') return learner.toggleStep(event.stepId);
            if (event.type === 'step.open') return learner.openStep(event.stepId);
            // The derived step's questions report their progress to the viewer, which tells the path.
            const wanted = event.progress[derivedStep.id];
            if (wanted === undefined) return;
            const answered = Math.round(wanted * derivedQuestions.length);
            act(() => {
              derivedQuestions.forEach((id, index) => view.viewer.send({ type: 'element.changed', id, field: 'progress', value: index < answered ? 1 : 0 }));
            });
          },
          sees: (state) => {
            const { progress } = state.context as PathContext;
            const values = path.content.map((step) => progress[step.id] ?? 0);
            const active = values.findIndex((value) => value < 1);
            path.content.forEach((step, index) => {
              const seen = learner.view(step.id);
              expect(seen.progress, `${step.id} ring`).toBe(text.stepProgress(Math.round(values[index] * 100)));
              expect(seen.current, `${step.id} current`).toBe(index === active);
              if (step.pathEvaluationType === 'selfCompletion') {
                expect(seen.toggle).toBe(values[index] >= 1 ? text.completed : step.pathSubmitText || text.complete);
                expect(seen.pressed).toBe(values[index] >= 1);
              } else expect(seen.toggle).toBeNull();
            });
          },
        });
        counted.driven(walked);
      });
    }
  });
}
