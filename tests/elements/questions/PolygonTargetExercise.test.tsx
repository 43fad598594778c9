// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PolygonTargetExerciseElement } from '../../../src/kinds/polygon/PolygonTargetExercise';
import { PolygonTargetExercise } from '../../../model/elements';
import { modes, renderElement, textOf } from './renderElement';

const square = (x: number, y: number, size: number) => [
  { x, y }, { x: x + size, y }, { x: x + size, y: y + size }, { x, y: y + size },
];

const element = (over: Record<string, unknown> = {}) =>
  PolygonTargetExercise.parse({
    id: 'poly-1',
    modelName: 'PolygonTargetExercise',
    asset: { file: 'lakes.png' },
    question: { html: '<p>Mark both lakes.</p>' },
    polygons: [{ points: square(0.4, 0.4, 0.2) }, { points: square(0.8, 0.8, 0.15) }],
    ...over,
  });

const texts = {
  en: { image: 'Image: click to set a mark', check: 'Check answer', reset: 'Reset question', marks: (m: number) => `${m} / 2 Mark set`, found: (f: number) => `${f} found`, positive: 'Answered correctly: That is correct.', negative: "Wrong answer: That's not quite right yet.", remove: 'Remove mark', markWrong: (n: number) => `Mark ${n}: wrong` },
  de: { image: 'Bild: klicken, um eine Markierung zu setzen', check: 'Antwort prüfen', reset: 'Frage zurücksetzen', marks: (m: number) => `${m} / 2 Markierungen gesetzt`, found: (f: number) => `${f} gefunden`, positive: 'Richtig beantwortet: Das ist korrekt.', negative: 'Falsche Antwort: Das ist noch nicht ganz richtig.', remove: 'Markierung', markWrong: (n: number) => `Markierung ${n}: falsch` },
};

/** Gives the image frame a layout (jsdom has none): 500 × 400 px at the origin. */
function layOut(frame: HTMLElement) {
  frame.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, width: 500, height: 400, right: 500, bottom: 400, toJSON: () => ({}) });
}

