// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { shellContentHtml } from '../../server/pages/shellContent';
import { EARLY, listenForEarlyAnswers, takeEarlyAnswer } from '../../src/elements/early/earlyAnswers';
import { ContentElement } from '../../model/elements';

/*
 * The early form of a choice question (src/kinds/choice/ChoiceEarlyForm.tsx, drawn by the server) and
 * its listeners (src/elements/early/earlyAnswers.ts), before any app: what a press does, what is kept.
 */

const question = ContentElement.parse({
  modelName: 'ChoiceQuestion', id: 'eq', type: 'mc', question: '<p>Was spart Wasser?</p>',
  choices: [{ id: 'eq-a', text: 'Sparduschkopf', correct: true }, { id: 'eq-b', text: 'Baden', correct: false }, { id: 'eq-c', text: 'Spartaste', correct: true }],
});

describe('an early form', () => {
  it('keeps choices ticked before its listeners came, offers Evaluate, and marks and says the result', async () => {
    document.body.innerHTML = await shellContentHtml([question], 'de');
    const form = document.querySelector(`[${EARLY.form}]`)!;
    const input = (id: string) => form.querySelector<HTMLInputElement>(`input[value="${id}"]`)!;
    const button = form.querySelector<HTMLButtonElement>(`[${EARLY.button}]`)!;
    // Ticked while the page's entry was still on its way: no listener saw it.
    input('eq-a').click();
    expect(input('eq-a').checked).toBe(true);
    expect(input('eq-a').getAttribute('autocomplete')).toBe('off');
    expect(button.disabled).toBe(true);

    listenForEarlyAnswers(document);
    expect(button.disabled).toBe(false);
    input('eq-b').click();
    button.click();
    const box = form.querySelector('[data-feedback]')!;
    expect(box.getAttribute('data-feedback')).toBe('negative');
    expect(box.textContent).toContain('Falsche Antwort:');
    expect(button.textContent).toBe('Antwort bearbeiten');
    expect([...form.querySelectorAll('input')].map((i) => i.disabled)).toEqual([true, true, true]);
    // Marked: the two ticked choices (one right, one wrong), not the right one left out.
    expect([...form.querySelectorAll(`[${EARLY.mark}]:not([hidden]) [data-result]`)].map((m) => m.getAttribute('data-result'))).toEqual(['correct', 'wrong']);
    expect(takeEarlyAnswer('eq')).toEqual({ selected: ['eq-a', 'eq-b'], evaluated: true });
    // Handed over once.
    expect(takeEarlyAnswer('eq')).toBeUndefined();

    // Edit: everything as it was drawn; the answer kept is an empty one.
    button.click();
    expect(form.querySelector('[data-feedback]')).toBeNull();
    expect(button.textContent).toBe('Auswerten');
    expect(button.disabled).toBe(true);
    expect([...form.querySelectorAll('input')].map((i) => `${i.checked}:${i.disabled}`)).toEqual(['false:false', 'false:false', 'false:false']);
    expect(form.querySelectorAll(`[${EARLY.mark}]:not([hidden])`)).toHaveLength(0);
    expect(takeEarlyAnswer('eq')).toEqual({ selected: [], evaluated: false });
  });
});
