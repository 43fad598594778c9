import { useTranslation } from '../../i18n/react';

/** A green check or a red cross after evaluation, with its meaning for screen readers. */
export function ResultMark({ correct, label }: { correct: boolean; label?: string }) {
  const { t } = useTranslation('questions');
  return (
    <span
      data-result={correct ? 'correct' : 'wrong'}
      className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full text-white ${correct ? 'bg-green-600' : 'bg-red-600'}`}
    >
      <svg aria-hidden viewBox="0 0 16 16" className="size-3 fill-none stroke-current stroke-[2.5]">
        {correct ? <path d="m3 8.5 3 3 7-7" /> : <path d="m4 4 8 8m0-8-8 8" />}
      </svg>
      <span className="sr-only">{label ?? (correct ? t('correct') : t('wrong'))}</span>
    </span>
  );
}
