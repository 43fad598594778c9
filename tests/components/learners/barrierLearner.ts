import { act } from '@testing-library/react';
import { Learner, textOf } from './learner';

/** A learner at a barrier: reads why it is closed, follows its links, presses Continue. */
export class BarrierLearner extends Learner {
  async pressContinue(label: string): Promise<void> {
    await this.press(this.button(label));
    // The barrier moves the focus to what it reveals on the next frame.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  }

  /** The hint next to the button ('' once unlocked). */
  hint(): string {
    return textOf(this.root.querySelector('section .text-sm.text-gray-600'));
  }

  /** "Still open:" and the links to what still blocks the barrier, or [] when nothing is listed. */
  blocking(): string[] {
    const list = this.root.querySelector('[data-testid="barrier-blocking"]');
    if (!list) return [];
    return [textOf(list.querySelector('p')), ...[...list.querySelectorAll('a')].map((link) => `${textOf(link)} → ${link.getAttribute('href')}`)];
  }

  announcement(): string {
    return textOf(this.root.querySelector('[data-testid="barrier-announcement"]'));
  }
}
