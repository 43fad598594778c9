import { act } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { SimulatedClock } from 'xstate';
import type { Texts } from '../texts';
import { Learner, nameOf, textOf, type Via } from './learner';

/**
 * A learner in front of an image gallery. Looking at it (the pointer over it, or the focus in it)
 * pauses the autoplay; looking away resumes it. With the mouse the learner hovers and clicks;
 * with the keyboard, Tab into the gallery is looking at it and leaving the focus is looking away.
 */
export class CarouselLearner extends Learner {
  constructor(
    user: UserEvent,
    root: HTMLElement,
    via: Via,
    text: Texts,
    /** The clock of the gallery's autoplay timers. */
    private readonly clock: SimulatedClock,
  ) {
    super(user, root, via, text);
  }

  carousel(): HTMLElement {
    const section = this.root.querySelector<HTMLElement>('[aria-roledescription="carousel"]');
    if (!section) throw new Error('no carousel');
    return section;
  }

  async lookAt(): Promise<void> {
    if (this.via === 'pointer') await this.user.hover(this.carousel());
    else await this.tabTo(this.button(this.text.previousImage));
  }

  /** Takes the pointer off the gallery and the focus out of it. */
  async lookAway(): Promise<void> {
    if (this.via === 'pointer') await this.user.unhover(this.carousel());
    await this.blur();
  }

  async next(): Promise<void> {
    await this.press(this.button(this.text.nextImage));
  }

  async previous(): Promise<void> {
    await this.press(this.button(this.text.previousImage));
  }

  async goTo(n: number): Promise<void> {
    await this.press(this.button(this.text.goToImage(n)));
  }

  async pause(): Promise<void> {
    await this.press(this.button(this.text.pause));
  }

  async play(): Promise<void> {
    await this.press(this.button(this.text.play));
  }

  /** Lets `ms` pass on the autoplay's clock. */
  async wait(ms: number): Promise<void> {
    act(() => this.clock.increment(ms));
  }

  counter(): string {
    return textOf(this.root.querySelector('[data-testid="carousel-counter"]'));
  }

  /** The slide shown: its label, and whether every other slide is hidden from assistive technology. */
  activeSlide(): { label: string; othersHidden: boolean } {
    const slides = [...this.root.querySelectorAll('[aria-roledescription="slide"]')];
    const active = slides.filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
    if (active.length !== 1) throw new Error(`${active.length} slides shown`);
    return { label: active[0].getAttribute('aria-label') ?? '', othersHidden: slides.every((slide) => slide === active[0] || slide.hasAttribute('inert')) };
  }

  currentDot(): string[] {
    return [...this.root.querySelectorAll('button[aria-current="true"]')].map(nameOf);
  }

  /** Whether changes of slide are announced (not while autoplay runs). */
  liveRegion(): string | null {
    return this.root.querySelector('[aria-live]')?.getAttribute('aria-live') ?? null;
  }
}
