// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClozeQuestionElement } from '../../../src/kinds/cloze/ClozeQuestion';
import { ClozeQuestion } from '../../../model/elements';
import { isDisabled, modes, renderElement, textOf } from './renderElement';

const element = ClozeQuestion.parse({
  id: 'cloze-1',
  modelName: 'ClozeQuestion',
  question: '<p>Complete the sentence.</p>',
  content: [
    {
      type: 'p',
      children: [
        { text: 'The capital of ' },
        { text: 'Switzerland', bold: true },
        { text: ' is ' },
        { type: 'gap', id: 'g1', mode: 'textinput', solutions: [{ text: 'Bern', correct: true }, { text: 'Zürich', correct: false }], children: [{ text: '' }] },
        { text: ', its flag is ' },
        { type: 'gap', id: 'g2', mode: 'dropdown', solutions: [{ text: 'red', correct: true }, { text: 'blue', correct: false }, { text: 'green', correct: false }], children: [{ text: '' }] },
        { text: '.' },
      ],
    },
  ],
});

const texts = {
  en: { gap: 'Gap', evaluate: 'Evaluate', edit: 'Edit Answer', positive: 'Answered correctly: That is correct.', negative: "Wrong answer: That's not quite right yet." },
  de: { gap: 'Lücke', evaluate: 'Auswerten', edit: 'Antwort bearbeiten', positive: 'Richtig beantwortet: Das ist korrekt.', negative: 'Falsche Antwort: Das ist noch nicht ganz richtig.' },
};

describe.each(modes)('cloze question ($name)', ({ lang, strict }) => {
  const text = texts[lang];

  it('renders the text with its gaps inline; the dropdown lists every solution', () => {
    renderElement(<ClozeQuestionElement element={element} />, { lang, strict });
    const paragraph = screen.getByRole('textbox', { name: `${text.gap} 1` }).closest('p');
    expect(textOf(paragraph)).toContain('The capital of Switzerland is');
    expect(screen.getByText('Switzerland').className).toContain('font-bold');
    const select = screen.getByRole('combobox', { name: `${text.gap} 2` }) as HTMLSelectElement;
    expect([...select.options].slice(1).map((o) => o.value).sort()).toEqual(['blue', 'green', 'red']);
    expect(isDisabled(screen.getByRole('button', { name: text.evaluate }))).toBe(true);
  });

  it('a correct answer (any case, trimmed) gives positive feedback; edit clears the gaps', async () => {
    const { user } = renderElement(<ClozeQuestionElement element={element} />, { lang, strict });
    await user.type(screen.getByRole('textbox', { name: `${text.gap} 1` }), '  bERN ');
    await user.selectOptions(screen.getByRole('combobox', { name: `${text.gap} 2` }), 'red');
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    expect(textOf(screen.getByRole('status'))).toBe(text.positive);
    expect(isDisabled(screen.getByRole('textbox', { name: `${text.gap} 1` }))).toBe(true);
    expect(isDisabled(screen.getByRole('combobox', { name: `${text.gap} 2` }))).toBe(true);
    expect(document.querySelectorAll('[data-result="correct"][data-gap-index]')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: text.edit }));
    expect((screen.getByRole('textbox', { name: `${text.gap} 1` }) as HTMLInputElement).value).toBe('');
    expect(isDisabled(screen.getByRole('textbox', { name: `${text.gap} 1` }))).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a wrong gap gives negative feedback and is marked wrong', async () => {
    const { user } = renderElement(<ClozeQuestionElement element={element} />, { lang, strict });
    await user.type(screen.getByRole('textbox', { name: `${text.gap} 1` }), 'Zürich');
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    expect(textOf(screen.getByRole('status'))).toBe(text.negative);
    expect(document.querySelector('[data-gap-index="0"]')?.getAttribute('data-result')).toBe('wrong');
    expect(document.querySelector('[data-gap-index="1"]')?.getAttribute('data-result')).toBe('wrong');
  });
});
