import { describe, expect, it } from 'vitest';
import { choiceMachine, type ChoiceContext, type ChoiceEvent } from '../../../src/kinds/choice/choice.machine';
import { walks } from '../../../src/kinds/choice/choice.walks';
import { ChoiceQuestion } from '../../../model/elements';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { ChoiceLearner } from '../learners/choiceLearner';
import { isDisabled } from '../learners/learner';
import { texts } from '../texts';

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function choiceWalk(): void {
  for (const variant of learnerVariants(walks.choice)) {
    const question = ChoiceQuestion.parse((variant.input as { element: unknown }).element);
    const choiceText = (choiceId: string) => {
      const choice = question.choices.find((c) => c.id === choiceId);
      if (!choice) throw new Error(`no learner can pick the unknown choice ${choiceId}`);
      return choice.text;
    };
    const correctIds = question.choices.filter((c) => c.correct).map((c) => c.id).sort();
    /*
     * What a learner can do: pick one of the choices shown (the shared walk also sends an unknown id,
     * which the model must ignore), and deselect only checkboxes: a radio is cleared by picking another.
     */
    const events = variant.events.filter((raw) => {
      const event = raw as ChoiceEvent;
      if (event.type === 'choice.deselect' && question.type === 'sc') return false;
      return !('choiceId' in event) || question.choices.some((choice) => choice.id === event.choiceId);
    });

    describe(`choice question (${variant.name}) driven by a learner along every shortest path`, () => {
      const walk = componentPaths(choiceMachine, { ...variant, events });
      const counted = coverage(`choice (${variant.name})`, walk);

      for (const path of walk.paths) {
        it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
          const text = texts[path.lang];
          // The element's own button text, else the spec's.
          const submitLabel = question.submitText || text.evaluate;
          const view = renderInViewer([question], question.id, { lang: path.lang });
          const learner = new ChoiceLearner(view.user, view.root, path.via, text);
          await drivePath(path, {
            actor: view.actor,
            key: variant.key,
            perform: async (raw) => {
              const event = raw as ChoiceEvent;
              if (event.type === 'choice.select') await learner.selectChoice(choiceText(event.choiceId));
              else if (event.type === 'choice.deselect') await learner.deselectChoice(choiceText(event.choiceId));
              else if (event.type === 'answer.submit') await learner.evaluate(submitLabel);
              else await learner.editAnswer();
            },
            sees: (state) => {
              const { selected } = state.context as ChoiceContext;
              const evaluated = state.value === 'evaluated';
              expect(view.root.querySelector('section')?.dataset.state).toBe(state.value);
              for (const choice of question.choices) {
                const option = learner.option(choice.text);
                expect(option.checked, `${choice.text} checked`).toBe(selected.includes(choice.id));
                expect(isDisabled(option), `${choice.text} disabled`).toBe(evaluated);
              }
              if (evaluated) {
                expect(learner.queryButton(submitLabel)).toBeNull();
                expect(isDisabled(learner.button(text.editAnswer))).toBe(false);
                const correct = JSON.stringify([...selected].sort()) === JSON.stringify(correctIds);
                expect(learner.feedback()).toEqual([correct ? text.positive : text.negative]);
                // Only the chosen choices are marked, and none under neutral feedback.
                const mark = (c: (typeof question.choices)[number]) =>
                  !selected.includes(c.id) || question.useNeutralFeedback ? '' : c.correct ? text.choiceCorrect : text.choiceWrong;
                expect(learner.results(question)).toEqual(Object.fromEntries(question.choices.map((c) => [c.text, mark(c)])));
              } else {
                expect(learner.queryButton(text.editAnswer)).toBeNull();
                // Evaluate waits for a choice.
                expect(isDisabled(learner.button(submitLabel))).toBe(selected.length === 0);
                expect(learner.feedback()).toEqual([]);
                expect(learner.results(question)).toEqual(Object.fromEntries(question.choices.map((c) => [c.text, ''])));
              }
            },
          });
          counted.driven(path);
        });
      }
    });
  }
}
