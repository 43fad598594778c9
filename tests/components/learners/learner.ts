import { act } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Texts } from '../texts';

/** How a learner works a path: with the mouse, or with the keyboard only (Tab, arrows, Enter, Space). */
export type Via = 'pointer' | 'keyboard';

/** Tab stops a learner goes through at most to reach a control before the test calls it unreachable. */
const MAX_TABS = 40;

/** What every learner can do: reach controls, press them, and read the element. */
export class Learner {
  constructor(
    protected readonly user: UserEvent,
    readonly root: HTMLElement,
    readonly via: Via,
    readonly text: Texts,
  ) {}

  /** Moves the focus with Tab until `target` has it; fails when Tab never gets there. */
  async tabTo(target: HTMLElement): Promise<void> {
    for (let tabs = 0; document.activeElement !== target; tabs++) {
      if (tabs > MAX_TABS) throw new Error(`not reachable with Tab: ${describeControl(target)}`);
      await this.user.tab();
    }
  }

  /** Activates a button: a click, or Tab to it and Enter. */
  async press(target: HTMLElement): Promise<void> {
    if (this.via === 'pointer') await this.user.click(target);
    else {
      await this.tabTo(target);
      await this.user.keyboard('{Enter}');
    }
  }

  /** Toggles a checkbox: a click, or Tab to it and Space. */
  async toggle(target: HTMLElement): Promise<void> {
    if (this.via === 'pointer') await this.user.click(target);
    else {
      await this.tabTo(target);
      await this.user.keyboard(' ');
    }
  }

  /** Lets the focus go, as a learner does who moves on to something else. */
  async blur(): Promise<void> {
    act(() => (document.activeElement as HTMLElement | null)?.blur());
  }

  /**
   * The button named `name` (its aria-label, else its text). Read from the DOM directly: Testing
   * Library's role queries compute the whole accessibility tree and would dominate the walk's time.
   */
  button(name: string): HTMLElement {
    const found = this.queryButton(name);
    if (!found) throw new Error(`no button named "${name}"; there are: ${this.buttonNames().join(' | ')}`);
    return found;
  }

  queryButton(name: string): HTMLElement | null {
    const matches = this.buttons().filter((button) => nameOf(button) === name);
    if (matches.length > 1) throw new Error(`${matches.length} buttons named "${name}"`);
    return matches[0] ?? null;
  }

  buttonNames(): string[] {
    return this.buttons().map(nameOf);
  }

  private buttons(): HTMLElement[] {
    return [...this.root.querySelectorAll<HTMLElement>('button, [role="button"]')];
  }

  /** The feedback boxes shown (role status or alert), as text. */
  feedback(): string[] {
    return [...this.root.querySelectorAll('[data-feedback]')].map(textOf);
  }

  /** The kind of each feedback box: positive, negative, neutral, info or error. */
  feedbackKinds(): string[] {
    return [...this.root.querySelectorAll('[data-feedback]')].map((box) => box.getAttribute('data-feedback') ?? '');
  }
}

/** The visible text of an element, whitespace collapsed. */
export function textOf(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Disabled for a learner: the control itself or through aria-disabled. */
export function isDisabled(element: Element): boolean {
  return (element as HTMLInputElement).disabled === true || element.getAttribute('aria-disabled') === 'true';
}

function describeControl(element: HTMLElement): string {
  return `<${element.tagName.toLowerCase()}> ${element.getAttribute('aria-label') ?? textOf(element)}`;
}

/** The accessible name of a control as far as these elements need it: aria-label, else its text. */
export function nameOf(element: Element): string {
  return element.getAttribute('aria-label') ?? textOf(element);
}
