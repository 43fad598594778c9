import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { FREE_TEXT_MAX_ROWS, FREE_TEXT_MIN_ROWS } from '../../../model/constants';
import { freeTextMachine } from './freeText.machine';
import { connectFreeText } from './freeText.connect';
import { sameProps } from '../../../machines/connect';
import type { FreeTextInput } from '../../../model/elements';
import { AnswerButton } from '../../elements/questions/AnswerButton';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { ElementActor } from '../../elements/static/ElementActor';
import { FeedbackBox } from '../../../paint/QuestionFeedbackBox';
import { CharacterCounter, showsCounter } from '../../ui/CharacterCounter';
import { fitsUserdataValue, USERDATA_VALUE_MAX_CHARS } from '../../../model/tracking';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './freeText.machine';

type FreeTextActor = ActorRefFrom<typeof freeTextMachine>;


/** A free-text answer with static or generated feedback (spec section 4). */
export function FreeTextInputElement({ element }: ElementProps<FreeTextInput>) {
  return (
    <ElementActor id={element.id} machine={freeTextMachine} input={{ element }}>
      {(actor) => <FreeTextInputView element={element} actor={actor} />}
    </ElementActor>
  );
}

/** Browsers that size a text area to its content themselves (CSS `field-sizing`, Chromium 123+). */
const sizesItself = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** 3 to 10 rows by the content (spec section 5); the CSS does it where `field-sizing` exists. */
const autoGrowClass = 'field-sizing-content min-h-[calc(3lh+1rem+2px)] max-h-[calc(10lh+1rem+2px)]';

/**
 * Rows for browsers without `field-sizing`: from the line count when rendering (no layout read, so
 * a page of many answers costs no forced layout), measured from the content's height only while the
 * learner types.
 */
function useFallbackRows(value: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const lines = Math.min(FREE_TEXT_MAX_ROWS, Math.max(FREE_TEXT_MIN_ROWS, value.split('\n').length));
  const measure = () => {
    const area = ref.current;
    if (sizesItself || !area) return;
    area.rows = FREE_TEXT_MIN_ROWS;
    const style = getComputedStyle(area);
    const lineHeight = Number.parseFloat(style.lineHeight);
    const padding = (Number.parseFloat(style.paddingTop) || 0) + (Number.parseFloat(style.paddingBottom) || 0);
    const measured = Number.isFinite(lineHeight) && lineHeight > 0 && area.scrollHeight > 0 ? Math.ceil((area.scrollHeight - padding) / lineHeight) : lines;
    area.rows = Math.min(FREE_TEXT_MAX_ROWS, Math.max(lines, measured));
  };
  return { ref, rows: sizesItself ? FREE_TEXT_MIN_ROWS : lines, measure };
}

export function FreeTextInputView({ element, actor }: { element: FreeTextInput; actor: FreeTextActor }) {
  const { t } = useTranslation('questions');
  const { dataState: phase, value, failed, generated } = useSelector(actor, connectFreeText, sameProps);
  const instructionsId = useId();
  const counterId = useId();
  const autoRows = useFallbackRows(value);
  const counted = showsCounter(value.length, USERDATA_VALUE_MAX_CHARS);
  const tooLong = !fitsUserdataValue(value);
  const locked = phase !== 'notEvaluated';
  const edit = () => actor.send({ type: 'answer.edit' });

  return (
    <section className="my-6 rounded-lg border border-gray-200 p-4" data-state={phase} aria-labelledby={instructionsId}>
      <SafeHtml html={element.instructions.html} id={instructionsId} className="mb-3 font-medium [&_p]:m-0" />
      {/* A click on the evaluated (disabled) answer edits it again; the Edit Answer button does the same for keyboards. */}
      <div onClick={phase === 'evaluated' ? edit : undefined} title={phase === 'evaluated' ? t('freeText.editHint') : undefined}>
        <textarea
          ref={autoRows.ref}
          aria-label={t('freeText.answer')}
          aria-describedby={counted ? `${instructionsId} ${counterId}` : instructionsId}
          aria-invalid={tooLong || undefined}
          rows={autoRows.rows}
          value={value}
          disabled={locked}
          placeholder={element.placeholder || t('freeText.placeholder')}
          onChange={(event) => {
            actor.send({ type: 'answer.change', value: event.target.value });
            autoRows.measure();
          }}
          className={`block w-full resize-none ${sizesItself ? autoGrowClass : ''} rounded-md border px-3 py-2 ${tooLong ? 'border-red-600' : 'border-gray-300'} leading-6 focus:border-primary-600 focus:outline-none disabled:bg-gray-50 disabled:text-gray-700 ${phase === 'evaluated' ? 'pointer-events-none' : ''}`}
        />
        {counted ? <CharacterCounter id={counterId} used={value.length} limit={USERDATA_VALUE_MAX_CHARS} text={(numbers) => t('freeText.counter', numbers)} /> : null}
      </div>
      <div className="mt-4">
        <AnswerButton
          evaluated={phase === 'evaluated'}
          submitLabel={phase === 'evaluating' ? t('freeText.evaluating') : element.submitText || t('evaluate')}
          isDisabled={phase === 'evaluating' || value.trim() === '' || tooLong}
          onSubmit={() => actor.send({ type: 'answer.submit' })}
          onEdit={edit}
        />
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
