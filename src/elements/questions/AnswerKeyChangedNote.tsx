import { useTranslation } from '../../../i18n/react';
import { ANSWER_KEY_CHANGED } from '../../../model/learnerState';
import { useViewerSelector } from '../viewerContext';
import { FeedbackBox } from '../../../paint/QuestionFeedbackBox';

/**
 * Says that the question changed since the learner answered it and their answer was reset (a new
 * publication changed its answer key: server/store/userdata.ts learnerStateOf), until they change it again.
 */
export function AnswerKeyChangedNote({ id }: { id: string }) {
  const { t } = useTranslation('questions');
  const changed = useViewerSelector((context) => context.saved[id]?.[ANSWER_KEY_CHANGED] === true, false);
  return changed ? <FeedbackBox kind="info">{t('feedback.answerKeyChanged')}</FeedbackBox> : null;
}
