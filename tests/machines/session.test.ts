import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type StateValue } from 'xstate';
import { SESSION_POLL_MS } from '../../model/constants';
import { sessionMachine, type SessionEvent } from '../../machines/session';
import type { AuthSession } from '../../model/tracking';
import { silentSignals } from './browserFakes';
import { itWalks, pathsOf, runPath } from './walkMachine';

const DONE = 'xstate.done.actor.checkSession';
const ERROR = 'xstate.error.actor.checkSession';
const POLL = 'xstate.after.sessionPoll.session.visible.waiting';

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};
const pathOf = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${pathOf(v as StateValue)}`).join(',');

type Check = { resolve: (answer: AuthSession) => void; reject: (error: unknown) => void };

function harness() {
  const checks: Check[] = [];
  const effects: string[] = [];
  const machine = sessionMachine.provide({
    actions: { notifyExpired: () => effects.push('toast'), reloadPage: () => effects.push('reload') },
    actors: {
      checkSession: fromPromise<AuthSession, void>(() => new Promise((resolve, reject) => checks.push({ resolve, reject }))),
      visibilitySignals: silentSignals(),
    },
  });
  return { machine, checks, effects };
}

describe('session machine behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`checks every ${SESSION_POLL_MS} ms while visible, and not while hidden`, async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { visible: true } }).start();
    vi.advanceTimersByTime(SESSION_POLL_MS - 1);
    expect(h.checks).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(h.checks).toHaveLength(1);
    h.checks[0].resolve({ authenticated: true });
    await settle();
    vi.advanceTimersByTime(SESSION_POLL_MS);
    expect(h.checks).toHaveLength(2);
    h.checks[1].reject(new TypeError('Failed to fetch'));
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('visible.waiting');
    actor.send({ type: 'tab.hidden' });
    vi.advanceTimersByTime(SESSION_POLL_MS * 5);
    expect(h.checks).toHaveLength(2);
    expect(h.effects).toEqual([]);
  });

  it('an expired session shows the toast once and stops polling', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { visible: true } }).start();
    vi.advanceTimersByTime(SESSION_POLL_MS);
    h.checks[0].resolve({ authenticated: false });
    await settle();
    vi.advanceTimersByTime(SESSION_POLL_MS * 3);
    expect(pathOf(actor.getSnapshot().value)).toBe('visible.expired');
    expect(h.checks).toHaveLength(1);
    expect(h.effects).toEqual(['toast']);
  });

  it('back in the tab: checks at once, reloads when logged out', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { visible: false } }).start();
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.send({ type: 'tab.visible' });
    expect(h.checks).toHaveLength(1);
    h.checks[0].resolve({ authenticated: true });
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('visible.waiting');
    actor.send({ type: 'tab.hidden' });
    actor.send({ type: 'tab.visible' });
    h.checks[1].resolve({ authenticated: false });
    await settle();
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(h.effects).toEqual(['reload']);
  });
});

/** The model: where each event leads from each state (events not listed change nothing). */
const model: Record<string, Partial<Record<string, string>>> = {
  'visible.waiting': { [POLL]: 'visible.checking', 'tab.hidden': 'hidden' },
  'visible.checking': { 'done(true)': 'visible.waiting', 'done(false)': 'visible.expired', [ERROR]: 'visible.waiting', 'tab.hidden': 'hidden' },
  'visible.expired': { 'tab.hidden': 'hidden' },
  hidden: { 'tab.visible': 'returning' },
  returning: { 'done(true)': 'visible.waiting', 'done(false)': 'reloading', [ERROR]: 'visible.waiting', 'tab.hidden': 'hidden' },
  reloading: {},
};
const modelEvent = (event: SessionEvent) =>
  (event.type as string) === DONE ? `done(${(event as unknown as { output: AuthSession }).output.authenticated})` : event.type;
const effectOf: Record<string, string> = { 'visible.checking done(false)': 'toast', 'returning done(false)': 'reload' };

const events = [
  { type: 'tab.hidden' },
  { type: 'tab.visible' },
  { type: POLL },
  { type: DONE, output: { authenticated: true } },
  { type: DONE, output: { authenticated: false } },
  { type: ERROR, error: new TypeError('Failed to fetch') },
] as unknown as SessionEvent[];

describe('session model walk: every transition of the graph, checked against the model', () => {
  const walked = new Set<string>();
  let h = harness();
  let before = { checks: 0, effects: 0 };
  afterEach(() => vi.useRealTimers());
  const send = async (actor: AnyActorRef, event: SessionEvent) => {
    before = { checks: h.checks.length, effects: h.effects.length };
    const state = pathOf(actor.getSnapshot().value);
    const type = event.type as string;
    if (type === DONE || type === ERROR) {
      if (state !== 'visible.checking' && state !== 'returning') return;
      const check = h.checks[h.checks.length - 1];
      if (type === DONE) check.resolve((event as unknown as { output: AuthSession }).output);
      else check.reject((event as unknown as { error: unknown }).error);
      await settle();
    } else if (type === POLL) {
      if (state !== 'visible.waiting') return;
      vi.advanceTimersByTime(SESSION_POLL_MS - 1);
      expect(h.checks.length).toBe(before.checks);
      vi.advanceTimersByTime(1);
    } else actor.send(event);
  };

  for (const visible of [true, false]) {
    const input = { visible };
    const { paths, stats } = pathsOf(sessionMachine, { input, events, key: () => null });
    itWalks(`session (visible=${visible})`, { paths, stats }, async (path) => {
      h = harness();
      vi.useFakeTimers();
      await runPath(h.machine, path, input, ({ snapshot, event, previous }) => {
        const from = pathOf(previous.value);
        const to = pathOf(snapshot.value);
        const on = modelEvent(event);
        expect(to).toBe(model[from]?.[on] ?? from);
        if (model[from]?.[on]) walked.add(`${from} ${on}`);
        const effect = effectOf[`${from} ${on}`];
        expect(h.effects.slice(before.effects)).toEqual(effect ? [effect] : []);
        const startsCheck = (to === 'visible.checking' || to === 'returning') && from !== to;
        expect(h.checks.length - before.checks).toBe(startsCheck ? 1 : 0);
      }, send);
    });
  }

  it('walked every transition of the model', () => {
    const all = Object.entries(model).flatMap(([from, targets]) => Object.keys(targets).map((event) => `${from} ${event}`));
    expect([...walked].sort()).toEqual(all.sort());
  });
});
