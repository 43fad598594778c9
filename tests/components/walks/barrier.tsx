import { describe, expect, it } from 'vitest';
import { barrierMachine, type BarrierContext, type BarrierEvent } from '../../../src/kinds/barrier/barrier.machine';
import { walks } from '../../../src/kinds/barrier/barrier.walks';
import { Barrier, ChoiceQuestion, Heading } from '../../../model/elements';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { BarrierLearner } from '../learners/barrierLearner';
import { ChoiceLearner } from '../learners/choiceLearner';
import { isDisabled, textOf } from '../learners/learner';
import { texts } from '../texts';

const [variant] = learnerVariants(walks.barrier);
const barrier = Barrier.parse((variant.input as { element: unknown }).element);
// The page around the barrier: a question the show condition waits for, and what the barrier hides.
const above = ChoiceQuestion.parse({
  id: 'above', modelName: 'ChoiceQuestion', type: 'sc', question: '<p>Is water wet?</p>',
  choices: [{ id: 'yes', text: 'Yes', correct: true }, { id: 'no', text: 'No', correct: false }],
});
const after = Heading.parse({ id: 'after', modelName: 'Heading', content: { html: 'Chapter two' }, level: 2 });

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function barrierWalk(): void {
  describe('barrier driven by a learner along every shortest path', () => {
    const walk = componentPaths(barrierMachine, variant);
    const counted = coverage('barrier', walk, 'barrier.condition comes from the viewer as the learner answers or reopens the question above');

    for (const path of walk.paths) {
      it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
        const text = texts[path.lang];
        const view = renderInViewer([above, barrier, after], barrier.id, { lang: path.lang });
        const learner = new BarrierLearner(view.user, view.root, path.via, text);
        const question = new ChoiceLearner(view.user, view.root.ownerDocument.getElementById(above.id)!, path.via, text);
        const label = barrier.buttonLabel || text.continue;
        await drivePath(path, {
          actor: view.actor,
          key: variant.key,
          perform: async (raw) => {
            const event = raw as BarrierEvent;
            if (event.type === 'barrier.unlock') return learner.pressContinue(label);
            // The viewer re-computes the show condition from the progress above: the learner answers the question, or reopens it.
            if (event.met) {
              await question.selectChoice('Yes');
              await question.evaluate(text.evaluate);
            } else await question.editAnswer();
          },
          sees: (state) => {
            const { canContinue } = state.context as BarrierContext;
            const unlocked = state.value === 'unlocked';
            expect(view.root.querySelector('section')?.dataset.state).toBe(unlocked ? 'unlocked' : 'locked');
            // The author's text asks to finish first while it is locked; once unlocked the unlocked text replaces it.
            if (unlocked) expect(textOf(view.root)).not.toContain('Stop here.');
            else expect(textOf(view.root)).toContain('Stop here.');
            // What follows the barrier shows once it is unlocked, and only then.
            expect(document.getElementById(after.id) !== null).toBe(unlocked);
            if (unlocked) {
              expect(learner.queryButton(label)).toBeNull();
              expect(textOf(view.root.querySelector('[role="status"]'))).toBe('Well done.');
              expect(learner.blocking()).toEqual([]);
              expect(document.activeElement?.id).toBe(after.id);
              expect(learner.announcement()).toBe(text.revealed('Chapter two'));
            } else {
              expect(isDisabled(learner.button(label))).toBe(!canContinue);
              expect(learner.hint()).toBe(canContinue ? text.hintReady : text.hintLocked);
              expect(learner.blocking()).toEqual(canContinue ? [] : [text.blockedBy, `${text.choiceQuestion}: Is water wet? → #above`]);
              expect(textOf(view.root)).not.toContain('Well done.');
              expect(learner.announcement()).toBe('');
            }
          },
        });
        counted.driven(path);
      });
    }
  });
}
