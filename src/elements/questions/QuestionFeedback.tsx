import { useEffect, useRef } from 'react';
import { announcePolitely } from '../../ui/liveAnnouncer';
import type { FeedbackKind } from '../../../model/feedbackKind';
import { QuestionFeedbackBox } from '../../../paint/QuestionFeedbackBox';

type QuestionFeedbackProps = {
  kind: FeedbackKind;
  /** The learner evaluated just now (not a result restored with the page): screen readers hear the box once. */
  announce?: boolean;
  /** The element's own feedback html for this kind; the default text is used when empty. */
  html?: string;
};

/** The feedback box of an evaluated question (paint/QuestionFeedbackBox.tsx), said once by the live announcer when the learner evaluated just now. */
export function QuestionFeedback({ kind, html, announce = false }: QuestionFeedbackProps) {
  const box = useRef<HTMLDivElement>(null);
  // As mounted: the box of an evaluation says itself once; a restored one says nothing.
  const announceOnMount = useRef(announce);
  useEffect(() => {
    if (announceOnMount.current && box.current) announcePolitely(box.current.textContent ?? '');
  }, []);
  return <QuestionFeedbackBox kind={kind} html={html} ref={box} />;
}
