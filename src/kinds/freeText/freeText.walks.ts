import { FreeTextInput } from '../../../model/elements';
import { USERDATA_VALUE_MAX_CHARS } from '../../../model/tracking';
import { variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { freeTextMachine } from './freeText.machine';

const freeText = (useGenerativeFeedback: boolean) =>
  FreeTextInput.parse({
    id: `ft-${useGenerativeFeedback ? 'gen' : 'static'}`,
    modelName: 'FreeTextInput',
    instructions: { html: '<p>Explain photosynthesis.</p>' },
    useGenerativeFeedback,
  });
const freeTextEvents = [
  { type: 'answer.change' as const, value: '' },
  { type: 'answer.change' as const, value: 'Plants turn light into sugar.' },
  // Longer than a saved value may be (model/tracking.ts): shown with its counter as an error, not saved.
  { type: 'answer.change' as const, value: 'Plants turn light into sugar.'.padEnd(USERDATA_VALUE_MAX_CHARS + 1, '.') },
  { type: 'answer.submit' as const },
  { type: 'answer.edit' as const },
];
const feedbackResults = [
  { type: 'xstate.done.actor.generateFeedback', output: { ok: true, feedback: 'Well explained.', correct: true } },
  { type: 'xstate.done.actor.generateFeedback', output: { ok: false } },
  { type: 'xstate.error.actor.generateFeedback', error: 'network down' },
];

/** Walk variants of the free-text question's chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  freeText: [
    ...[true, false].map((generative) =>
      variant(freeTextMachine, generative ? 'generative feedback' : 'static feedback', {
        input: { element: freeText(generative) },
        events: freeTextEvents,
        actorResults: feedbackResults,
        key: (s) => [s.context.value, s.context.generatedFeedback, s.context.failed],
      }),
    ),
    variant(freeTextMachine, 'saved as evaluated', {
      input: { element: freeText(false), saved: { value: 'Light.', evaluated: true } },
      events: [],
      key: (s) => s.context.value,
    }),
    variant(freeTextMachine, 'saved as evaluated, generated feedback failed', {
      input: { element: freeText(true), saved: { value: 'Light.', evaluated: true, generatedFeedback: [] } },
      events: [],
      key: (s) => [s.context.value, s.context.failed],
    }),
  ],
};
