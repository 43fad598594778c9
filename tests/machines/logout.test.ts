import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { logoutMachine, type LogoutEvent } from '../../machines/logout';
import { pathsOf, printStats, runPath } from './walkMachine';

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

type Call = { resolve: () => void; reject: (error: unknown) => void };

function harness() {
  const saves: Call[] = [];
  const logouts: Call[] = [];
  const effects: string[] = [];
  const pending = (calls: Call[]) => fromPromise<void, void>(() => new Promise<void>((resolve, reject) => calls.push({ resolve, reject })));
  const machine = logoutMachine.provide({
    actions: { reloadPage: () => effects.push('reload'), notifyFailed: () => effects.push('toast') },
    actors: { savePending: pending(saves), logOut: pending(logouts) },
  });
  return { machine, saves, logouts, effects };
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

/** The model: where each event leads from each state (events not listed change nothing). */
const model: Record<string, Partial<Record<string, string>>> = {
  loggedIn: { 'logout.request': 'saving' },
  saving: { [SAVED]: 'loggingOut', [NOT_SAVED]: 'loggingOut' },
  loggingOut: { [LOGGED_OUT]: 'loggedOut', [FAILED]: 'failed' },
  failed: { 'logout.request': 'saving' },
  loggedOut: {},
};
const effectOf: Record<string, string> = { [`loggingOut ${LOGGED_OUT}`]: 'reload', [`loggingOut ${FAILED}`]: 'toast' };

const events = [
  { type: 'logout.request' },
  { type: SAVED, output: undefined },
  { type: NOT_SAVED, error: new Error('timed out') },
  { type: LOGGED_OUT, output: undefined },
  { type: FAILED, error: new TypeError('Failed to fetch') },
] as unknown as LogoutEvent[];

describe('logout model walk: every transition of the graph, checked against the model', () => {
  const walked = new Set<string>();
  let h = harness();
  let effectsBefore = 0;
  beforeEach(() => {
    h = harness();
  });
  const send = async (actor: AnyActorRef, event: LogoutEvent) => {
    effectsBefore = h.effects.length;
    const state = actor.getSnapshot().value as string;
    const type = event.type as string;
    if (type === SAVED || type === NOT_SAVED) {
      if (state !== 'saving') return;
      const save = h.saves[h.saves.length - 1];
      if (type === SAVED) save.resolve();
      else save.reject((event as unknown as { error: unknown }).error);
    } else if (type === LOGGED_OUT || type === FAILED) {
      if (state !== 'loggingOut') return;
      const logout = h.logouts[h.logouts.length - 1];
      if (type === LOGGED_OUT) logout.resolve();
      else logout.reject((event as unknown as { error: unknown }).error);
    } else actor.send(event);
    await settle();
  };

  const { paths, stats } = pathsOf(logoutMachine, { input: undefined, events, key: () => null });
  printStats('logout', stats);
  for (const path of paths) {
    it(path.name, async () => {
      await runPath(
        h.machine,
        path,
        undefined,
        ({ snapshot, expected, event, previous }) => {
          expect(snapshot.value).toEqual(expected.value);
          const from = previous.value as string;
          const on = event.type as string;
          expect(snapshot.value).toBe(model[from]?.[on] ?? from);
          if (model[from]?.[on]) walked.add(`${from} ${on}`);
          const effect = effectOf[`${from} ${on}`];
          expect(h.effects.slice(effectsBefore)).toEqual(effect ? [effect] : []);
        },
        send,
      );
    });
  }

  it('walked every transition of the model', () => {
    const all = Object.entries(model).flatMap(([from, targets]) => Object.keys(targets).map((event) => `${from} ${event}`));
    expect([...walked].sort()).toEqual(all.sort());
  });
});
