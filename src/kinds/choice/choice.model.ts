import type { FeedbackKind } from '../../../model/feedbackKind';

/** Rules of the choice question (spec section 4, Choice question). */

export type ChoiceType = 'sc' | 'mc';

/** Selecting in a single-choice question deselects the others; in a multiple-choice question it adds. */
export function selectChoice(type: ChoiceType, selected: readonly string[], choiceId: string): string[] {
  if (type === 'sc') return [choiceId];
  return selected.includes(choiceId) ? [...selected] : [...selected, choiceId];
}

export function deselectChoice(selected: readonly string[], choiceId: string): string[] {
  return selected.filter((id) => id !== choiceId);
}

/** A choice is correct when its selected state equals its correct flag. */
export function isChoiceCorrect(choice: { id: string; correct: boolean }, selected: readonly string[]): boolean {
  return selected.includes(choice.id) === choice.correct;
}

/** A question is correct when every choice is. */
export function isChoiceQuestionCorrect(choices: readonly { id: string; correct: boolean }[], selected: readonly string[]): boolean {
  return choices.every((choice) => isChoiceCorrect(choice, selected));
}

/** Neutral if the question asks for it, else positive when correct, negative when not. */
export function feedbackKind(useNeutralFeedback: boolean, correct: boolean): FeedbackKind {
  if (useNeutralFeedback) return 'neutral';
  return correct ? 'positive' : 'negative';
}
