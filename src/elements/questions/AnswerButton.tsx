import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/Button';

/**
 * The button under a question: the submit label (Evaluate, or the element's own text) until the answer
 * is evaluated, then Edit answer. One element for both, so the focus of a keyboard user stays on it when
 * it turns (a replaced button left the focus on the page's body), and a click changes a label instead of
 * unmounting one button and mounting another.
 */
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
    <Button variant={evaluated ? 'secondary' : 'primary'} isDisabled={!evaluated && isDisabled} onPress={evaluated ? onEdit : onSubmit}>
      {evaluated ? t('editAnswer') : submitLabel}
    </Button>
  );
}
