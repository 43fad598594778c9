import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { freeTextMachine, type FeedbackResult, type FreeTextContext } from '../../../src/kinds/freeText/freeText.machine';
import { walks } from '../../../src/kinds/freeText/freeText.walks';
import { FreeTextInput } from '../../../model/elements';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { feedbackDouble } from '../../support/feedbackDouble';
import { FreeTextLearner } from '../learners/freeTextLearner';
import { isDisabled } from '../learners/learner';
import { texts } from '../texts';
import { USERDATA_VALUE_MAX_CHARS } from '../../../model/tracking';
import { showsCounter } from '../../../src/ui/CharacterCounter';

const DONE = 'xstate.done.actor.generateFeedback';
const ERROR = 'xstate.error.actor.generateFeedback';

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function freeTextWalk(): void {
  for (const variant of learnerVariants(walks.freeText)) {
    const question = FreeTextInput.parse((variant.input as { element: unknown }).element);

    describe(`free-text question (${variant.name}) driven by a learner along every shortest path`, () => {
      const walk = componentPaths(freeTextMachine, variant);
      const counted = coverage(`freeText (${variant.name})`, walk);
      // A failed feedback call is logged (spec section 8); the walk checks that, silently.
      beforeEach(() => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
      });
      afterEach(() => vi.restoreAllMocks());

      for (const path of walk.paths) {
        it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
          const text = texts[path.lang];
          // The element's own button text, else the spec's.
          const submitLabel = question.submitText || text.evaluate;
          // The feedback call is the server's; its answers are the walk's done/error events.
          const feedback = feedbackDouble();
          const view = renderInViewer([question], question.id, { lang: path.lang, services: { generateFeedback: feedback.logic } });
          const learner = new FreeTextLearner(view.user, view.root, path.via, text);
          await drivePath(path, {
            actor: view.actor,
            key: variant.key,
            perform: async (event: EventObject, before) => {
              const context = before.context as FreeTextContext;
              if (event.type === 'answer.change') await learner.typeAnswer((event as { value: string } & EventObject).value);
              else if (event.type === 'answer.submit') {
                await learner.evaluate(submitLabel);
                if (question.useGenerativeFeedback) expect(feedback.calls.at(-1)).toEqual({ userAnswer: context.value, elementId: question.id });
              } else if (event.type === 'answer.edit') await learner.editAnswer();
              else if (event.type === DONE) await feedback.answer((event as { output: FeedbackResult } & EventObject).output);
              else if (event.type === ERROR) {
                await feedback.fail(new Error(String((event as { error: unknown } & EventObject).error)));
                // Spec section 8: the failure is logged.
                expect(console.error).toHaveBeenCalled();
              } else throw new Error(`no learner causes ${event.type}`);
            },
            sees: (state) => {
              const { value, generatedFeedback, failed } = state.context as FreeTextContext;
              const field = learner.answerField();
              expect(view.root.querySelector('section')?.dataset.state).toBe(state.value);
              expect(field.value).toBe(value);
              expect(field.placeholder).toBe(text.placeholder);
              expect(isDisabled(field)).toBe(state.value !== 'notEvaluated');
              expect(Number(field.rows)).toBeGreaterThanOrEqual(3);
              expect(feedback.isWaiting()).toBe(state.value === 'evaluating');
              // The counter shows near the limit of a saved value, as an error beyond it (spec section 5).
              const format = new Intl.NumberFormat(path.lang).format;
              const counterText = text.characterCounter.replace('{used}', format(value.length)).replace('{limit}', format(USERDATA_VALUE_MAX_CHARS));
              const tooLong = value.length > USERDATA_VALUE_MAX_CHARS;
              expect(learner.characterCounter()).toEqual(showsCounter(value.length, USERDATA_VALUE_MAX_CHARS) ? { text: counterText, over: tooLong } : null);
              expect(field.getAttribute('aria-invalid') === 'true').toBe(tooLong);
              if (state.value === 'notEvaluated') {
                expect(learner.buttonNames()).toEqual([submitLabel]);
                expect(isDisabled(learner.button(submitLabel))).toBe(value.trim() === '' || tooLong);
                expect(learner.feedback()).toEqual([]);
              } else if (state.value === 'evaluating') {
                expect(learner.buttonNames()).toEqual([text.evaluating]);
                expect(isDisabled(learner.button(text.evaluating))).toBe(true);
                expect(learner.feedback()).toEqual([]);
              } else {
                expect(learner.buttonNames()).toEqual([text.editAnswer]);
                if (failed) {
                  expect(learner.feedbackKinds()).toEqual(['error']);
                  expect(learner.feedback()).toEqual([text.failed]);
                } else if (generatedFeedback.length > 0) {
                  const kind = (correct: boolean | undefined) => (correct === undefined ? 'neutral' : correct ? 'positive' : 'negative');
                  expect(learner.feedbackKinds()).toEqual(generatedFeedback.map((item) => kind(item.correct)));
                  expect(learner.feedback()).toEqual(generatedFeedback.map((item) => `${text.generatedFeedback}: ${item.feedback}`));
                } else {
                  expect(learner.feedbackKinds()).toEqual(['info']);
                  expect(learner.feedback()).toEqual([text.submitted]);
                }
              }
            },
          });
          counted.driven(path);
        });
      }
    });
  }
}
