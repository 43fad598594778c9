import { ClozeQuestion } from '../../../model/elements';
import { variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { clozeMachine } from './cloze.machine';

/** The element the walks (and the chart's tests, which import it) run on. */
export const cloze = ClozeQuestion.parse({
  id: 'cloze-1',
  modelName: 'ClozeQuestion',
  content: [
    {
      type: 'p',
      children: [
        { text: 'The capital of Switzerland is ' },
        { type: 'gap', id: 'g1', mode: 'textinput', solutions: [{ text: 'Bern', correct: true }], children: [{ text: '' }] },
        { text: ' and its flag is ' },
        { type: 'gap', id: 'g2', mode: 'dropdown', solutions: [{ text: 'red', correct: true }, { text: 'blue', correct: false }], children: [{ text: '' }] },
        { text: '.' },
      ],
    },
  ],
});
const clozeEvents = [
  ...[0, 1].flatMap((index) => ['', 'Bern', 'red'].map((value) => ({ type: 'gap.change' as const, index, value }))),
  { type: 'gap.change' as const, index: 2, value: 'x' },
  { type: 'answer.submit' as const },
  { type: 'answer.edit' as const },
];

/** Walk variants of the cloze question's chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  cloze: [
    variant(clozeMachine, 'two gaps', { input: { element: cloze }, events: clozeEvents, key: (s) => s.context.inputs }),
    variant(clozeMachine, 'saved as evaluated', { input: { element: cloze, saved: { inputs: ['Bern'], evaluated: true } }, events: [], key: (s) => s.context.inputs }),
  ],
};
