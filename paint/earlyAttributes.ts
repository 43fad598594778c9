/** The attributes of an early form, shared by the server's drawing (src/kinds/choice/ChoiceEarlyForm.paint.tsx) and the page's listeners (src/elements/early/earlyAnswers.ts). */
export const EARLY = {
  form: 'data-early-form',
  neutral: 'data-early-neutral',
  correct: 'data-early-correct',
  mark: 'data-early-mark',
  button: 'data-early-button',
  editLabel: 'data-early-edit-label',
  editClass: 'data-early-edit-class',
  feedback: 'data-early-feedback',
  evaluated: 'data-early-evaluated',
  /** On an option's label while its input is ticked (its tint; the tick itself is drawn from the input). */
  selected: 'data-selected',
} as const;
