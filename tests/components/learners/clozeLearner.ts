import { Learner } from './learner';

type GapControl = HTMLInputElement | HTMLSelectElement;

/** A learner in front of a cloze: text gaps to type in, dropdown gaps to choose from, Evaluate, Edit Answer. */
export class ClozeLearner extends Learner {
  /** The control of gap `n` (1-based, as its label "Gap n" says). */
  gap(n: number): GapControl {
    const label = this.text.gap(n);
    const control = [...this.root.querySelectorAll<GapControl>('input, select')].find((c) => c.getAttribute('aria-label') === label);
    if (!control) throw new Error(`no control labelled ${label}`);
    return control;
  }

  /** Replaces what gap `n` holds with `value`: clicked or tabbed into, cleared, typed. */
  async typeAnswer(n: number, value: string): Promise<void> {
    const field = this.gap(n);
    if (!(field instanceof HTMLInputElement)) throw new Error(`gap ${n} is a dropdown`);
    if (this.via === 'pointer') await this.user.click(field);
    else await this.tabTo(field);
    await this.user.clear(field);
    if (value) await this.user.keyboard(value);
  }

  /** Chooses `option` in dropdown gap `n` ('' is "Please choose"). */
  async chooseOption(n: number, option: string): Promise<void> {
    const select = this.gap(n);
    if (!(select instanceof HTMLSelectElement)) throw new Error(`gap ${n} is a text field`);
    if (this.via === 'keyboard') await this.tabTo(select);
    // A native select's list is the browser's own; user-event picks the option as the list would.
    await this.user.selectOptions(select, option);
  }

  /** The options a dropdown gap offers, as values. */
  optionsOf(n: number): string[] {
    const select = this.gap(n);
    return select instanceof HTMLSelectElement ? [...select.options].map((option) => option.value) : [];
  }

  async evaluate(label: string): Promise<void> {
    await this.press(this.button(label));
  }

  async editAnswer(): Promise<void> {
    await this.press(this.button(this.text.editAnswer));
  }

  /** The result a gap shows after evaluation: its screen-reader text, or '' while not evaluated. */
  resultOf(n: number): string {
    return this.gap(n).closest('[data-gap-index]')?.querySelector('[data-result] .sr-only')?.textContent ?? '';
  }
}
