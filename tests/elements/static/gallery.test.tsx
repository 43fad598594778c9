// @vitest-environment jsdom
import { act, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS } from '../../../model/constants';
import { reactModes, renderElement } from './renderElement';

const image = (id: string, file: string, extra: Record<string, unknown> = {}) => ({ id, modelName: 'Image', asset: { file }, ...extra });
const gallery = (count: number) => ({
  id: 'gal-1',
  modelName: 'ImageGallery',
  content: Array.from({ length: count }, (_, i) => image(`img-${i + 1}`, `bild-${i + 1}.jpg`, { alt: `Bild ${i + 1}`, caption: `Legende ${i + 1}` })),
});

afterEach(() => vi.useRealTimers());

const activeSlide = (root: HTMLElement) => root.querySelector('[aria-roledescription="slide"][data-state="active"]')!;
const counter = (root: HTMLElement) => root.querySelector('[data-testid="carousel-counter"]')?.textContent;
const button = (root: HTMLElement, name: string) =>
  Array.from(root.querySelectorAll('button')).find((b) => b.getAttribute('aria-label') === name) as HTMLButtonElement;

describe.each(reactModes)('ImageGallery ($mode mode)', ({ strict }) => {
  it('shows one slide with n / total; next and previous wrap', () => {
    const { root } = renderElement(gallery(3), { strict });
    expect(root.querySelector('[aria-roledescription="carousel"]')?.getAttribute('aria-label')).toBe('Image gallery');
    expect(activeSlide(root).querySelector('img')?.getAttribute('alt')).toBe('Bild 1');
    expect(counter(root)).toBe('1 / 3');
    fireEvent.click(button(root, 'Previous image'));
    expect(counter(root)).toBe('3 / 3');
    expect(activeSlide(root).querySelector('figcaption')?.textContent).toBe('Legende 3');
    fireEvent.click(button(root, 'Next image'));
    expect(counter(root)).toBe('1 / 3');
    // inactive slides are hidden from assistive technology and focus
    const inactive = root.querySelectorAll('[aria-roledescription="slide"][aria-hidden="true"]');
    expect(inactive).toHaveLength(2);
  });

  it('marks each slide up as a group div holding a figure, never a figure with a role (axe aria-allowed-role)', () => {
    const { root } = renderElement(gallery(3), { strict });
    const slides = [...root.querySelectorAll('[aria-roledescription="slide"]')];
    expect(slides.map((slide) => [slide.tagName, slide.getAttribute('role'), slide.getAttribute('aria-label')])).toEqual([
      ['DIV', 'group', 'Image 1 of 3'],
      ['DIV', 'group', 'Image 2 of 3'],
      ['DIV', 'group', 'Image 3 of 3'],
    ]);
    expect(slides.every((slide) => slide.querySelector(':scope > figure > figcaption'))).toBe(true);
    expect(root.querySelectorAll('figure[role]')).toHaveLength(0);
  });

  it('dots go to a slide and mark the current one', () => {
    const { root } = renderElement(gallery(3), { strict });
    fireEvent.click(button(root, 'Go to image 3'));
    expect(counter(root)).toBe('3 / 3');
    expect(button(root, 'Go to image 3').getAttribute('aria-current')).toBe('true');
    expect(button(root, 'Go to image 1').hasAttribute('aria-current')).toBe(false);
  });
});

describe('ImageGallery autoplay', () => {
  it('advances on its own, pauses on hover and resumes on leave', () => {
    vi.useFakeTimers();
    const { root } = renderElement(gallery(3));
    const carousel = root.querySelector('[aria-roledescription="carousel"]')!;
    expect(carousel.getAttribute('data-autoplay')).toBe('playing');
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(counter(root)).toBe('2 / 3');
    fireEvent.pointerEnter(carousel);
    expect(carousel.getAttribute('data-autoplay')).toBe('hovered');
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(counter(root)).toBe('2 / 3');
    fireEvent.pointerLeave(carousel);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(counter(root)).toBe('3 / 3');
  });

  it('the pause button stops autoplay until play is pressed (de)', () => {
    vi.useFakeTimers();
    const { root } = renderElement(gallery(2), { lang: 'de' });
    fireEvent.click(button(root, 'Automatischen Bildwechsel anhalten'));
    const carousel = root.querySelector('[aria-roledescription="carousel"]')!;
    fireEvent.pointerLeave(carousel);
    expect(carousel.getAttribute('data-autoplay')).toBe('stopped');
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(counter(root)).toBe('1 / 2');
    fireEvent.click(button(root, 'Automatischen Bildwechsel starten'));
    fireEvent.pointerLeave(carousel);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(counter(root)).toBe('2 / 2');
  });
});

describe('ImageGallery with one slide', () => {
  it('has no controls', () => {
    const { root } = renderElement(gallery(1));
    expect(root.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(1);
    expect(root.querySelectorAll('button')).toHaveLength(0);
    expect(counter(root)).toBeUndefined();
    expect(root.querySelector('[aria-roledescription="carousel"]')?.getAttribute('data-autoplay')).toBe('off');
  });
});
