import { useSelector } from '@xstate/react';
import { useId, useMemo, useRef } from 'react';
import { Checkbox } from 'react-aria-components/Checkbox';
import { CheckboxGroup } from 'react-aria-components/CheckboxGroup';
import { Radio, RadioGroup } from 'react-aria-components/RadioGroup';
import { useTranslation } from '../../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { choiceMachine } from './choice.machine';
import { connectChoice } from './choice.connect';
import { sameProps } from '../../../machines/connect';
import { feedbackKind, isChoiceQuestionCorrect } from './choice.model';
import type { ChoiceQuestion } from '../../../model/elements';
import { seededShuffle } from '../../../model/seededShuffle';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { ElementActor } from '../../elements/static/ElementActor';
import { pressTarget } from '../../../paint/pressTarget';
import { choicePress } from '../../../model/pressKeys';
import { QuestionFeedback } from '../../elements/questions/QuestionFeedback';
import { useBecameTrue } from '../../ui/useBecameTrue';
import { AnswerKeyChangedNote } from '../../elements/questions/AnswerKeyChangedNote';
import { ResultMark } from '../../../paint/ResultMark';
import { AnswerButton } from '../../elements/questions/AnswerButton';
import { Icon } from '../../../paint/Icon';
import { useEarlyAnswer } from '../../elements/early/useEarlyAnswer';
import { EARLY_BUTTON_KEY } from '../../elements/early/earlyAnswers';
import { ANSWER_BUTTON } from '../../elements/questions/AnswerButton';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './choice.machine';

type ChoiceActor = ActorRefFrom<typeof choiceMachine>;

/** A single- (radio) or multiple-choice (checkbox) question (spec section 4). */
export function ChoiceQuestionElement({ element }: ElementProps<ChoiceQuestion>) {
  return (
    <ElementActor id={element.id} machine={choiceMachine} input={{ element }}>
      {(actor) => <ChoiceQuestionView element={element} actor={actor} />}
    </ElementActor>
  );
}

/** An option's classes. Its colours change at once: with a transition, the options of an evaluated question started colour transitions in the frame that shows the feedback. */
const optionClass = ({ isSelected, isDisabled, isFocusVisible }: { isSelected: boolean; isDisabled: boolean; isFocusVisible: boolean }) =>
  [
    'group flex items-start gap-3 rounded-md border px-3 py-2',
    isSelected ? 'border-primary-600 bg-primary-50' : 'border-gray-200 bg-white',
    isDisabled ? 'cursor-default' : 'cursor-pointer hover:border-primary-300',
    isFocusVisible ? 'outline-2 outline-offset-2 outline-primary-600' : '',
  ].join(' ');

function Indicator({ round, selected }: { round: boolean; selected: boolean }) {
  return (
    <span
      aria-hidden
      className={`mt-0.5 flex size-5 shrink-0 items-center justify-center border-2 ${round ? 'rounded-full' : 'rounded'} ${selected ? 'border-primary-600 bg-primary-600' : 'border-gray-400 bg-white'}`}
    >
      {selected ? (round ? <span className="size-2 rounded-full bg-white" /> : (
        <Icon name="check" className="size-3.5 text-white" strokeWidth={2.5} />
      )) : null}
    </span>
  );
}

