import type { UserEvent } from '@testing-library/user-event';
import type { Texts } from '../texts';
import { Learner, nameOf, textOf, type Via } from './learner';

/** Where the image lies on the (layout-less) jsdom screen: 1000 × 1000 px at the origin. */
const SIZE = 1000;
/** The crosshair's big step (Shift + arrow), as the component moves it. */
const BIG_STEP = 0.1;

type Point = { x: number; y: number };

/**
 * A learner in front of a polygon exercise: sets marks on the image (a click there, or the keyboard
 * crosshair and Enter), removes a mark by pressing it, drags a mark (or moves it with arrow keys).
 */
export class PolygonLearner extends Learner {
  /** Where the learner knows the keyboard crosshair to be (the component starts it in the middle). */
  private crosshair: Point = { x: 0.5, y: 0.5 };

  constructor(user: UserEvent, root: HTMLElement, via: Via, text: Texts) {
    super(user, root, via, text);
    const frame = this.image();
    frame.getBoundingClientRect = () => new DOMRect(0, 0, SIZE, SIZE);
  }

  image(): HTMLElement {
    const frame = [...this.root.querySelectorAll<HTMLElement>('[role="group"]')].find((g) => g.getAttribute('aria-label') === this.text.polygonImage);
    if (!frame) throw new Error(`no image labelled ${this.text.polygonImage}`);
    return frame;
  }

  marks(): HTMLButtonElement[] {
    return [...this.image().querySelectorAll<HTMLButtonElement>('button[data-mark-index]')];
  }

  mark(n: number): HTMLButtonElement {
    const found = this.marks().find((button) => button.dataset.markIndex === String(n - 1));
    if (!found) throw new Error(`no mark ${n}`);
    return found;
  }

  /** Sets a mark at (x, y): a click on the image there, or the crosshair moved with Shift+arrows and Enter. */
  async placeMark(x: number, y: number): Promise<void> {
    const frame = this.image();
    if (this.via === 'pointer') {
      await this.user.pointer({ keys: '[MouseLeft]', target: frame, coords: { clientX: x * SIZE, clientY: y * SIZE } });
      return;
    }
    await this.tabTo(frame);
    await this.arrows({ x: x - this.crosshair.x, y: y - this.crosshair.y });
    this.crosshair = { x, y };
    await this.user.keyboard('{Enter}');
  }

  /** Removes mark `n` (1-based) by pressing it. */
  async removeMark(n: number): Promise<void> {
    await this.press(this.mark(n));
  }

  /** Takes mark `n` towards (x, y): dragged with the mouse, or moved with Shift+arrows; the image's edge stops it. */
  async moveMark(n: number, x: number, y: number): Promise<void> {
    const mark = this.mark(n);
    const from = { x: parseFloat(mark.style.left) / 100, y: parseFloat(mark.style.top) / 100 };
    if (this.via === 'pointer') {
      await this.user.pointer([
        { keys: '[MouseLeft>]', target: mark, coords: { clientX: from.x * SIZE, clientY: from.y * SIZE } },
        { target: mark, coords: { clientX: x * SIZE, clientY: y * SIZE } },
        { keys: '[/MouseLeft]', target: mark, coords: { clientX: x * SIZE, clientY: y * SIZE } },
      ]);
      return;
    }
    await this.tabTo(mark);
    await this.arrows({ x: x - from.x, y: y - from.y });
  }

  /** Presses Shift+arrow keys for `delta` in big steps (the targets here lie on that grid). */
  private async arrows(delta: Point): Promise<void> {
    const presses = (d: number, less: string, more: string) => (d < 0 ? less : more).repeat(Math.round(Math.abs(d) / BIG_STEP));
    const keys = presses(delta.x, '{ArrowLeft}', '{ArrowRight}') + presses(delta.y, '{ArrowUp}', '{ArrowDown}');
    if (keys) await this.user.keyboard(`{Shift>}${keys}{/Shift}`);
  }

  async checkAnswer(label: string): Promise<void> {
    await this.press(this.button(label));
  }

  async resetQuestion(): Promise<void> {
    await this.press(this.button(this.text.resetQuestion));
  }

  /** The counters under the image: "n / total Mark set" and, after checking, "n found". */
  counters(): string[] {
    return [...this.root.querySelectorAll('[data-counter]')].map(textOf);
  }

  markNames(): string[] {
    return this.marks().map(nameOf);
  }

  /** Where each mark is drawn, in image fractions. */
  markPositions(): Point[] {
    return this.marks().map((mark) => ({ x: parseFloat(mark.style.left) / 100, y: parseFloat(mark.style.top) / 100 }));
  }

  drawnPolygons(): number[] {
    return [...this.root.querySelectorAll('[data-polygon-index]')].map((polygon) => Number(polygon.getAttribute('data-polygon-index')));
  }
}
