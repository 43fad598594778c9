// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { barrierMachine } from '../../../src/kinds/barrier/barrier.machine';
import { BarrierElement, BarrierView, blockingLabel } from '../../../src/kinds/barrier/Barrier';
import { Barrier } from '../../../model/elements';
import { isDisabled, modes, renderElement, textOf } from './renderElement';
import { expectVisible } from '../../support/visible';

const element = (over: Record<string, unknown> = {}) =>
  Barrier.parse({ id: 'barrier-1', modelName: 'Barrier', content: '<p>Finish the quiz first.</p>', unlockedContent: '<p>Well done, go on.</p>', ...over });

const texts = {
  en: { continue: 'Continue', ready: 'Press the button to continue', locked: 'Learning content above not yet completed' },
  de: { continue: 'Weiter', ready: 'Drücke die Schaltfläche, um fortzufahren', locked: 'Der obenstehende Lerninhalt ist noch nicht abgeschlossen' },
};

describe.each(modes)('barrier ($name)', ({ lang, strict }) => {
  const text = texts[lang];

  it('is locked until the viewer reports the condition; Continue then unlocks and shows the unlocked content', async () => {
    const actor = createActor(barrierMachine, { input: { element: element() } }).start();
    const { user } = renderElement(<BarrierView element={element()} actor={actor} />, { lang, strict });
    expectVisible(screen.getByText('Finish the quiz first.'));
    expect(isDisabled(screen.getByRole('button', { name: text.continue }))).toBe(true);
    expectVisible(screen.getByText(text.locked));

    act(() => actor.send({ type: 'barrier.condition', met: true }));
    expect(isDisabled(screen.getByRole('button', { name: text.continue }))).toBe(false);
    expectVisible(screen.getByText(text.ready));

    await user.click(screen.getByRole('button', { name: text.continue }));
    expect(actor.getSnapshot().value).toBe('unlocked');
    expect(screen.queryByRole('button', { name: text.continue })).toBeNull();
    expect(textOf(screen.getByRole('status'))).toBe('Well done, go on.');
    // The text asking to finish first goes with the lock: the unlocked text replaces it.
    expect(screen.queryByText('Finish the quiz first.')).toBeNull();
  });

  it('restored unlocked, it shows only the unlocked content', () => {
    const actor = createActor(barrierMachine, { input: { element: element(), saved: { unlocked: true } } }).start();
    renderElement(<BarrierView element={element()} actor={actor} />, { lang, strict });
    expect(screen.queryByText('Finish the quiz first.')).toBeNull();
    expect(screen.queryByText(text.locked)).toBeNull();
    expect(textOf(screen.getByRole('status'))).toBe('Well done, go on.');
  });

  it('uses the button label of the element', () => {
    renderElement(<BarrierElement element={element({ buttonLabel: 'I am ready' })} />, { lang, strict });
    expect(isDisabled(screen.getByRole('button', { name: 'I am ready' }))).toBe(true);
  });
});

describe('the list of what still blocks a barrier', () => {
  it('names kind and title, and the title alone where it starts with its kind', () => {
    expect(blockingLabel('Lernpfad', 'Lernpfad: Der Weg des Wassers')).toBe('Lernpfad: Der Weg des Wassers');
    expect(blockingLabel('Learning path', 'learning path – rivers')).toBe('learning path – rivers');
    expect(blockingLabel('Kapitel', 'Der Wasserkreislauf')).toBe('Kapitel: Der Wasserkreislauf');
    // A title that only begins with the same letters still gets its kind.
    expect(blockingLabel('Kapitel', 'Kapitelübersicht')).toBe('Kapitel: Kapitelübersicht');
    expect(blockingLabel('Auswahlfrage', '')).toBe('Auswahlfrage');
  });
});
