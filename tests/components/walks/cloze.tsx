import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { clozeMachine, type ClozeContext, type ClozeEvent } from '../../../src/kinds/cloze/cloze.machine';
import { walks } from '../../../src/kinds/cloze/cloze.walks';
import { dropdownOptions } from '../../../src/kinds/cloze/cloze.model';
import { ClozeQuestion } from '../../../model/elements';
import { gapsOf } from '../../../src/kinds/cloze/cloze.model';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { ClozeLearner } from '../learners/clozeLearner';
import { isDisabled } from '../learners/learner';
import { texts } from '../texts';

const [variant] = learnerVariants(walks.cloze);
const question = ClozeQuestion.parse((variant.input as { element: unknown }).element);
const gaps = gapsOf(question.content);

/*
 * The learner's events: those of the shared walk a learner can produce (a gap that exists; for a
 * dropdown, one of its options or "Please choose"), plus every option of every dropdown, so wrong
 * choices are walked too. The shared walk also types "Bern" into the dropdown gap and writes into a
 * third gap that does not exist: the model must ignore those; no learner can do them.
 */
const possible = (event: EventObject) => {
  if (event.type !== 'gap.change') return true;
  const { index, value } = event as Extract<ClozeEvent, { type: 'gap.change' }>;
  const gap = gaps[index];
  return gap !== undefined && (gap.mode !== 'dropdown' || value === '' || dropdownOptions(gap).includes(value));
};
const optionEvents = gaps.flatMap((gap, index) => (gap.mode === 'dropdown' ? dropdownOptions(gap).map((value) => ({ type: 'gap.change', index, value })) : []));
const events = [...variant.events.filter(possible), ...optionEvents].filter(
  (event, at, all) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(event)) === at,
);

// The oracle of spec section 4, written out: a gap is right when it matches a correct solution, case and outer spaces aside.
const isRight = (index: number, input: string) =>
  gaps[index].solutions.some((solution) => solution.correct && solution.text.toLowerCase() === input.trim().toLowerCase());

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function clozeWalk(): void {
  describe('cloze question driven by a learner along every shortest path', () => {
    const walk = componentPaths(clozeMachine, { ...variant, events });
    const counted = coverage('cloze', walk, 'dropdown gaps walk their own options');

    for (const path of walk.paths) {
      it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
        const text = texts[path.lang];
        // The element's own button text, else the spec's.
        const submitLabel = question.submitText || text.evaluate;
        const view = renderInViewer([question], question.id, { lang: path.lang });
        const learner = new ClozeLearner(view.user, view.root, path.via, text);
        await drivePath(path, {
          actor: view.actor,
          key: variant.key,
          perform: async (raw) => {
            const event = raw as ClozeEvent;
            if (event.type === 'gap.change') {
              if (gaps[event.index].mode === 'dropdown') await learner.chooseOption(event.index + 1, event.value);
              else await learner.typeAnswer(event.index + 1, event.value);
            } else if (event.type === 'answer.submit') await learner.evaluate(submitLabel);
            else await learner.editAnswer();
          },
          sees: (state) => {
            const { inputs } = state.context as ClozeContext;
            const evaluated = state.value === 'evaluated';
            expect(view.root.querySelector('section')?.dataset.state).toBe(state.value);
            gaps.forEach((gap, index) => {
              const control = learner.gap(index + 1);
              expect(control.value, `gap ${index + 1}`).toBe(inputs[index]);
              expect(isDisabled(control), `gap ${index + 1} disabled`).toBe(evaluated);
              if (gap.mode === 'dropdown') expect(learner.optionsOf(index + 1)).toEqual(['', ...dropdownOptions(gap)]);
              expect(learner.resultOf(index + 1)).toBe(evaluated ? (isRight(index, inputs[index]) ? text.correct : text.wrong) : '');
            });
            if (evaluated) {
              expect(learner.queryButton(submitLabel)).toBeNull();
              expect(isDisabled(learner.button(text.editAnswer))).toBe(false);
              expect(learner.feedback()).toEqual([inputs.every((input, index) => isRight(index, input)) ? text.positive : text.negative]);
            } else {
              expect(learner.queryButton(text.editAnswer)).toBeNull();
              // Evaluate waits for some input (spec section 4).
              expect(isDisabled(learner.button(submitLabel))).toBe(inputs.every((input) => input.trim() === ''));
              expect(learner.feedback()).toEqual([]);
            }
          },
        });
        counted.driven(path);
      });
    }
  });
}
