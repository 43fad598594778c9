import type { ReactNode, Ref } from 'react';
import { useTranslation } from '../i18n/react';
import type { FeedbackKind } from '../model/feedbackKind';
import { SafeHtml } from './SafeHtml';

const boxStyles: Record<FeedbackKind | 'error' | 'info', string> = {
  positive: 'border-green-300 bg-green-50 text-green-900',
  negative: 'border-red-300 bg-red-50 text-red-900',
  neutral: 'border-gray-300 bg-gray-50 text-gray-900',
  info: 'border-primary-200 bg-primary-50 text-gray-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

/** A coloured result box; `role="status"` so screen readers announce it when it appears. */
export function FeedbackBox({ kind, children, quiet, ref }: { kind: keyof typeof boxStyles; children: ReactNode; quiet?: boolean; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      role={kind === 'error' ? 'alert' : 'status'}
      // Quiet: what the box says is announced by the live announcer, once, when the learner evaluates.
      aria-live={quiet ? 'off' : undefined}
      data-feedback={kind}
      className={`mt-4 rounded-md border px-4 py-3 text-sm ${boxStyles[kind]}`}
    >
      {children}
    </div>
  );
}

type QuestionFeedbackBoxProps = {
  kind: FeedbackKind;
  /** The element's own feedback html for this kind; the default text is used when empty. */
  html?: string;
  ref?: Ref<HTMLDivElement>;
};

/**
 * The feedback of an evaluated question: "Answered correctly: That is correct.", "Wrong answer:
 * That's not quite right yet." or "A neutral feedback."; the element's feedback html replaces the text
 * after the title. Quiet: the app's questions announce it once (src/elements/questions/QuestionFeedback.tsx).
 */
export function QuestionFeedbackBox({ kind, html, ref }: QuestionFeedbackBoxProps) {
  const { t } = useTranslation('questions');
  const custom = html?.trim() ? <SafeHtml html={html} className="prose-sm [&_p]:inline" as="span" /> : null;
  if (kind === 'neutral') {
    return (
      <FeedbackBox kind="neutral" quiet ref={ref}>
        {custom ?? <span>{t('feedback.neutral')}</span>}
      </FeedbackBox>
    );
  }
  const title = kind === 'positive' ? t('feedback.positiveTitle') : t('feedback.negativeTitle');
  const text = kind === 'positive' ? t('feedback.positiveText') : t('feedback.negativeText');
  return (
    <FeedbackBox kind={kind} quiet ref={ref}>
      {custom ? (
        <>
          <strong className="font-semibold">{title}</strong> {custom}
        </>
      ) : (
        // The interface's words alone: one span, which on a right-to-left page keeps their own direction (src/styles.css).
        <span>
          <strong className="font-semibold">{title}</strong> {text}
        </span>
      )}
    </FeedbackBox>
  );
}
