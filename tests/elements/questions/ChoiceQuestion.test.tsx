// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChoiceQuestionElement } from '../../../src/kinds/choice/ChoiceQuestion';
import { ChoiceQuestion } from '../../../model/elements';
import { seededShuffle } from '../../../model/seededShuffle';
import { isChecked, isDisabled, modes, renderElement, textOf } from './renderElement';
import { expectVisible } from '../../support/visible';

const question = (over: Record<string, unknown> = {}) =>
  ChoiceQuestion.parse({
    id: 'q1',
    modelName: 'ChoiceQuestion',
    type: 'mc',
    question: '<p>Which numbers are prime?</p>',
    choices: [
      { id: 'two', text: '<p>2</p>', correct: true },
      { id: 'four', text: '<p>4</p>', correct: false },
      { id: 'five', text: '<p>5</p>', correct: true },
    ],
    ...over,
  });

const texts = {
  en: { evaluate: 'Evaluate', edit: 'Edit Answer', positive: 'Answered correctly: That is correct.', negative: "Wrong answer: That's not quite right yet.", neutral: 'A neutral feedback.' },
  de: { evaluate: 'Auswerten', edit: 'Antwort bearbeiten', positive: 'Richtig beantwortet: Das ist korrekt.', negative: 'Falsche Antwort: Das ist noch nicht ganz richtig.', neutral: 'Eine neutrale Rückmeldung.' },
};

