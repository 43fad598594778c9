// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autoScrollDelta, isDragStart } from '../../../src/elements/questions/useItemDrag';
import { AssignmentQuestionElement } from '../../../src/kinds/assignment/AssignmentQuestion';
import { AssignmentQuestion } from '../../../model/elements';
import { allItems } from '../../../src/kinds/assignment/assignment.model';
import { seededShuffle } from '../../../model/seededShuffle';
import { isDisabled, modes, renderElement, textOf } from './renderElement';
import { expectVisible } from '../../support/visible';

const element = AssignmentQuestion.parse({
  id: 'assign-1',
  modelName: 'AssignmentQuestion',
  instructions: '<p>Sort the animals.</p>',
  zones: [
    { id: 'mammals', title: 'Mammals', items: [{ id: 'cow', text: 'Cow' }, { id: 'cat', text: 'Cat' }] },
    { id: 'birds', title: 'Birds', items: [{ id: 'owl', text: 'Owl' }] },
  ],
  disruptors: [{ id: 'rock', text: 'Rock' }],
});

const texts = {
  en: { pool: 'Unassigned items', zone: 'Zone', place: 'Place here', evaluate: 'Evaluate', reset: 'Reset answer', back: 'Back to the unassigned items', positive: 'Answered correctly: That is correct.', negative: "Wrong answer: That's not quite right yet.", right: 'assigned correctly', wrong: 'assigned wrongly' },
  de: { pool: 'Nicht zugeordnete Elemente', zone: 'Zone', place: 'Hier ablegen', evaluate: 'Auswerten', reset: 'Antwort zurücksetzen', back: 'Zurück zu den nicht zugeordneten Elementen', positive: 'Richtig beantwortet: Das ist korrekt.', negative: 'Falsche Antwort: Das ist noch nicht ganz richtig.', right: 'richtig zugeordnet', wrong: 'falsch zugeordnet' },
};

describe.each(modes)('assignment question ($name)', ({ lang, strict }) => {
  const text = texts[lang];
  const pool = () => screen.getByRole('group', { name: text.pool });
  const zone = (title: string) => screen.getByRole('group', { name: `${text.zone} ${title}` });

  it('shows the shuffled pool (items plus disruptors) and the zones; Evaluate needs input', () => {
    renderElement(<AssignmentQuestionElement element={element} />, { lang, strict });
    const names = within(pool()).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(seededShuffle(allItems(element), 'assign-1').map((i) => i.text));
    expectVisible(zone('Mammals'));
    expectVisible(zone('Birds'));
    expect(isDisabled(screen.getByRole('button', { name: text.evaluate }))).toBe(true);
  });

  it('select then place with the mouse; evaluate marks each item; reset empties the zones', async () => {
    const { user } = renderElement(<AssignmentQuestionElement element={element} />, { lang, strict });
    for (const [item, target] of [['Cow', 'Mammals'], ['Cat', 'Mammals'], ['Owl', 'Birds']] as const) {
      await user.click(within(pool()).getByRole('button', { name: item }));
      expect(within(pool()).getByRole('button', { name: item }).getAttribute('aria-pressed')).toBe('true');
      await user.click(zone(target)); // a click on the zone area
    }
    expect(within(zone('Mammals')).getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['Cow', 'Cat']));
    expect(within(pool()).getAllByRole('button').map((b) => b.textContent)).toEqual(['Rock']);
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    expect(textOf(screen.getByRole('status'))).toBe(text.positive);
    expectVisible(within(zone('Mammals')).getByRole('button', { name: `Cow: ${text.right}` }));
    expect(isDisabled(within(zone('Mammals')).getByRole('button', { name: `Cow: ${text.right}` }))).toBe(true);
    expect(document.querySelectorAll('[data-result="correct"]')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: text.reset }));
    expect(within(pool()).getAllByRole('button', { name: /Cow|Cat|Owl|Rock/ })).toHaveLength(4);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('works with the keyboard: Enter picks an item, Space places it; a wrong item shows a cross; the pool takes it back', async () => {
    const { user } = renderElement(<AssignmentQuestionElement element={element} />, { lang, strict });
    within(pool()).getByRole('button', { name: 'Rock' }).focus();
    await user.keyboard('{Enter}');
    within(zone('Birds')).getByRole('button', { name: `${text.place}: Birds` }).focus();
    await user.keyboard(' ');
    expectVisible(within(zone('Birds')).getByRole('button', { name: 'Rock' }));
    // The focus went along with the item (the button it was on is disabled now that nothing is selected).
    expect(document.activeElement).toBe(within(zone('Birds')).getByRole('button', { name: 'Rock' }));

    // pick it again and send it back to the pool
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: text.back }).focus();
    await user.keyboard('{Enter}');
    expectVisible(within(pool()).getByRole('button', { name: 'Rock' }));
    expect(document.activeElement).toBe(within(pool()).getByRole('button', { name: 'Rock' }));

    await user.click(within(pool()).getByRole('button', { name: 'Rock' }));
    await user.click(within(zone('Mammals')).getByRole('button', { name: `${text.place}: Mammals` }));
    screen.getByRole('button', { name: text.evaluate }).focus();
    await user.keyboard('{Enter}');
    expect(textOf(screen.getByRole('status'))).toBe(text.negative);
    expect(within(zone('Mammals')).getByRole('button', { name: `Rock: ${text.wrong}` }).querySelector('[data-result="wrong"]')).toBeTruthy();
    // Evaluate turned into Reset answer under the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: text.reset }));
  });
});

