import { useTranslation } from '../i18n/react';
import { Icon } from './Icon';

/** A green check or a red cross after evaluation, with its meaning for screen readers. */
export function ResultMark({ correct, label }: { correct: boolean; label?: string }) {
  const { t } = useTranslation('questions');
  return (
    <span
      data-result={correct ? 'correct' : 'wrong'}
      className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full text-white ${correct ? 'bg-green-600' : 'bg-red-600'}`}
    >
      <Icon name={correct ? 'check' : 'cross'} className="size-3" strokeWidth={2.5} />
      <span className="sr-only">{label ?? (correct ? t('correct') : t('wrong'))}</span>
    </span>
  );
}
