// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Material } from '../../../model/material';
import { EARLY } from '../../../paint/earlyAttributes';
import { shellContentHtml } from '../../../server/pages/shellContent';
import { forgetEarlyAnswers, listenForEarlyAnswers } from '../../../src/elements/early/earlyAnswers';
import { forgetPresses, listenForStandInPresses } from '../../../src/elements/dormant/pressReplay';
import { renderInViewer } from './renderElement';

/*
 * A press on a control of an early form (the server's paint of a choice question) whose element replaces
 * the form between the pointer's press and its release: the browser sends no click (the node pressed is
 * gone), and the press is replayed on the element's control with the same press key. Found by the bench
 * with presses of 80 ms on a long page, whose list renders its chunks while the learner reads.
 */

const material = Material.parse({
  modelName: 'Material', id: 'm1', publicId: 'm1', title: 'Material',
  content: [{
    modelName: 'ChoiceQuestion', id: 'q1', type: 'sc', question: '<p>Pick one</p>',
    choices: [{ id: 'yes', text: 'Yes', correct: true }, { id: 'no', text: 'No', correct: false }],
  }],
});

beforeAll(() => {
  listenForStandInPresses(document);
  listenForEarlyAnswers(document);
});
afterEach(() => {
  document.getElementById('shell')?.remove();
  forgetPresses();
  forgetEarlyAnswers();
  localStorage.clear();
});

/** The question as the server draws it, in the page's shell. */
async function drawShell(): Promise<HTMLElement> {
  const shell = document.createElement('div');
  shell.id = 'shell';
  shell.innerHTML = await shellContentHtml(material.content, 'en');
  document.body.append(shell);
  return shell;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const earlyChoice = (shell: HTMLElement, id: string) => shell.querySelector<HTMLInputElement>(`[${EARLY.form}] input[value="${id}"]`)!;
const earlyButton = (shell: HTMLElement) => shell.querySelector<HTMLButtonElement>(`[${EARLY.button}]`)!;

describe('a press on an early form that its element replaces under the pointer', () => {
  it('Evaluate: the element evaluates the answer ticked in the form, once', async () => {
    const shell = await drawShell();
    earlyChoice(shell, 'yes').click();
    fireEvent.pointerDown(earlyButton(shell));
    shell.remove();
    const { viewer } = renderInViewer({ material });
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Evaluate' }));
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Answered correctly');
    expect(viewer.getSnapshot().context.saved.q1).toMatchObject({ selected: ['yes'], evaluated: true });
  });

  it('a choice: the element ticks it', async () => {
    const shell = await drawShell();
    fireEvent.pointerDown(earlyChoice(shell, 'no').closest('label')!);
    shell.remove();
    const { viewer } = renderInViewer({ material });
    fireEvent.pointerUp(screen.getByRole('radio', { name: 'No' }));
    await settle();
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    expect(viewer.getSnapshot().context.saved.q1).toMatchObject({ selected: ['no'] });
  });

  it('Evaluate while disabled (nothing ticked yet) is no press: not replayed on the element, whose answer is ticked', async () => {
    const shell = await drawShell();
    expect(earlyButton(shell).disabled).toBe(true);
    fireEvent.pointerDown(earlyButton(shell));
    shell.remove();
    fireEvent.pointerUp(document.body);
    await settle();
    const { viewer } = renderInViewer({ material, saved: { q1: { selected: ['yes'], evaluated: false } } });
    await settle();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toContain('Evaluate');
    expect(viewer.getSnapshot().context.saved.q1?.evaluated).toBe(false);
  });

  it('not replaced: the form answers the press itself, and the element takes the answer over without a second press', async () => {
    const shell = await drawShell();
    earlyChoice(shell, 'yes').click();
    fireEvent.pointerDown(earlyButton(shell));
    fireEvent.pointerUp(earlyButton(shell));
    earlyButton(shell).click();
    await settle();
    shell.remove();
    const { viewer } = renderInViewer({ material });
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Answered correctly');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toContain('Edit Answer');
    expect(viewer.getSnapshot().context.saved.q1).toMatchObject({ selected: ['yes'], evaluated: true });
  });
});