describe('assignment drag and drop', () => {
  const hold = (ms: number) => vi.spyOn(performance, 'now').mockReturnValue(1000 + ms);
  const point = { pointerId: 1, isPrimary: true, button: 0 };

  afterEach(() => vi.restoreAllMocks());

  it('drags an item onto a zone after 5 px and 150 ms, and back to the pool; a short press stays a click', async () => {
    const { user } = renderElement(<AssignmentQuestionElement element={element} />);
    const zoneEl = screen.getByRole('group', { name: 'Zone Birds' });
    const poolEl = screen.getByRole('group', { name: 'Unassigned items' });
    let under: Element = zoneEl;
    document.elementFromPoint = () => under;

    const owl = within(poolEl).getByRole('button', { name: 'Owl' });
    hold(0);
    fireEvent.pointerDown(owl, { ...point, clientX: 100, clientY: 100 });
    hold(200);
    fireEvent.pointerMove(window, { ...point, clientX: 103, clientY: 102 }); // under the threshold
    expect(document.querySelector('[data-drag-ghost]')).toBeNull();
    fireEvent.pointerMove(window, { ...point, clientX: 160, clientY: 240 });
    expect(textOf(document.querySelector('[data-drag-ghost]'))).toBe('Owl');
    expect(zoneEl.getAttribute('data-drop-over')).toBe('true');
    fireEvent.pointerUp(window, { ...point, clientX: 160, clientY: 240 });
    expect(document.querySelector('[data-drag-ghost]')).toBeNull();
    expectVisible(within(zoneEl).getByRole('button', { name: 'Owl' }));

    // drag it back to the pool
    under = poolEl;
    const placed = within(zoneEl).getByRole('button', { name: 'Owl' });
    hold(0);
    fireEvent.pointerDown(placed, { ...point, clientX: 160, clientY: 240 });
    hold(300);
    fireEvent.pointerMove(window, { ...point, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(window, { ...point, clientX: 100, clientY: 100 });
    expectVisible(within(poolEl).getByRole('button', { name: 'Owl' }));

    // too quick: moving before 150 ms does not drag
    hold(0);
    fireEvent.pointerDown(within(poolEl).getByRole('button', { name: 'Cow' }), { ...point, clientX: 100, clientY: 100 });
    hold(100);
    fireEvent.pointerMove(window, { ...point, clientX: 200, clientY: 200 });
    expect(document.querySelector('[data-drag-ghost]')).toBeNull();
    fireEvent.pointerUp(window, { ...point, clientX: 200, clientY: 200 });
    await user.click(within(poolEl).getByRole('button', { name: 'Cow' }));
    expect(within(poolEl).getByRole('button', { name: 'Cow' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('ignores other buttons than the primary one', () => {
    renderElement(<AssignmentQuestionElement element={element} />);
    document.elementFromPoint = () => screen.getByRole('group', { name: 'Zone Birds' });
    hold(0);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Owl' }), { ...point, button: 2, clientX: 0, clientY: 0 });
    hold(500);
    fireEvent.pointerMove(window, { ...point, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(window, { ...point, clientX: 100, clientY: 100 });
    expect(within(screen.getByRole('group', { name: 'Zone Birds' })).queryByRole('button', { name: 'Owl' })).toBeNull();
  });

  it('scrolls near the viewport edges', () => {
    expect(autoScrollDelta(10, 800)).toBe(-12);
    expect(autoScrollDelta(400, 800)).toBe(0);
    expect(autoScrollDelta(780, 800)).toBe(12);
    expect(isDragStart(4, 3, 500)).toBe(false);
    expect(isDragStart(6, 0, 149)).toBe(false);
    expect(isDragStart(6, 0, 150)).toBe(true);
  });
});
