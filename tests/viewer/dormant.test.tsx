// @vitest-environment jsdom
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DORMANT_FROM_ELEMENTS } from '../../src/elements/dormant/dormantContent';
import { listenForStandInPresses } from '../../src/elements/dormant/pressReplay';
import { preloadElementComponents } from '../../src/elements/registry';
import { loadQuestionTexts } from '../../i18n/questionTexts';
import { Material } from '../../model/material';
import { IntersectionObserverDouble } from '../setup';
import { renderMaterialPage } from '../support/materialPage';
import { expectVisible } from '../support/visible';

/*
 * On a long page, interactive elements mount as a stand-in (their text, a tab stop) and wake when
 * they come near the viewport, are reached by keyboard, are the scrollTo target or the page is
 * printed; only then does the viewer spawn their actor. Short pages are awake throughout.
 */

const choice = (id: string, question: string) => ({
  id, modelName: 'ChoiceQuestion', type: 'sc', question: `<p>${question}</p>`,
  choices: [{ id: `${id}-a`, text: 'Grundwasser', correct: true }, { id: `${id}-b`, text: 'Wolke', correct: false }],
});
const text = (id: string) => ({ id, modelName: 'Text', content: { html: `<p>Absatz ${id}</p>` } });

/** `size` elements: texts, with questions at the start (first screen), in the middle and near the end, and code. */
function longMaterial(size: number) {
  const content: unknown[] = Array.from({ length: size }, (_, i) => text(`t${i}`));
  content[2] = choice('q-first', 'Frage am Anfang');
  content[60] = choice('q-middle', 'Frage in der Mitte');
  content[size - 5] = choice('q-end', 'Woher kommt das Trinkwasser am Ende?');
  content[size - 3] = { id: 'code-end', modelName: 'Code', content: 'const wasser = "sauber";', mode: 'javascript' };
  return Material.parse({ modelName: 'Material', id: 'long', publicId: 'long', title: 'Lange Seite', content });
}

beforeAll(() => Promise.all([preloadElementComponents(), loadQuestionTexts()]));
beforeEach(() => localStorage.clear());

const at = (id: string) => document.getElementById(id)!;
const standIn = (id: string) => at(id).querySelector<HTMLElement>('[data-dormant]');
const awake = (id: string) => within(at(id)).queryAllByRole('radio').length > 0;

/** The observer that watches a stand-in (the page shares one), to say it came near the viewport. */
function observerOf(target: Element) {
  const observer = [...IntersectionObserverDouble.instances].find((candidate) => candidate.targets.has(target));
  if (!observer) throw new Error('nothing observes the stand-in');
  return observer;
}

async function renderLong(search = '') {
  const view = renderMaterialPage(longMaterial(DORMANT_FROM_ELEMENTS + 10), search);
  // The list mounts in chunks, one per task: on a busy machine that takes longer than waitFor's default second.
  await waitFor(() => expect(document.getElementById('code-end')).not.toBeNull(), { timeout: 15_000 });
  return view;
}

describe('interactive elements on a long page', () => {
  it('the first screen is awake; further down a stand-in shows the text, with no widget yet', async () => {
    await renderLong();
    expect(awake('q-first')).toBe(true);
    expect(standIn('q-first')).toBeNull();
    for (const id of ['q-middle', 'q-end']) {
      expect(awake(id)).toBe(false);
      expect(standIn(id)).not.toBeNull();
    }
    // Its text can be read, searched and printed before it wakes.
    expect(standIn('q-end')!.textContent).toContain('Woher kommt das Trinkwasser am Ende?');
    expect(standIn('q-end')!.textContent).toContain('Grundwasser');
    expect(standIn('code-end')!.textContent).toContain('const wasser = "sauber";');
  });

  it('wakes when it comes near the viewport, with its actor', async () => {
    await renderLong();
    const stand = standIn('q-middle')!;
    act(() => observerOf(stand).simulate(stand, true));
    // Waking loads the question's chunk: under load (CI, other suites) that takes longer than waitFor's default second.
    await waitFor(() => expect(awake('q-middle')).toBe(true), { timeout: 10_000 });
    expect(standIn('q-middle')).toBeNull();
    // Its actor works: answering shows the feedback.
    const question = within(at('q-middle'));
    act(() => question.getByRole('radio', { name: 'Grundwasser' }).click());
    act(() => question.getByRole('button', { name: 'Auswerten' }).click());
    await waitFor(() => expectVisible(question.getByText('Richtig beantwortet:', { exact: false })), { timeout: 10_000 });
  });

  it('is a tab stop: reached by keyboard it wakes and focus moves to its first control', async () => {
    await renderLong();
    const stand = standIn('q-end')!;
    expect(stand.tabIndex).toBe(0);
    act(() => stand.focus());
    await waitFor(() => expect(awake('q-end')).toBe(true), { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement?.closest('[id="q-end"]')).not.toBeNull(), { timeout: 10_000 });
    expect(document.activeElement?.getAttribute('type')).toBe('radio');
  });

  it('a choice pressed on its stand-in is ticked once the question shows, once', async () => {
    listenForStandInPresses(document);
    await renderLong();
    const part = standIn('q-end')!.querySelector('[data-press]')!;
    expect(part.textContent).toBe('Grundwasser');
    // The pointer goes down on the stand-in, which wakes; its release and click land on the element's frame.
    act(() => void fireEvent.pointerDown(part));
    fireEvent.pointerUp(at('q-end'));
    fireEvent.click(at('q-end'));
    await waitFor(() => expect(awake('q-end')).toBe(true), { timeout: 10_000 });
    const radio = (name: string) => within(at('q-end')).getByRole<HTMLInputElement>('radio', { name });
    await waitFor(() => expect(radio('Grundwasser').checked).toBe(true));
    expect(radio('Wolke').checked).toBe(false);
  });

  it('the scrollTo target is awake from the start', async () => {
    await renderLong('?scrollTo=q-end');
    expect(awake('q-end')).toBe(true);
    expect(awake('q-middle')).toBe(false);
  });

});

describe('interactive elements on a page that is not long', () => {
  it('beyond the first screen start as stand-ins and stay so while the browser is idle, waking when they come near', async () => {
    renderMaterialPage(longMaterial(DORMANT_FROM_ELEMENTS - 10));
    await waitFor(() => expect(document.getElementById('code-end')).not.toBeNull());
    expect(awake('q-first')).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(standIn('q-middle')).not.toBeNull();
    expect(standIn('q-end')).not.toBeNull();
  });
});

describe('stand-ins on a long page', () => {
  it('do not wake when the browser is idle (memory follows what the learner has seen)', async () => {
    await renderLong();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(standIn('q-middle')).not.toBeNull();
    expect(standIn('q-end')).not.toBeNull();
  });
});

describe('printing', () => {
  // Last in the file: after printing the page stays whole (the scheduler remembers it).
  it('printing wakes every element first', async () => {
    await renderLong();
    expect(document.querySelectorAll('[data-dormant]').length).toBeGreaterThan(0);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(document.querySelectorAll('[data-dormant]')).toHaveLength(0);
    expect(awake('q-end')).toBe(true);
  });
});
