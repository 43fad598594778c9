import type { ChoiceQuestion } from '../../../model/elements';
import { Learner } from './learner';

/** A learner in front of a choice question: radios (sc) or checkboxes (mc), Evaluate, Edit Answer. */
export class ChoiceLearner extends Learner {
  /** The option control (the radio or checkbox input) of the choice whose text is `text`. */
  option(text: string): HTMLInputElement {
    const role = this.isSingle() ? 'radio' : 'checkbox';
    const input = this.options().find((candidate) => optionText(candidate.closest('[data-choice-id]')) === text);
    if (!input) throw new Error(`no ${role} shows the text ${text}`);
    return input;
  }

  options(): HTMLInputElement[] {
    return [...this.root.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]')];
  }

  isSingle(): boolean {
    return this.root.querySelector('input[type="radio"]') !== null;
  }

  /**
   * Selects the choice labelled `text`. With the keyboard, a radio group is entered with Tab and
   * the choice reached with the arrow keys (which select as they move); a checkbox takes Space.
   */
  async selectChoice(text: string): Promise<void> {
    const target = this.option(text);
    if (target.checked) throw new Error(`${text} is selected already`);
    if (this.via === 'pointer' || !this.isSingle()) return this.toggle(target);
    const radios = this.options();
    await this.tabTo(radios.find((radio) => radio.tabIndex >= 0) ?? radios[0]);
    for (let moves = 0; !target.checked; moves++) {
      if (moves > radios.length) throw new Error(`arrow keys never reach ${text}`);
      await this.user.keyboard('{ArrowDown}');
    }
  }

  async deselectChoice(text: string): Promise<void> {
    const target = this.option(text);
    if (!target.checked) throw new Error(`${text} is not selected`);
    await this.toggle(target);
  }

  async evaluate(label: string): Promise<void> {
    await this.press(this.button(label));
  }

  async editAnswer(): Promise<void> {
    await this.press(this.button(this.text.editAnswer));
  }

  /** The per-choice result a screen reader announces after evaluation, by choice text. */
  results(question: ChoiceQuestion): Record<string, string> {
    const marks = [...this.root.querySelectorAll('[data-choice-id]')].map((option) => [
      question.choices.find((choice) => choice.id === option.getAttribute('data-choice-id'))?.text ?? '?',
      option.querySelector('[data-result] .sr-only')?.textContent ?? '',
    ]);
    return Object.fromEntries(marks);
  }
}

/** The text of an option without the result mark that follows it after evaluation. */
function optionText(option: Element | null): string {
  if (!option) return '';
  const mark = option.querySelector('[data-result]')?.textContent ?? '';
  const all = option.textContent ?? '';
  return (mark && all.endsWith(mark) ? all.slice(0, -mark.length) : all).trim();
}
