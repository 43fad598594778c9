// @vitest-environment jsdom
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reactModes, renderElement } from './renderElement';

const hotspot = (order: boolean) => ({
  id: 'hs-1',
  modelName: 'Hotspot',
  asset: { file: 'karte.png', licenseTitle: 'Karte der Schweiz' },
  order,
  caption: 'Drei <b>Orte</b>',
  elements: [
    { id: 'zh', x: 0.6, y: 0.2, title: 'Zürich', content: '<p>Größte Stadt</p>' },
    { id: 'be', x: 0.3, y: 0.5, title: 'Bern', content: '<p>Bundesstadt</p>' },
    { id: 'ge', x: 0.05, y: 0.9, title: 'Genf', content: '<p>Am See<script>alert(1)</script></p>' },
  ],
});

const markers = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLButtonElement>('button[data-state]'));
const dialogs = (root: HTMLElement) => root.querySelectorAll('[role="dialog"]');
const popupTitle = (root: HTMLElement) => root.querySelector('[role="dialog"] h3')?.textContent;
const button = (root: HTMLElement, name: string) =>
  Array.from(root.querySelectorAll('button')).find((b) => b.getAttribute('aria-label') === name) as HTMLButtonElement;

describe.each(reactModes)('Hotspot ($mode mode)', ({ strict }) => {
  it('places numbered markers at their fractions', () => {
    const { root } = renderElement(hotspot(false), { strict });
    const found = markers(root);
    expect(found.map((m) => m.textContent)).toEqual(['1', '2', '3']);
    expect(found.map((m) => m.getAttribute('aria-label'))).toEqual(['1: Zürich', '2: Bern', '3: Genf']);
    expect([found[0].style.left, found[0].style.top]).toEqual(['60%', '20%']);
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('Karte der Schweiz');
    expect(root.querySelector('figcaption b')?.textContent).toBe('Orte');
    expect(dialogs(root)).toHaveLength(0);
  });

  it('opening one closes the others; previous and next wrap', () => {
    const { root } = renderElement(hotspot(false), { strict });
    fireEvent.click(markers(root)[0]);
    expect(dialogs(root)).toHaveLength(1);
    expect(popupTitle(root)).toBe('Zürich');
    expect(markers(root)[0].getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(markers(root)[2]);
    expect(dialogs(root)).toHaveLength(1);
    expect(popupTitle(root)).toBe('Genf');
    expect(markers(root)[0].getAttribute('aria-expanded')).toBe('false');
    expect(root.querySelector('[role="dialog"] script')).toBeNull();
    fireEvent.click(button(root, 'Next hotspot'));
    expect(popupTitle(root)).toBe('Zürich');
    fireEvent.click(button(root, 'Previous hotspot'));
    expect(popupTitle(root)).toBe('Genf');
    // without the order flag there is no "n of total"
    expect(root.querySelector('[role="dialog"]')?.textContent).not.toMatch(/\d of \d/);
  });

  it('shows n of total when the order flag is set (en and de)', () => {
    const en = renderElement(hotspot(true), { strict });
    fireEvent.click(markers(en.root)[1]);
    expect(en.root.querySelector('[role="dialog"]')?.textContent).toContain('2 of 3');
    const de = renderElement({ ...hotspot(true), id: 'hs-2' }, { strict, lang: 'de' });
    fireEvent.click(markers(de.root)[2]);
    expect(de.root.querySelector('[role="dialog"]')?.textContent).toContain('3 von 3');
  });

  it('Escape closes the popup and returns focus to its marker; the popup is limited to 480 × 400 px', () => {
    const { root } = renderElement(hotspot(false), { strict });
    fireEvent.click(markers(root)[1]);
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.style.maxHeight).toBe('400px');
    expect([dialog.style.width, dialog.style.maxWidth]).toEqual(['480px', '100%']);
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialogs(root)).toHaveLength(0);
    expect(document.activeElement).toBe(markers(root)[1]);
  });

  it('the close button and a press outside close it', () => {
    const { root } = renderElement(hotspot(false), { strict });
    fireEvent.click(markers(root)[0]);
    fireEvent.click(button(root, 'Close'));
    expect(dialogs(root)).toHaveLength(0);
    fireEvent.click(markers(root)[0]);
    fireEvent.pointerDown(document.body);
    expect(dialogs(root)).toHaveLength(0);
  });
});