export function ChoiceQuestionView({ element, actor }: { element: ChoiceQuestion; actor: ChoiceActor }) {
  const { t } = useTranslation('questions');
  const { selected, evaluated, dataState } = useSelector(actor, connectChoice, sameProps);
  const justEvaluated = useBecameTrue(evaluated);
  const section = useRef<HTMLElement>(null);
  // What the learner did in the server's first paint (./ChoiceEarlyForm.paint.tsx) goes through this chart, so it is saved and tracked.
  const earlyAnnounced = useEarlyAnswer(
    element.id,
    (answer) => {
      if (actor.getSnapshot().hasTag('complete')) actor.send({ type: 'answer.edit' });
      for (const choiceId of answer.selected) actor.send({ type: 'choice.select', choiceId });
      if (answer.evaluated) actor.send({ type: 'answer.submit' });
    },
    (key) => section.current?.querySelector<HTMLElement>(key === EARLY_BUTTON_KEY ? `[${ANSWER_BUTTON}]` : `[data-choice-id="${CSS.escape(key)}"] input`),
  );
  const questionId = useId();
  const choices = useMemo(
    () => (element.randomizeOrder ? seededShuffle(element.choices, element.id) : element.choices),
    [element.choices, element.id, element.randomizeOrder],
  );
  const correct = isChoiceQuestionCorrect(element.choices, selected);
  const kind = feedbackKind(element.useNeutralFeedback, correct);
  const feedbackHtml = { positive: element.feedbackPositive, negative: element.feedbackNegative, neutral: element.feedbackNeutral }[kind];

  const label = (choice: ChoiceQuestion['choices'][number], isSelected: boolean) => (
    <>
      <Indicator round={element.type === 'sc'} selected={isSelected} />
      <SafeHtml html={choice.text} as="span" className="min-w-0 flex-1 [&_p]:m-0" />
      {/* Marks only what the learner chose: a cross on a right choice left out read as "this answer is wrong". None under neutral feedback. */}
      {evaluated && isSelected && !element.useNeutralFeedback ? (
        <ResultMark correct={choice.correct} label={choice.correct ? t('choice.choiceCorrect') : t('choice.choiceWrong')} />
      ) : null}
    </>
  );

  return (
    <section ref={section} className="my-6 rounded-lg border border-gray-200 p-4" data-state={dataState} aria-labelledby={questionId}>
      <SafeHtml html={element.question} id={questionId} className="mb-1 font-medium [&_p]:m-0" />
      <p className="mb-3 text-sm text-gray-500">{element.type === 'sc' ? t('choice.single') : t('choice.multiple')}</p>
      {element.type === 'sc' ? (
        <RadioGroup
          aria-labelledby={questionId}
          value={selected[0] ?? null}
          isDisabled={evaluated}
          onChange={(choiceId) => actor.send({ type: 'choice.select', choiceId })}
          className="flex flex-col gap-2"
        >
          {choices.map((choice) => (
            <Radio key={choice.id} value={choice.id} className={optionClass} data-choice-id={choice.id} {...pressTarget(choicePress(choice.id))}>
              {({ isSelected }) => label(choice, isSelected)}
            </Radio>
          ))}
        </RadioGroup>
      ) : (
        <CheckboxGroup
          aria-labelledby={questionId}
          value={selected}
          isDisabled={evaluated}
          onChange={(next) => {
            for (const choiceId of next) if (!selected.includes(choiceId)) actor.send({ type: 'choice.select', choiceId });
            for (const choiceId of selected) if (!next.includes(choiceId)) actor.send({ type: 'choice.deselect', choiceId });
          }}
          className="flex flex-col gap-2"
        >
          {choices.map((choice) => (
            <Checkbox key={choice.id} value={choice.id} className={optionClass} data-choice-id={choice.id} {...pressTarget(choicePress(choice.id))}>
              {({ isSelected }) => label(choice, isSelected)}
            </Checkbox>
          ))}
        </CheckboxGroup>
      )}
      <div className="mt-4">
        <AnswerButton
          evaluated={evaluated}
          submitLabel={element.submitText || t('evaluate')}
          onSubmit={() => actor.send({ type: 'answer.submit' })}
          isDisabled={selected.length === 0}
          onEdit={() => {
            earlyAnnounced.current = false;
            actor.send({ type: 'answer.edit' });
          }}
        />
      </div>
      <AnswerKeyChangedNote id={element.id} />
      {evaluated ? <QuestionFeedback kind={kind} html={feedbackHtml} announce={justEvaluated && !earlyAnnounced.current} /> : null}
    </section>
  );
}
