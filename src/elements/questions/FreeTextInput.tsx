import { useSelector } from '@xstate/react';
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { FREE_TEXT_MAX_ROWS, FREE_TEXT_MIN_ROWS } from '../../../machines/constants';
import { freeTextMachine } from '../../../machines/elements/freeText';
import type { FreeTextInput } from '../../model/elements';
import { Button } from '../../ui/Button';
import { SafeHtml } from '../../ui/SafeHtml';
import type { ElementProps } from '../registry';
import { ElementActor } from '../static/ElementActor';
import { FeedbackBox } from './QuestionFeedback';

type FreeTextActor = ActorRefFrom<typeof freeTextMachine>;
type Snapshot = SnapshotFrom<typeof freeTextMachine>;

const selectPhase = (snapshot: Snapshot) =>
  snapshot.matches('evaluating') ? 'evaluating' : snapshot.matches('evaluated') ? 'evaluated' : 'notEvaluated';
const selectValue = (snapshot: Snapshot) => snapshot.context.value;
const selectFailed = (snapshot: Snapshot) => snapshot.context.failed;
const selectGenerated = (snapshot: Snapshot) => snapshot.context.generatedFeedback;

/** A free-text answer with static or generated feedback (spec section 4). */
export function FreeTextInputElement({ element }: ElementProps<FreeTextInput>) {
  return (
    <ElementActor id={element.id} machine={freeTextMachine} input={{ element }}>
      {(actor) => <FreeTextInputView element={element} actor={actor} />}
    </ElementActor>
  );
}

/** Rows for the text: at least 3, at most 10, measured from the content's height where layout exists. */
function useAutoRows(value: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    const lines = value.split('\n').length;
    area.rows = FREE_TEXT_MIN_ROWS;
    const style = getComputedStyle(area);
    const lineHeight = Number.parseFloat(style.lineHeight);
    const padding = (Number.parseFloat(style.paddingTop) || 0) + (Number.parseFloat(style.paddingBottom) || 0);
    const measured =
      Number.isFinite(lineHeight) && lineHeight > 0 && area.scrollHeight > 0 ? Math.ceil((area.scrollHeight - padding) / lineHeight) : lines;
    area.rows = Math.min(FREE_TEXT_MAX_ROWS, Math.max(FREE_TEXT_MIN_ROWS, measured, lines));
  }, [value]);
  return ref;
}

export function FreeTextInputView({ element, actor }: { element: FreeTextInput; actor: FreeTextActor }) {
  const { t } = useTranslation('questions');
  const phase = useSelector(actor, selectPhase);
  const value = useSelector(actor, selectValue);
  const failed = useSelector(actor, selectFailed);
  const generated = useSelector(actor, selectGenerated);
  const instructionsId = useId();
  const areaRef = useAutoRows(value);
  const locked = phase !== 'notEvaluated';
  const edit = () => actor.send({ type: 'answer.edit' });

  return (
    <section className="my-6 rounded-lg border border-gray-200 p-4" data-state={phase} aria-labelledby={instructionsId}>
      <SafeHtml html={element.instructions.html} id={instructionsId} className="mb-3 font-medium [&_p]:m-0" />
      {/* A click on the evaluated (disabled) answer edits it again; the Edit Answer button does the same for keyboards. */}
      <div onClick={phase === 'evaluated' ? edit : undefined} title={phase === 'evaluated' ? t('freeText.editHint') : undefined}>
        <textarea
          ref={areaRef}
          aria-label={t('freeText.answer')}
          aria-describedby={instructionsId}
          rows={FREE_TEXT_MIN_ROWS}
          value={value}
          disabled={locked}
          placeholder={element.placeholder || t('freeText.placeholder')}
          onChange={(event) => actor.send({ type: 'answer.change', value: event.target.value })}
          className={`block w-full resize-none rounded-md border border-gray-300 px-3 py-2 leading-6 focus:border-primary-600 focus:outline-none disabled:bg-gray-50 disabled:text-gray-700 ${phase === 'evaluated' ? 'pointer-events-none' : ''}`}
        />
      </div>
      <div className="mt-4">
        {phase === 'evaluated' ? (
          <Button variant="secondary" onPress={edit}>{t('editAnswer')}</Button>
        ) : (
          <Button
            variant="primary"
            isDisabled={phase === 'evaluating' || value.trim() === ''}
            onPress={() => actor.send({ type: 'answer.submit' })}
          >
            {phase === 'evaluating' ? t('freeText.evaluating') : element.submitText || t('evaluate')}
          </Button>
        )}
      </div>
      {phase === 'evaluated' ? (
        failed ? (
          <FeedbackBox kind="error">{t('freeText.failed')}</FeedbackBox>
        ) : element.useGenerativeFeedback && generated.length > 0 ? (
          generated.map((item, index) => (
            <FeedbackBox key={index} kind={item.correct === undefined ? 'neutral' : item.correct ? 'positive' : 'negative'}>
              <span className="sr-only">{t('freeText.generatedFeedback')}: </span>
              <span className="whitespace-pre-line">{item.feedback}</span>
            </FeedbackBox>
          ))
        ) : (
          <FeedbackBox kind="info">
            <strong className="font-semibold">{t('freeText.submitted')}</strong>
            {element.feedback?.html.trim() ? <SafeHtml html={element.feedback.html} className="mt-2" /> : null}
          </FeedbackBox>
        )
      ) : null}
    </section>
  );
}
