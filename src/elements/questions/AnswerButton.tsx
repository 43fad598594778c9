import { useTranslation } from '../../../i18n/react';
import { nativeButtonClass } from '../../../paint/buttonClasses';
import { pressTarget } from '../../../paint/pressTarget';
import { ANSWER_PRESS } from '../../../model/pressKeys';

/**
 * The button under a question: the submit label (Evaluate, or the element's own text) until the answer
 * is evaluated, then Edit answer. One element for both, so the focus of a keyboard user stays on it when
 * it turns (a replaced button left the focus on the page's body), and a click changes a label instead of
 * unmounting one button and mounting another. A native button, not react-aria's: it is the press a
 * learner makes most, and react-aria's press handling costs script on every click (docs/decisions.md);
 * Enter, Space, focus-visible and disabled are the browser's own.
 */
/** The attribute that marks a question's answer button (an early form's focus moves to it: src/elements/early). */
export const ANSWER_BUTTON = 'data-answer-button';

export function AnswerButton({ evaluated, submitLabel, isDisabled = false, onSubmit, onEdit }: {
  evaluated: boolean;
  submitLabel: string;
  /** Only while not evaluated: Edit answer is always available. */
  isDisabled?: boolean;
  onSubmit: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation('questions');
  return (
    <button type="button" {...{ [ANSWER_BUTTON]: '' }} {...pressTarget(ANSWER_PRESS)} className={nativeButtonClass(evaluated ? 'secondary' : 'primary')} disabled={!evaluated && isDisabled} onClick={evaluated ? onEdit : onSubmit}>
      {evaluated ? t('editAnswer') : submitLabel}
    </button>
  );
}
