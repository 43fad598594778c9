import { act } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { DRAG_START_DELAY_MS } from '../../../model/constants';
import { isDisabled, Learner, nameOf, textOf } from './learner';

/**
 * A learner in front of an assignment: picks an item (in the pool or a zone), then places it in a
 * zone or back in the pool; or drags it there with the mouse.
 */
export class AssignmentLearner extends Learner {
  pool(): HTMLElement {
    return this.group('[data-pool]', this.text.pool);
  }

  zone(title: string): HTMLElement {
    return this.group('[data-zone-id]', this.text.zone(title));
  }

  private group(selector: string, label: string): HTMLElement {
    const group = [...this.root.querySelectorAll<HTMLElement>(selector)].find((g) => g.getAttribute('aria-label') === label);
    if (!group) throw new Error(`no group labelled ${label}`);
    return group;
  }

  /** The item buttons inside `area`, by their accessible name. */
  itemsIn(area: HTMLElement): HTMLElement[] {
    return [...area.querySelectorAll<HTMLElement>('button[data-item-id]')];
  }

  item(text: string): HTMLElement {
    const found = this.itemsIn(this.root).find((button) => nameOf(button) === text);
    if (!found) throw new Error(`no item ${text}`);
    return found;
  }

  /** Picks up (or, when it is picked up already, puts down) the item. */
  async selectItem(text: string): Promise<void> {
    await this.press(this.item(text));
  }

  /** Places the picked item: a click on the zone, or its "Place here" button with the keyboard. */
  async placeIn(title: string): Promise<void> {
    if (this.via === 'pointer') await this.user.click(this.zone(title));
    else await this.press(this.button(this.text.placeHere(title)));
  }

  /** Puts the picked item back: a click on the pool, or the "Back to the unassigned items" button. */
  async backToPool(): Promise<void> {
    if (this.via === 'pointer') await this.user.click(this.pool());
    else await this.press(this.button(this.text.backToPool));
  }

  /**
   * Takes `text` to the zone in one go: with the mouse a drag (held past the start delay, moved past
   * the threshold, released over the zone); with the keyboard, pick it up and place it.
   */
  async assignItem(text: string, zoneTitle: string): Promise<void> {
    const item = this.item(text);
    if (this.via === 'keyboard') {
      if (item.getAttribute('aria-pressed') !== 'true') await this.press(item);
      return this.press(this.button(this.text.placeHere(zoneTitle)));
    }
    const zone = this.zone(zoneTitle);
    const drop = { clientX: 400, clientY: 300 };
    // jsdom has no layout: the point of the drop is where the zone is, and the clock moves on as the learner holds the item.
    const restore = pointsAt(drop, zone);
    const now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(now);
    try {
      await this.user.pointer({ keys: '[MouseLeft>]', target: item, coords: { clientX: 20, clientY: 20 } });
      clock.mockReturnValue(now + DRAG_START_DELAY_MS + 10);
      await this.user.pointer({ target: zone, coords: { clientX: 200, clientY: 150 } });
      expect(this.root.querySelector('[data-drag-ghost]'), 'the dragged item follows the pointer').not.toBeNull();
      await this.user.pointer({ target: zone, coords: drop });
      await this.user.pointer({ keys: '[/MouseLeft]', target: zone, coords: drop });
    } finally {
      clock.mockRestore();
      restore();
    }
    // The click that may follow a drop is swallowed on the next tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }

  async evaluate(label: string): Promise<void> {
    await this.press(this.button(label));
  }

  async resetAnswer(): Promise<void> {
    await this.press(this.button(this.text.resetAnswer));
  }

  /** The names of the items shown in `area`, sorted (the pool is shuffled). */
  namesIn(area: HTMLElement): string[] {
    return this.itemsIn(area).map(nameOf).sort();
  }

  /** The name of the item marked as picked up, if any. */
  pickedUp(): string[] {
    return this.itemsIn(this.root).filter((button) => button.getAttribute('aria-pressed') === 'true').map((button) => textOf(button));
  }

  itemsDisabled(): boolean[] {
    return this.itemsIn(this.root).map(isDisabled);
  }
}

/** Makes `document.elementFromPoint` answer `element` at `point` until the returned function restores it. */
function pointsAt(point: { clientX: number; clientY: number }, element: Element): () => void {
  const own = Object.getOwnPropertyDescriptor(document, 'elementFromPoint');
  Object.defineProperty(document, 'elementFromPoint', {
    configurable: true,
    value: (x: number, y: number) => (x === point.clientX && y === point.clientY ? element : null),
  });
  return () => {
    if (own) Object.defineProperty(document, 'elementFromPoint', own);
    else Reflect.deleteProperty(document, 'elementFromPoint');
  };
}
