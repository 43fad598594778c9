import { Learner, textOf } from './learner';

/** A learner in front of a foldable section: its title opens and closes it. */
export class FoldableLearner extends Learner {
  titleButton(): HTMLElement {
    const trigger = this.root.querySelector<HTMLElement>('button[aria-expanded]');
    if (!trigger) throw new Error('no foldable title');
    return trigger;
  }

  /** Opens or closes the section: a click on its title, or Tab to it and Enter. */
  async toggleSection(): Promise<void> {
    await this.press(this.titleButton());
  }

  /** The content as far as a learner can see it: '' while the panel is hidden. */
  visibleContent(): string {
    const panel = document.getElementById(this.titleButton().getAttribute('aria-controls') ?? '');
    if (!panel) throw new Error('the title controls no panel');
    return panel.hidden || panel.hasAttribute('hidden') ? '' : textOf(panel);
  }
}
