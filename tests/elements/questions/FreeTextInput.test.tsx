// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { freeTextMachine, type FeedbackRequest, type FeedbackResult } from '../../../src/kinds/freeText/freeText.machine';
import { FreeTextInputView } from '../../../src/kinds/freeText/FreeTextInput';
import { FreeTextInputElement } from '../../../src/kinds/freeText/FreeTextInput';
import { FreeTextInput } from '../../../model/elements';
import { ElementActor } from '../../../src/elements/static/ElementActor';
import { isDisabled, modes, renderElement, textOf } from './renderElement';
import { expectVisible } from '../../support/visible';

const element = (over: Record<string, unknown> = {}) =>
  FreeTextInput.parse({ id: 'ft-1', modelName: 'FreeTextInput', instructions: { html: '<p>Describe a leaf.</p>' }, ...over });

const texts = {
  en: { answer: 'Your answer', placeholder: 'Insert answer text', evaluate: 'Evaluate', evaluating: 'Evaluating answer...', edit: 'Edit Answer', submitted: 'Answer has been submitted', failed: 'Oops, something went wrong while evaluating your answer. Please try again later.' },
  de: { answer: 'Deine Antwort', placeholder: 'Antworttext eingeben', evaluate: 'Auswerten', evaluating: 'Antwort wird ausgewertet...', edit: 'Antwort bearbeiten', submitted: 'Die Antwort wurde übermittelt', failed: 'Hoppla, beim Auswerten deiner Antwort ist etwas schiefgelaufen. Bitte versuche es später noch einmal.' },
};

/** Renders the view with a feedback call the test controls. */
function withCall(props: { element: FreeTextInput }, call: (request: FeedbackRequest) => Promise<FeedbackResult>) {
  const machine = freeTextMachine.provide({ actors: { generateFeedback: fromPromise<FeedbackResult, FeedbackRequest>(({ input }) => call(input)) } });
  return (
    <ElementActor id={props.element.id} machine={machine} input={{ element: props.element }}>
      {(actor) => <FreeTextInputView element={props.element} actor={actor} />}
    </ElementActor>
  );
}

afterEach(() => vi.restoreAllMocks());

describe.each(modes)('free-text input ($name)', ({ lang, strict }) => {
  const text = texts[lang];

  it('starts with 3 rows and the default placeholder; submit needs text; static feedback; click edits', async () => {
    const { user } = renderElement(<FreeTextInputElement element={element({ feedback: { html: '<p>Compare with the model answer.</p>' } })} />, { lang, strict });
    const area = screen.getByRole('textbox', { name: text.answer }) as HTMLTextAreaElement;
    expect(area.rows).toBe(3);
    expect(area.placeholder).toBe(text.placeholder);
    expect(isDisabled(screen.getByRole('button', { name: text.evaluate }))).toBe(true);

    await user.type(area, 'Green and flat');
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    expect(textOf(screen.getByRole('status'))).toContain(text.submitted);
    expect(textOf(screen.getByRole('status'))).toContain('Compare with the model answer.');
    expect(isDisabled(area)).toBe(true);

    await user.click(area.parentElement!);
    expect(screen.queryByRole('status')).toBeNull();
    expect(isDisabled(area)).toBe(false);
    expect(area.value).toBe('Green and flat');
  });

  it('grows to at most 10 rows', async () => {
    const { user } = renderElement(<FreeTextInputElement element={element({ placeholder: 'Write here' })} />, { lang, strict });
    const area = screen.getByPlaceholderText('Write here') as HTMLTextAreaElement;
    await user.type(area, 'a{Enter}b{Enter}c{Enter}d{Enter}e');
    expect(area.rows).toBe(5);
    await user.type(area, '{Enter}x'.repeat(10));
    expect(area.rows).toBe(10);
  });

  it('generative feedback: busy while evaluating, then shows the generated feedback', async () => {
    let answer: (result: FeedbackResult) => void = () => {};
    const call = vi.fn((_request: FeedbackRequest) => new Promise<FeedbackResult>((resolve) => (answer = resolve)));
    const { user } = renderElement(withCall({ element: element({ useGenerativeFeedback: true }) }, call), { lang, strict });
    await user.type(screen.getByRole('textbox', { name: text.answer }), 'Chlorophyll');
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    const busy = screen.getByRole('button', { name: text.evaluating });
    expect(isDisabled(busy)).toBe(true);
    expect(isDisabled(screen.getByRole('textbox', { name: text.answer }))).toBe(true);
    expect(call).toHaveBeenCalledWith({ userAnswer: 'Chlorophyll', elementId: 'ft-1' });
    answer({ ok: true, feedback: 'Good: chlorophyll makes leaves green.', correct: true });
    await waitFor(() => expect(textOf(screen.getByRole('status'))).toContain('Good: chlorophyll makes leaves green.'));
    expectVisible(screen.getByRole('button', { name: text.edit }));
  });

  it('generative feedback failure: red box, still evaluated', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderElement(withCall({ element: element({ useGenerativeFeedback: true }) }, () => Promise.reject(new Error('503'))), { lang, strict });
    await user.type(screen.getByRole('textbox', { name: text.answer }), 'Something');
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    await waitFor(() => expect(textOf(screen.getByRole('alert'))).toBe(text.failed));
    expect(screen.getByRole('alert').getAttribute('data-feedback')).toBe('error');
    expect(document.querySelector('section')?.getAttribute('data-state')).toBe('evaluated');
    await user.click(screen.getByRole('button', { name: text.edit }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('generative feedback failure: after a reload the red box is still there, and a new try can succeed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const generative = element({ useGenerativeFeedback: true });
    const failing = createActor(freeTextMachine.provide({ actors: { generateFeedback: fromPromise<FeedbackResult, FeedbackRequest>(() => Promise.reject(new Error('503'))) } }), {
      input: { element: generative },
    });
    const saved: Record<string, unknown> = {};
    failing.on('element.changed', (change) => (saved[change.field] = change.value));
    failing.start();
    failing.send({ type: 'answer.change', value: 'Something' });
    failing.send({ type: 'answer.submit' });
    await waitFor(() => expect(failing.getSnapshot().value).toBe('evaluated'));

    // The reload: a new actor from what was saved, as the viewer spawns it (machines/viewer.ts savedStateOf).
    const call = vi.fn(async (): Promise<FeedbackResult> => ({ ok: true, feedback: 'Now it worked.', correct: true }));
    const machine = freeTextMachine.provide({ actors: { generateFeedback: fromPromise<FeedbackResult, FeedbackRequest>(() => call()) } });
    const reloaded = createActor(machine, { input: { element: generative, saved } }).start();
    const { user } = renderElement(<FreeTextInputView element={generative} actor={reloaded} />, { lang, strict });
    expect(textOf(screen.getByRole('alert'))).toBe(text.failed);
    expect(screen.queryByText(text.submitted)).toBeNull();
    await user.click(screen.getByRole('button', { name: text.edit }));
    await user.click(screen.getByRole('button', { name: text.evaluate }));
    await waitFor(() => expect(textOf(screen.getByRole('status'))).toContain('Now it worked.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a static answer restored as evaluated still shows Answer has been submitted', () => {
    const plain = element();
    const actor = createActor(freeTextMachine, { input: { element: plain, saved: { value: 'Mine', evaluated: true } } }).start();
    renderElement(<FreeTextInputView element={plain} actor={actor} />, { lang, strict });
    expectVisible(screen.getByText(text.submitted));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
