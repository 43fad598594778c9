import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { FeedbackKind } from '../../kinds/choice/choice.model';
import { SafeHtml } from '../../ui/SafeHtml';

const boxStyles: Record<FeedbackKind | 'error' | 'info', string> = {
  positive: 'border-green-300 bg-green-50 text-green-900',
  negative: 'border-red-300 bg-red-50 text-red-900',
  neutral: 'border-gray-300 bg-gray-50 text-gray-900',
  info: 'border-primary-200 bg-primary-50 text-gray-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

/** A coloured result box; `role="status"` so screen readers announce it when it appears. */
export function FeedbackBox({ kind, children }: { kind: keyof typeof boxStyles; children: ReactNode }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} data-feedback={kind} className={`mt-4 rounded-md border px-4 py-3 text-sm ${boxStyles[kind]}`}>
      {children}
    </div>
  );
}

type QuestionFeedbackProps = {
  kind: FeedbackKind;
  /** The element's own feedback html for this kind; the default text is used when empty. */
  html?: string;
};

/**
 * The feedback of an evaluated question: "Answered correctly: That is correct.", "Wrong answer:
 * That's not quite right yet." or "A neutral feedback."; the element's feedback html replaces the text
 * after the title.
 */
export function QuestionFeedback({ kind, html }: QuestionFeedbackProps) {
  const { t } = useTranslation('questions');
  const custom = html?.trim() ? <SafeHtml html={html} className="prose-sm [&_p]:inline" as="span" /> : null;
  if (kind === 'neutral') return <FeedbackBox kind="neutral">{custom ?? t('feedback.neutral')}</FeedbackBox>;
  const title = kind === 'positive' ? t('feedback.positiveTitle') : t('feedback.negativeTitle');
  const text = kind === 'positive' ? t('feedback.positiveText') : t('feedback.negativeText');
  return (
    <FeedbackBox kind={kind}>
      <strong className="font-semibold">{title}</strong> {custom ?? text}
    </FeedbackBox>
  );
}
