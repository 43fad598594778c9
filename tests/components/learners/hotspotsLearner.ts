import { Learner, nameOf, textOf } from './learner';

/** A learner in front of an image with hotspots: opens a spot, pages through, closes the popup. */
export class HotspotsLearner extends Learner {
  markers(): HTMLButtonElement[] {
    return [...this.root.querySelectorAll<HTMLButtonElement>('button[aria-expanded]')];
  }

  marker(n: number, title: string): HTMLButtonElement {
    const name = this.text.hotspotMarker(n, title);
    const found = this.markers().find((marker) => nameOf(marker) === name);
    if (!found) throw new Error(`no marker ${name}`);
    return found;
  }

  popup(): HTMLElement | null {
    return this.root.querySelector<HTMLElement>('[role="dialog"]');
  }

  async openSpot(n: number, title: string): Promise<void> {
    await this.press(this.marker(n, title));
  }

  async next(): Promise<void> {
    await this.press(this.button(this.text.nextHotspot));
  }

  async previous(): Promise<void> {
    await this.press(this.button(this.text.previousHotspot));
  }

  /** Closes the popup: its Close button with the mouse, Escape with the keyboard. */
  async close(): Promise<void> {
    if (this.via === 'pointer') await this.press(this.button(this.text.close));
    else await this.user.keyboard('{Escape}');
  }

  popupTitle(): string {
    return textOf(this.popup()?.querySelector('h3') ?? null);
  }

  popupText(): string {
    return textOf(this.popup());
  }
}
