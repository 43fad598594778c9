import { useTranslation } from '../../../i18n/react';
import type { ChoiceQuestion } from '../../../model/elements';
import { seededShuffle } from '../../../model/seededShuffle';
import { SafeHtml } from '../../../paint/SafeHtml';
import { Icon } from '../../../paint/Icon';
import { nativeButtonClass } from '../../../paint/buttonClasses';
import { QuestionFeedbackBox } from '../../../paint/QuestionFeedbackBox';
import { ResultMark } from '../../../paint/ResultMark';
import { EARLY } from '../../../paint/earlyAttributes';
import { pressTarget } from '../../../paint/pressTarget';
import { ANSWER_PRESS, choicePress } from '../../../model/pressKeys';

/*
 * Ticked by sibling selectors (`peer-checked`) and the label's `data-selected` (set by the early listeners),
 * never `:has()`: a `:has(:checked)` rule makes every tick anywhere on the page restyle what it could match.
 */
const optionClass =
  'relative flex items-start gap-3 rounded-md border border-gray-200 bg-white px-3 py-2 cursor-pointer hover:border-primary-300 ' +
  'data-selected:border-primary-600 data-selected:bg-primary-50';

/** Draws the focus ring around the whole option, as the app's does, while its input has keyboard focus. */
const focusRingClass =
  'pointer-events-none absolute -inset-px rounded-md peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600';

const indicatorClass = (round: boolean) =>
  `mt-0.5 flex size-5 shrink-0 items-center justify-center border-2 ${round ? 'rounded-full' : 'rounded'} border-gray-400 bg-white ` +
  'peer-checked:border-primary-600 peer-checked:bg-primary-600 *:hidden peer-checked:*:block';

/**
 * A choice question as the server draws it before the app runs (the server's first paint): native
 * radios or checkboxes that tick without script, and an Evaluate button that the page's entry
 * (src/elements/early/earlyAnswers.ts) answers at once, from the correct flags and the feedback boxes
 * drawn here. It looks as the app's question does (./ChoiceQuestion.tsx), which takes over what the
 * learner did here when it renders the element.
 */
export function ChoiceEarlyForm({ element }: { element: ChoiceQuestion }) {
  const { t } = useTranslation('questions');
  const questionId = `${element.id}-early-question`;
  const round = element.type === 'sc';
  const choices = element.randomizeOrder ? seededShuffle(element.choices, element.id) : element.choices;
  const feedbackKinds = element.useNeutralFeedback ? (['neutral'] as const) : (['positive', 'negative'] as const);
  const html = { positive: element.feedbackPositive, negative: element.feedbackNegative, neutral: element.feedbackNeutral };
  return (
    <section className="my-6 rounded-lg border border-gray-200 p-4" aria-labelledby={questionId} {...{ [EARLY.form]: '' }} {...(element.useNeutralFeedback ? { [EARLY.neutral]: '' } : {})}>
      <SafeHtml html={element.question} id={questionId} className="mb-1 font-medium [&_p]:m-0" />
      <p className="mb-3 text-sm text-gray-500">{round ? t('choice.single') : t('choice.multiple')}</p>
      <div role={round ? 'radiogroup' : 'group'} aria-labelledby={questionId} className="flex flex-col gap-2">
        {choices.map((choice) => (
          <label key={choice.id} className={optionClass} data-choice-id={choice.id} {...pressTarget(choicePress(choice.id))}>
            <input
              type={round ? 'radio' : 'checkbox'}
              name={`${element.id}-early`}
              value={choice.id}
              // A reload starts from the learner's saved answer, not from ticks the browser would restore.
              autoComplete="off"
              className="peer sr-only"
              {...(choice.correct ? { [EARLY.correct]: '' } : {})}
            />
            <span aria-hidden className={focusRingClass} />
            <span aria-hidden className={indicatorClass(round)}>
              {round ? <span className="size-2 rounded-full bg-white" /> : <Icon name="check" className="size-3.5 text-white" strokeWidth={2.5} />}
            </span>
            <SafeHtml html={choice.text} as="span" className="min-w-0 flex-1 [&_p]:m-0" />
            {element.useNeutralFeedback ? null : (
              <span hidden className="contents" {...{ [EARLY.mark]: "" }}>
                <ResultMark correct={choice.correct} label={choice.correct ? t('choice.choiceCorrect') : t('choice.choiceWrong')} />
              </span>
            )}
          </label>
        ))}
      </div>
      <div className="mt-4">
        <button
          type="button"
          className={nativeButtonClass('primary')}
          disabled
          {...{ [EARLY.button]: '', [EARLY.editLabel]: t('editAnswer'), [EARLY.editClass]: nativeButtonClass('secondary') }}
          {...pressTarget(ANSWER_PRESS)}
        >
          {element.submitText || t('evaluate')}
        </button>
      </div>
      {feedbackKinds.map((kind) => (
        <template key={kind} {...{ [EARLY.feedback]: kind }}>
          <QuestionFeedbackBox kind={kind} html={html[kind]} />
        </template>
      ))}
    </section>
  );
}
