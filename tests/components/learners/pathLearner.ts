import { isDisabled, Learner, nameOf, textOf } from './learner';

/** What a learner reads off one step of a learning path. */
export type StepView = { progress: string; current: boolean; toggle: string | null; pressed: boolean | null };

/** A learner in front of a learning path: opens steps, marks self-completed steps Complete / Completed. */
export class PathLearner extends Learner {
  step(stepId: string): HTMLElement {
    const step = this.root.querySelector<HTMLElement>(`li[data-step-id="${stepId}"]`);
    if (!step) throw new Error(`no step ${stepId}`);
    return step;
  }

  /** Follows the step's link (the app's router takes over from there). */
  async openStep(stepId: string): Promise<void> {
    const link = this.step(stepId).querySelector<HTMLElement>('a[href]');
    if (!link) throw new Error(`step ${stepId} has no link`);
    if (this.via === 'pointer') await this.user.click(link);
    else {
      await this.tabTo(link);
      await this.user.keyboard('{Enter}');
    }
  }

  /** Presses the step's Complete / Completed button. */
  async toggleStep(stepId: string): Promise<void> {
    const button = this.step(stepId).querySelector<HTMLElement>('button');
    if (!button || isDisabled(button)) throw new Error(`step ${stepId} has no completion button to press`);
    await this.press(button);
  }

  view(stepId: string): StepView {
    const step = this.step(stepId);
    const button = step.querySelector('button');
    return {
      progress: step.querySelector('[role="progressbar"]')?.getAttribute('aria-label') ?? '',
      current: step.getAttribute('aria-current') === 'step' && textOf(step).includes(this.text.currentStep),
      toggle: button ? nameOf(button) : null,
      pressed: button ? button.getAttribute('aria-pressed') === 'true' : null,
    };
  }
}
