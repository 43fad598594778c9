// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { barrierMachine } from '../../../machines/elements/barrier';
import { BarrierElement, BarrierView } from '../../../src/elements/barrier/Barrier';
import { Barrier } from '../../../src/model/elements';
import { isDisabled, modes, renderElement, textOf } from './renderElement';

const element = (over: Record<string, unknown> = {}) =>
  Barrier.parse({ id: 'barrier-1', modelName: 'Barrier', content: '<p>Finish the quiz first.</p>', unlockedContent: '<p>Well done, go on.</p>', ...over });

const texts = {
  en: { continue: 'Continue', ready: 'Press the button to continue', locked: 'Learning content above not yet completed' },
  de: { continue: 'Weiter', ready: 'Drücken Sie den Button, um fortzufahren', locked: 'Der obenstehende Lerninhalt ist noch nicht abgeschlossen' },
};

describe.each(modes)('barrier ($name)', ({ lang, strict }) => {
  const text = texts[lang];

  it('is locked until the viewer reports the condition; Continue then unlocks and shows the unlocked content', async () => {
    const actor = createActor(barrierMachine, { input: { element: element() } }).start();
    const { user } = renderElement(<BarrierView element={element()} actor={actor} />, { lang, strict });
    expect(textOf(screen.getByText('Finish the quiz first.'))).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: text.continue }))).toBe(true);
    expect(screen.getByText(text.locked)).toBeTruthy();

    act(() => actor.send({ type: 'barrier.condition', met: true }));
    expect(isDisabled(screen.getByRole('button', { name: text.continue }))).toBe(false);
    expect(screen.getByText(text.ready)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: text.continue }));
    expect(actor.getSnapshot().value).toBe('unlocked');
    expect(screen.queryByRole('button', { name: text.continue })).toBeNull();
    expect(textOf(screen.getByRole('status'))).toBe('Well done, go on.');
  });

  it('uses the button label of the element', () => {
    renderElement(<BarrierElement element={element({ buttonLabel: 'I am ready' })} />, { lang, strict });
    expect(isDisabled(screen.getByRole('button', { name: 'I am ready' }))).toBe(true);
  });
});
