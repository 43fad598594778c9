import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { logoutMachine, type LogoutEvent } from '../../machines/logout';
import { describeModelWalk, settle, settledByHand, type Harness } from './settledByHand';

function harness(): Harness<typeof logoutMachine> & { saves: { resolve: () => void; reject: (error: unknown) => void }[]; logouts: { resolve: () => void; reject: (error: unknown) => void }[] } {
  const saves = settledByHand();
  const logouts = settledByHand();
  const effects: string[] = [];
  const machine = logoutMachine.provide({
    actions: { reloadPage: () => effects.push('reload'), notifyFailed: () => effects.push('toast') },
    actors: { savePending: saves.logic, logOut: logouts.logic },
  });
  return { machine, calls: { savePending: saves.calls, logOut: logouts.calls }, effects, saves: saves.calls, logouts: logouts.calls };
}

describe('logout machine behaviour', () => {
  it('saves what is pending, then logs out and reloads', async () => {
    const h = harness();
    const actor = createActor(h.machine).start();
    expect(actor.getSnapshot().value).toBe('loggedIn');
    actor.send({ type: 'logout.request' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(h.logouts).toHaveLength(0);
    h.saves[0].resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('loggingOut');
    h.logouts[0].resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().status).toBe('done');
    expect(h.effects).toEqual(['reload']);
  });

  it('logs out even when the pending changes could not be saved in time', async () => {
    const h = harness();
    const actor = createActor(h.machine).start();
    actor.send({ type: 'logout.request' });
    h.saves[0].reject(new Error('timed out'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loggingOut');
  });

  it('a failed logout is told once, the user stays logged in and may try again; a second request meanwhile does nothing', async () => {
    const h = harness();
    const actor = createActor(h.machine).start();
    actor.send({ type: 'logout.request' });
    actor.send({ type: 'logout.request' });
    expect(h.saves).toHaveLength(1);
    h.saves[0].resolve();
    await settle();
    h.logouts[0].reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(h.effects).toEqual(['toast']);
    actor.send({ type: 'logout.request' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(h.saves).toHaveLength(2);
  });
});

const SAVED = 'xstate.done.actor.savePending';
const NOT_SAVED = 'xstate.error.actor.savePending';
const LOGGED_OUT = 'xstate.done.actor.logOut';
const FAILED = 'xstate.error.actor.logOut';

describeModelWalk('logout', logoutMachine, {
  harness,
  events: [
    { type: 'logout.request' },
    { type: SAVED, output: undefined },
    { type: NOT_SAVED, error: new Error('timed out') },
    { type: LOGGED_OUT, output: undefined },
    { type: FAILED, error: new TypeError('Failed to fetch') },
  ] as unknown as LogoutEvent[],
  model: {
    loggedIn: { 'logout.request': 'saving' },
    saving: { [SAVED]: 'loggingOut', [NOT_SAVED]: 'loggingOut' },
    loggingOut: { [LOGGED_OUT]: 'loggedOut', [FAILED]: 'failed' },
    failed: { 'logout.request': 'saving' },
    loggedOut: {},
  },
  effectOf: { [`loggingOut ${LOGGED_OUT}`]: 'reload', [`loggingOut ${FAILED}`]: 'toast' },
});
