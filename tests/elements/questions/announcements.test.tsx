// @vitest-environment jsdom
import { virtual } from '@guidepup/virtual-screen-reader';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Material } from '../../../model/material';
import { renderInViewer } from './renderElement';
import { ANNOUNCE_DELAY_MS } from '../../../src/ui/liveAnnouncer';
import { spokenSince } from '../../support/spokenPhrases';
import { shellContentHtml } from '../../../server/pages/shellContent';
import { forgetEarlyAnswers, listenForEarlyAnswers } from '../../../src/elements/early/earlyAnswers';

const material = Material.parse({
  modelName: 'Material',
  id: 'm1',
  publicId: 'm1',
  title: 'Material',
  content: [
    {
      modelName: 'ChoiceQuestion', id: 'q1', type: 'sc', question: '<p>Pick one</p>',
      choices: [{ id: 'yes', text: 'Yes', correct: true }, { id: 'no', text: 'No', correct: false }],
    },
    { modelName: 'Barrier', id: 'b1', content: '<p>Stop</p>' },
    { modelName: 'Text', id: 't1', content: { html: '<h2>Behind the barrier</h2>' } },
  ],
});

afterEach(async () => {
  await virtual.stop();
  document.getElementById('shell')?.remove();
  forgetEarlyAnswers();
});

/** What the virtual screen reader said since the last call. */
const heard = spokenSince();
const settle = () => new Promise((resolve) => setTimeout(resolve, ANNOUNCE_DELAY_MS + 50));

describe('what a screen reader hears (a virtual screen reader reading the accessibility tree)', () => {
  it('the result of an evaluation, once, when the learner evaluates; and the barrier that opens', async () => {
    const { user } = renderInViewer({ material });
    await virtual.start({ container: document.body });
    await heard();
    await user.click(screen.getByRole('radio', { name: /No/ }));
    await user.click(screen.getByRole('button', { name: 'Evaluate' }));
    await settle();
    const said = await heard();
    expect(said.filter((line) => line.startsWith('polite:'))).toEqual(["polite: Wrong answer: That's not quite right yet."]);

    await user.click(screen.getByRole('button', { name: 'Edit Answer' }));
    await user.click(screen.getByRole('radio', { name: /Yes/ }));
    await user.click(screen.getByRole('button', { name: 'Evaluate' }));
    await settle();
    expect((await heard()).filter((line) => line.startsWith('polite:'))).toEqual(['polite: Answered correctly: That is correct.']);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await settle();
    expect((await heard()).filter((line) => line.startsWith('polite:'))).toEqual(['polite: New content unlocked: Behind the barrier']);
  });

  it('a result restored with the page is not announced', async () => {
    await virtual.start({ container: document.body });
    await heard();
    renderInViewer({ material, saved: { q1: { selected: ['yes'], evaluated: true } } });
    expect(screen.getByRole('status').textContent).toContain('Answered correctly');
    await settle();
    expect((await heard()).filter((line) => line.startsWith('polite:'))).toEqual([]);
  });

  it('an answer given in the server’s early form is heard once, and not again when the app takes it over', async () => {
    const shell = document.createElement('div');
    shell.id = 'shell';
    shell.innerHTML = await shellContentHtml(material.content.slice(0, 1), 'en');
    document.body.append(shell);
    listenForEarlyAnswers(document);
    await virtual.start({ container: document.body });
    await heard();
    const no = shell.querySelector<HTMLInputElement>('input[value="no"]')!;
    no.click();
    shell.querySelector<HTMLButtonElement>('[data-early-button]')!.click();
    await settle();
    expect((await heard()).filter((line) => line.startsWith('polite:'))).toEqual(["polite: Wrong answer: That's not quite right yet."]);

    shell.remove();
    const { viewer } = renderInViewer({ material });
    expect(screen.getByRole('status').textContent).toContain('Wrong answer');
    expect(viewer.getSnapshot().context.saved.q1).toEqual({ selected: ['no'], evaluated: true, progress: 1 });
    await settle();
    expect((await heard()).filter((line) => line.startsWith('polite:'))).toEqual([]);
  });
});
