import { Learner } from './learner';

/** A learner in front of a free-text question: a text area, Evaluate, and Edit Answer (or a click on the answer). */
export class FreeTextLearner extends Learner {
  answerField(): HTMLTextAreaElement {
    const field = this.root.querySelector('textarea');
    if (!field || field.getAttribute('aria-label') !== this.text.answer) throw new Error(`no text area labelled ${this.text.answer}`);
    return field;
  }

  /** Replaces the answer with `value`: into the field by click or Tab, clear it, type. */
  async typeAnswer(value: string): Promise<void> {
    const field = this.answerField();
    if (this.via === 'pointer') await this.user.click(field);
    else await this.tabTo(field);
    await this.user.clear(field);
    // A long text is pasted (typing 32,000 keys would take the walk minutes).
    if (value.length > 200) await this.user.paste(value);
    else if (value) await this.user.keyboard(value);
  }

  /** The answer's character counter, if it shows: its text and whether it is styled as an error. */
  characterCounter(): { text: string; over: boolean } | null {
    const id = this.answerField().getAttribute('aria-describedby')?.split(' ')[1];
    const counter = id ? this.root.ownerDocument.getElementById(id) : null;
    return counter ? { text: counter.textContent ?? '', over: counter.hasAttribute('data-over') } : null;
  }

  async evaluate(label: string): Promise<void> {
    await this.press(this.button(label));
  }

  /** With the mouse, a click on the evaluated answer (spec section 4); with the keyboard, the Edit Answer button. */
  async editAnswer(): Promise<void> {
    const field = this.answerField();
    // The disabled field lets clicks through (pointer-events: none) to what holds it.
    if (this.via === 'pointer') await this.user.click(field.parentElement!);
    else await this.press(this.button(this.text.editAnswer));
  }
}
