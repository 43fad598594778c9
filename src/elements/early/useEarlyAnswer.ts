import { useLayoutEffect, useRef, type RefObject } from 'react';
import { takeEarlyAnswer, takeEarlyFocus, type EarlyAnswer } from './earlyAnswers';

/** Renders after the take-over in which the focus may still find its control disabled (the answer is not drawn yet). */
const FOCUS_ATTEMPTS = 3;

/**
 * Takes over what the learner did in this element's early form (./earlyAnswers.ts) as the app's view
 * of it mounts, before that view is painted: `adopt` sends the answer to the element's chart (an early
 * form left untouched, or with every choice taken off again, leaves the chart as it was restored), and
 * the focus moves to the view's control that `controlFor` finds for the key that had it in the early
 * form (a choice's id, or EARLY_BUTTON_KEY), so a keyboard user keeps their place. Answers a ref that
 * holds true while the evaluation on screen is the early form's, which was announced when it was made
 * (the view should not announce it again).
 */
export function useEarlyAnswer(id: string, adopt: (answer: EarlyAnswer) => void, controlFor: (key: string) => HTMLElement | null | undefined): RefObject<boolean> {
  const announced = useRef(false);
  const handlers = useRef({ adopt, controlFor });
  handlers.current = { adopt, controlFor };
  const focus = useRef<{ key: string; attempts: number } | null>(null);
  useLayoutEffect(() => {
    const answer = takeEarlyAnswer(id);
    if (answer && (answer.evaluated || answer.selected.length)) {
      announced.current = answer.evaluated;
      handlers.current.adopt(answer);
    }
    const key = takeEarlyFocus(id);
    if (key !== undefined) focus.current = { key, attempts: FOCUS_ATTEMPTS };
  }, [id]);
  // After every render until the control takes the focus: the adopted answer's render enables it.
  useLayoutEffect(() => {
    const wanted = focus.current;
    if (!wanted) return;
    const control = handlers.current.controlFor(wanted.key);
    control?.focus();
    if ((control && control === control.ownerDocument.activeElement) || --wanted.attempts <= 0) focus.current = null;
  });
  return announced;
}