describe.each(modes)('choice question ($name)', ({ lang, strict }) => {
  const text = texts[lang];

  it('multiple choice: evaluate a correct answer, see positive feedback, edit resets', async () => {
    const { user } = renderElement(<ChoiceQuestionElement element={question()} />, { lang, strict });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    await user.click(screen.getByRole('checkbox', { name: /^2/ }));
    await user.click(screen.getByRole('checkbox', { name: /^5/ }));
    await user.click(screen.getByRole('button', { name: text.evaluate }));

    expect(textOf(screen.getByRole('status'))).toContain(text.positive);
    for (const box of screen.getAllByRole('checkbox')) expect(isDisabled(box)).toBe(true);
    expect(isChecked(screen.getByRole('checkbox', { name: /^2/ }))).toBe(true);
    // The chosen choices are marked right; the one left out is not marked at all.
    const marked = (result: string) => [...document.querySelectorAll(`[data-result="${result}"]`)].map((mark) => mark.closest('[data-choice-id]')?.getAttribute('data-choice-id')).sort();
    expect(marked('correct')).toEqual(['five', 'two']);
    expect(marked('wrong')).toEqual([]);

    await user.click(screen.getByRole('button', { name: text.edit }));
    expect(screen.queryByRole('status')).toBeNull();
    for (const box of screen.getAllByRole('checkbox')) {
      expect(isDisabled(box)).toBe(false);
      expect(isChecked(box)).toBe(false);
    }
    expectVisible(screen.getByRole('button', { name: text.evaluate }));
  });

  it('multiple choice: after Edit answer, a choice ticked again unticks with the next click', async () => {
    const { user } = renderElement(<ChoiceQuestionElement element={question()} />, { lang, strict });
    await user.click(screen.getByRole('checkbox', { name: /^2/ }));
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    await user.click(screen.getByRole('button', { name: text.edit }));
    await user.click(screen.getByRole('checkbox', { name: /^2/ }));
    expect(isChecked(screen.getByRole('checkbox', { name: /^2/ }))).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /^2/ }));
    expect(isChecked(screen.getByRole('checkbox', { name: /^2/ }))).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /^5/ }));
    await user.click(screen.getByRole('checkbox', { name: /^5/ }));
    expect(screen.getAllByRole('checkbox').map(isChecked)).toEqual([false, false, false]);
  });

  it('by keyboard: the focus stays on the button when Evaluate turns into Edit answer, and back', async () => {
    const { user } = renderElement(<ChoiceQuestionElement element={question()} />, { lang, strict });
    await user.click(screen.getByRole('checkbox', { name: /^2/ }));
    const button = screen.getByRole('button', { name: text.evaluate });
    button.focus();
    await user.keyboard('{Enter}');
    expect(textOf(screen.getByRole('status'))).toContain(text.negative);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: text.edit }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: text.evaluate }));
  });

  it('multiple choice: a wrong answer shows negative feedback and marks only what was chosen; a right choice left out gets no cross', async () => {
    const { user } = renderElement(<ChoiceQuestionElement element={question()} />, { lang, strict });
    await user.click(screen.getByRole('checkbox', { name: /^4/ }));
    await user.click(screen.getByRole('checkbox', { name: /^5/ }));
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    expect(textOf(screen.getByRole('status'))).toContain(text.negative);
    const marked = (result: string) => [...document.querySelectorAll(`[data-result="${result}"]`)].map((mark) => mark.closest('[data-choice-id]')?.getAttribute('data-choice-id'));
    expect(marked('wrong')).toEqual(['four']);
    expect(marked('correct')).toEqual(['five']);
  });

  it('Evaluate waits for a choice: nothing chosen, nothing to evaluate', async () => {
    const { user } = renderElement(<ChoiceQuestionElement element={question()} />, { lang, strict });
    const evaluate = screen.getByRole('button', { name: text.evaluate });
    expect(isDisabled(evaluate)).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /^2/ }));
    expect(isDisabled(evaluate)).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /^2/ }));
    expect(isDisabled(evaluate)).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('single choice: selecting one deselects the other', async () => {
    const { user } = renderElement(<ChoiceQuestionElement element={question({ type: 'sc' })} />, { lang, strict });
    await user.click(screen.getByRole('radio', { name: /^2/ }));
    await user.click(screen.getByRole('radio', { name: /^5/ }));
    expect(isChecked(screen.getByRole('radio', { name: /^2/ }))).toBe(false);
    expect(isChecked(screen.getByRole('radio', { name: /^5/ }))).toBe(true);
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    expect(textOf(screen.getByRole('status'))).toContain(text.negative);
    for (const radio of screen.getAllByRole('radio')) expect(isDisabled(radio)).toBe(true);
  });

  it('neutral feedback (no choice marked right or wrong), custom submit text and custom feedback html', async () => {
    const { user, unmount } = renderElement(<ChoiceQuestionElement element={question({ useNeutralFeedback: true, submitText: 'Check it' })} />, { lang, strict });
    await user.click(screen.getByRole('checkbox', { name: /^4/ }));
    await user.click(screen.getByRole('button', { name: 'Check it' }));
    expect(textOf(screen.getByRole('status'))).toContain(text.neutral);
    expect(document.querySelectorAll('[data-result]')).toHaveLength(0);
    unmount();
    renderElement(<ChoiceQuestionElement element={question({ feedbackNegative: '<p>Look again at <b>4</b>.</p>' })} />, { lang, strict });
    await user.click(screen.getByRole('checkbox', { name: /^4/ }));
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    const status = screen.getByRole('status');
    expect(textOf(status)).toContain(lang === 'en' ? 'Wrong answer: Look again at 4.' : 'Falsche Antwort: Look again at 4.');
    expect(within(status).getByText('4').tagName).toBe('B');
  });
});

describe('choice question order', () => {
  it('randomizeOrder shuffles once, stable per element id', () => {
    const element = question({ randomizeOrder: true, choices: Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, text: `Option ${i}`, correct: i === 0 })) });
    const { unmount } = renderElement(<ChoiceQuestionElement element={element} />);
    const order = screen.getAllByRole('checkbox').map((box) => box.closest('[data-choice-id]')?.getAttribute('data-choice-id'));
    expect(order).toEqual(seededShuffle(element.choices, 'q1').map((c) => c.id));
    expect(order).not.toEqual(element.choices.map((c) => c.id));
    unmount();
    renderElement(<ChoiceQuestionElement element={element} />);
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('[data-choice-id]')?.getAttribute('data-choice-id'))).toEqual(order);
  });
});
