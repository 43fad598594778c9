import { ChoiceQuestion } from '../../../model/elements';
import { sorted, variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { choiceMachine } from './choice.machine';

/** The element the walks (and the chart's tests, which import it) run on. */
export const choiceQuestion = (type: 'sc' | 'mc') =>
  ChoiceQuestion.parse({
    id: `q-${type}`,
    modelName: 'ChoiceQuestion',
    type,
    question: '<p>Which are prime?</p>',
    choices: [
      { id: 'a', text: '2', correct: true },
      { id: 'b', text: '4', correct: false },
      { id: 'c', text: '5', correct: true },
    ],
  });
const choiceEvents = [
  ...['a', 'b', 'c', 'unknown'].map((choiceId) => ({ type: 'choice.select' as const, choiceId })),
  ...['a', 'b', 'c'].map((choiceId) => ({ type: 'choice.deselect' as const, choiceId })),
  { type: 'answer.submit' as const },
  { type: 'answer.edit' as const },
];

/** Walk variants of the choice question's chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  choice: [
    ...(['sc', 'mc'] as const).map((type) =>
      variant(choiceMachine, type, { input: { element: choiceQuestion(type) }, events: choiceEvents, key: (s) => sorted(s.context.selected) }),
    ),
    variant(choiceMachine, 'saved as evaluated', {
      input: { element: choiceQuestion('sc'), saved: { selected: ['a'], evaluated: true } },
      events: [],
      key: (s) => sorted(s.context.selected),
    }),
  ],
};
