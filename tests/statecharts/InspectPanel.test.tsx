// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createI18n } from '../../i18n';
import { mountInspectPanel } from '../../src/viewer/InspectPanel';
import { createInspector, formatStateValue, LiveActors } from '../../src/viewer/inspector';
import { compoundMachine, parallelMachine } from './fixtureMachines';
import { expectVisible } from '../support/visible';

describe('state values for people', () => {
  it('joins the active paths of nested and parallel states', () => {
    expect(formatStateValue('open')).toBe('open');
    expect(formatStateValue({ closed: 'locked' })).toBe('closed.locked');
    expect(formatStateValue({ slides: {}, autoplay: { playing: 'waiting' } })).toBe('autoplay.playing.waiting, slides');
  });
});

describe('inspect panel (?inspect=1)', () => {
  it('lists the live actors with their current state, follows every change and drops stopped actors', async () => {
    createI18n('en');
    const live = new LiveActors();
    const inspect = createInspector({ live });
    const door = createActor(compoundMachine, { id: 'door-1', inspect }).start();
    const player = createActor(parallelMachine, { id: 'player-1', inspect }).start();
    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mountInspectPanel(live);
    });

    const panel = screen.getByRole('complementary', { name: 'Live actors' });
    expectVisible(within(panel).getByText('Live actors (2)'));
    const row = (id: string) => panel.querySelector(`tr[data-actor-id="${id}"]`)!;
    expect(row('door-1').getAttribute('data-state')).toBe('closed.unlocked');
    expectVisible(within(row('door-1') as HTMLElement).getByText('door'));
    expect(row('player-1').getAttribute('data-state')).toBe('picture.dark, sound.muted');

    await act(async () => {
      door.send({ type: 'door.open' });
      player.send({ type: 'sound.toggle' });
    });
    expect(row('door-1').getAttribute('data-state')).toBe('open');
    expect(row('player-1').textContent).toContain('picture.dark, sound.audible');

    await act(async () => player.stop());
    expect(panel.querySelector('tr[data-actor-id="player-1"]')).toBeNull();
    expectVisible(within(panel).getByText('Live actors (1)'));

    act(() => unmount());
    expect(screen.queryByTestId('inspect-panel')).toBeNull();
    door.stop();
  });

  it('speaks German too', async () => {
    createI18n('de');
    const live = new LiveActors();
    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mountInspectPanel(live);
    });
    expectVisible(screen.getByRole('complementary', { name: 'Live-Akteure' }));
    expectVisible(screen.getByText('Keine Akteure aktiv.'));
    act(() => unmount());
  });
});