describe.each(modes)('polygon target exercise ($name)', ({ lang, strict }) => {
  const text = texts[lang];

  it('shows the image in the img-1400 preset and the counter', () => {
    renderElement(<PolygonTargetExerciseElement element={element()} />, { lang, strict });
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/assets/img-1400/lakes.png');
    expect(textOf(document.querySelector('[data-counter="marks"]'))).toBe(text.marks(0));
  });

  it('clicks set marks up to the polygon count; clicking a mark removes it; check answer judges them', async () => {
    const { user } = renderElement(<PolygonTargetExerciseElement element={element()} />, { lang, strict });
    const frame = screen.getByRole('group', { name: text.image });
    layOut(frame);
    fireEvent.click(frame, { clientX: 250, clientY: 200 }); // (0.5, 0.5): inside the first square
    fireEvent.click(frame, { clientX: 50, clientY: 50 }); // (0.1, 0.125): outside
    fireEvent.click(frame, { clientX: 440, clientY: 350 }); // a third mark is refused
    expect(document.querySelectorAll('[data-mark-index]')).toHaveLength(2);
    expect(textOf(document.querySelector('[data-counter="marks"]'))).toBe(text.marks(2));

    await user.click(screen.getByRole('button', { name: new RegExp(`${text.remove}.*2`) }));
    expect(document.querySelectorAll('[data-mark-index]')).toHaveLength(1);
    fireEvent.click(frame, { clientX: 440, clientY: 350 }); // (0.88, 0.875): inside the second square
    await user.click(screen.getByRole('button', { name: text.check }));
    expect(textOf(screen.getByRole('status'))).toBe(text.positive);
    expect(textOf(document.querySelector('[data-counter="found"]'))).toBe(text.found(2));
    expect(document.querySelectorAll('polygon')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: text.reset }));
    expect(document.querySelectorAll('[data-mark-index]')).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a wrong mark is red with a cross; only found polygons are drawn unless all are asked for', async () => {
    const { user, unmount } = renderElement(<PolygonTargetExerciseElement element={element()} />, { lang, strict });
    let frame = screen.getByRole('group', { name: text.image });
    layOut(frame);
    fireEvent.click(frame, { clientX: 250, clientY: 200 });
    fireEvent.click(frame, { clientX: 50, clientY: 50 });
    await user.click(screen.getByRole('button', { name: text.check }));
    expect(textOf(screen.getByRole('status'))).toBe(text.negative);
    const wrong = screen.getByRole('button', { name: text.markWrong(2) });
    expect(wrong.getAttribute('data-result')).toBe('wrong');
    expect(wrong.className).toContain('bg-red-600');
    expect(wrong.querySelector('svg use')?.getAttribute('href')).toMatch(/#cross$/);
    expect([...document.querySelectorAll('polygon')].map((p) => p.getAttribute('data-polygon-index'))).toEqual(['0']);
    unmount();

    renderElement(<PolygonTargetExerciseElement element={element({ showAllPolygonsAfterEvaluation: true })} />, { lang, strict });
    frame = screen.getByRole('group', { name: text.image });
    layOut(frame);
    fireEvent.click(frame, { clientX: 250, clientY: 200 });
    await user.click(screen.getByRole('button', { name: text.check }));
    expect(document.querySelectorAll('polygon')).toHaveLength(2);
  });

  it('keyboard: arrows move the crosshair, Enter sets a mark', async () => {
    const { user } = renderElement(<PolygonTargetExerciseElement element={element()} />, { lang, strict });
    const frame = screen.getByRole('group', { name: text.image });
    frame.focus();
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}{Shift>}{ArrowDown}{ArrowDown}{ArrowDown}{/Shift}');
    expect(textOf(document.querySelector('[data-crosshair-position]'))).toBe(lang === 'en' ? 'Crosshair at 80 % / 80 %' : 'Fadenkreuz bei 80 % / 80 %');
    await user.keyboard('{Enter}');
    const mark = document.querySelector('[data-mark-index="0"]') as HTMLElement;
    expect(mark.style.left).toBe('80%');
    expect(mark.style.top).toBe('80%');
    await user.click(screen.getByRole('button', { name: text.check }));
    expect(mark.getAttribute('data-result')).toBe('correct');
  });

  it('a mark drags after more than 5 px (staying in the image); a press without moving removes it', () => {
    renderElement(<PolygonTargetExerciseElement element={element()} />, { lang, strict });
    const frame = screen.getByRole('group', { name: text.image });
    layOut(frame);
    fireEvent.click(frame, { clientX: 50, clientY: 50 });
    const mark = () => document.querySelector('[data-mark-index="0"]') as HTMLElement;
    const pointer = { pointerId: 7, button: 0 };
    fireEvent.pointerDown(mark(), { ...pointer, clientX: 50, clientY: 50 });
    fireEvent.pointerMove(mark(), { ...pointer, clientX: 53, clientY: 53 }); // 4.2 px: still a click
    fireEvent.pointerMove(mark(), { ...pointer, clientX: 250, clientY: 200 });
    fireEvent.pointerMove(mark(), { ...pointer, clientX: 900, clientY: 200 }); // beyond the right edge
    fireEvent.pointerUp(mark(), { ...pointer, clientX: 900, clientY: 200 });
    fireEvent.click(mark());
    expect(mark().style.left).toBe('100%');
    expect(mark().style.top).toBe('50%');

    fireEvent.pointerDown(mark(), { ...pointer, clientX: 500, clientY: 200 });
    fireEvent.pointerMove(mark(), { ...pointer, clientX: 502, clientY: 201 });
    fireEvent.pointerUp(mark(), { ...pointer, clientX: 502, clientY: 201 });
    fireEvent.click(mark());
    expect(document.querySelectorAll('[data-mark-index]')).toHaveLength(0);
  });
});
