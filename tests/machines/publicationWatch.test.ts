import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type StateValue } from 'xstate';
import { PUBLICATION_POLL_MS } from '../../model/constants';
import { publicationWatchMachine, type PublicationWatchEvent } from '../../machines/publicationWatch';
import type { CurrentPublication } from '../../model/currentPublication';
import { publicationWatchEvents, publicationWatchResults } from '../../scripts/statecharts/walkConfigs';
import { silentSignals } from './browserFakes';
import { walkedChartShare } from './chartCoverage';
import { itWalks, pathsOf, runPath } from './walkMachine';

const CHECK_DONE = 'xstate.done.actor.checkPublication';
const CHECK_ERROR = 'xstate.error.actor.checkPublication';
const SAVE_DONE = 'xstate.done.actor.saveWork';
const SAVE_ERROR = 'xstate.error.actor.saveWork';
const POLL = 'xstate.after.publicationPoll.publicationWatch.watching.waiting';

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};
const pathOf = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${pathOf(v as StateValue)}`).join(',');

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

function harness() {
  const checks: Pending<CurrentPublication>[] = [];
  const saves: Pending<void>[] = [];
  const effects: string[] = [];
  const machine = publicationWatchMachine.provide({
    actions: { reloadPage: () => effects.push('reload') },
    actors: {
      checkPublication: fromPromise<CurrentPublication, void>(() => new Promise((resolve, reject) => checks.push({ resolve, reject }))),
      saveWork: fromPromise<void, void>(() => new Promise((resolve, reject) => saves.push({ resolve, reject }))),
      visibilitySignals: silentSignals(),
      reconnectionSignal: silentSignals(),
    },
  });
  return { machine, checks, saves, effects };
}

describe('publication watch behaviour (issue 24)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`checks every ${PUBLICATION_POLL_MS} ms while visible, silently past failures, and not while hidden`, async () => {
    expect(PUBLICATION_POLL_MS).toBe(60_000);
    const h = harness();
    const actor = createActor(h.machine, { input: { visible: true, publicationId: 'p1' } }).start();
    vi.advanceTimersByTime(PUBLICATION_POLL_MS - 1);
    expect(h.checks).toHaveLength(0);
    vi.advanceTimersByTime(1);
    h.checks[0].reject(new TypeError('Failed to fetch'));
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('watching.waiting');
    vi.advanceTimersByTime(PUBLICATION_POLL_MS);
    h.checks[1].resolve({ id: 'p1' });
    await settle();
    actor.send({ type: 'tab.hidden' });
    vi.advanceTimersByTime(PUBLICATION_POLL_MS * 5);
    expect(h.checks).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('checks at once when the tab is visible again and when the connection is back', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { visible: false, publicationId: 'p1' } }).start();
    actor.send({ type: 'network.restored' });
    expect(h.checks).toHaveLength(0);
    actor.send({ type: 'tab.visible' });
    expect(h.checks).toHaveLength(1);
    h.checks[0].resolve({ id: 'p1' });
    await settle();
    actor.send({ type: 'network.restored' });
    expect(h.checks).toHaveLength(2);
  });

  it('a newer publication shows the notice; closed, it stays away until the next one', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { visible: false, publicationId: 'p1' } }).start();
    actor.send({ type: 'tab.visible' });
    h.checks[0].resolve({ id: 'p2' });
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('noticed.offered');
    vi.advanceTimersByTime(PUBLICATION_POLL_MS * 3);
    expect(h.checks, 'no checks while the notice shows').toHaveLength(1);
    actor.send({ type: 'notice.dismiss' });
    vi.advanceTimersByTime(PUBLICATION_POLL_MS);
    h.checks[1].resolve({ id: 'p2' });
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('watching.waiting');
    vi.advanceTimersByTime(PUBLICATION_POLL_MS);
    h.checks[2].resolve({ id: 'p3' });
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('noticed.offered');
  });

  it('Reload waits for the learner’s work; work that would be lost keeps the page, saved work reloads it', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { visible: false, publicationId: 'p1' } }).start();
    actor.send({ type: 'tab.visible' });
    h.checks[0].resolve({ id: 'p2' });
    await settle();
    actor.send({ type: 'page.reload' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(h.effects).toEqual([]);
    h.saves[0].reject(new Error('unsent'));
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('noticed.workUnsaved');
    expect(h.effects).toEqual([]);
    actor.send({ type: 'page.reload' });
    h.saves[1].resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(h.effects).toEqual(['reload']);
  });
});

/** The model: where each event leads from each state, by whether the answer is new (events not listed change nothing). */
const model: Record<string, Partial<Record<string, string>>> = {
  'watching.waiting': { [POLL]: 'watching.checking', 'network.restored': 'watching.checking', 'tab.hidden': 'hidden' },
  'watching.checking': { 'check(new)': 'noticed.offered', 'check(known)': 'watching.waiting', [CHECK_ERROR]: 'watching.waiting', 'tab.hidden': 'hidden' },
  hidden: { 'tab.visible': 'watching.checking' },
  'noticed.offered': { 'notice.dismiss': 'watching.waiting', 'page.reload': 'saving' },
  'noticed.workUnsaved': { 'notice.dismiss': 'watching.waiting', 'page.reload': 'saving' },
  saving: { [SAVE_DONE]: 'reloading', [SAVE_ERROR]: 'noticed.workUnsaved' },
  reloading: {},
};
const effectOf: Record<string, string> = { [`saving ${SAVE_DONE}`]: 'reload' };

describe('publication watch model walk: every transition of the graph, checked against the model', () => {
  const walked = new Set<string>();
  let h = harness();
  let before = { checks: 0, saves: 0, effects: 0 };
  /** Newer than the page's and not the one closed last. */
  let dismissed: string | null = null;
  let offered: string | null = null;
  afterEach(() => vi.useRealTimers());
  const modelEvent = (event: PublicationWatchEvent) => {
    const type = event.type as string;
    if (type !== CHECK_DONE) return type;
    const { id } = (event as unknown as { output: CurrentPublication }).output;
    return id !== null && id !== 'p1' && id !== dismissed ? 'check(new)' : 'check(known)';
  };
  const send = async (actor: AnyActorRef, event: PublicationWatchEvent) => {
    before = { checks: h.checks.length, saves: h.saves.length, effects: h.effects.length };
    const state = pathOf(actor.getSnapshot().value);
    const type = event.type as string;
    if (type === CHECK_DONE || type === CHECK_ERROR) {
      if (state !== 'watching.checking') return;
      const check = h.checks[h.checks.length - 1];
      if (type === CHECK_DONE) check.resolve((event as unknown as { output: CurrentPublication }).output);
      else check.reject((event as unknown as { error: unknown }).error);
      await settle();
    } else if (type === SAVE_DONE || type === SAVE_ERROR) {
      if (state !== 'saving') return;
      const save = h.saves[h.saves.length - 1];
      if (type === SAVE_DONE) save.resolve();
      else save.reject((event as unknown as { error: unknown }).error);
      await settle();
    } else if (type === POLL) {
      if (state !== 'watching.waiting') return;
      vi.advanceTimersByTime(PUBLICATION_POLL_MS - 1);
      expect(h.checks.length).toBe(before.checks);
      vi.advanceTimersByTime(1);
    } else actor.send(event);
  };

  const events = [...publicationWatchEvents, ...publicationWatchResults, { type: POLL }] as unknown as PublicationWatchEvent[];
  for (const visible of [true, false]) {
    const input = { visible, publicationId: 'p1' };
    const { paths, stats } = pathsOf(publicationWatchMachine, { input, events, key: (s) => s.context.dismissedId });
    itWalks(`publicationWatch (visible=${visible})`, { paths, stats }, async (path) => {
      h = harness();
      dismissed = offered = null;
      vi.useFakeTimers();
      await runPath(h.machine, path, input, ({ snapshot, event, previous }) => {
        const from = pathOf(previous.value);
        const to = pathOf(snapshot.value);
        const on = modelEvent(event);
        expect(to).toBe(model[from]?.[on] ?? from);
        if (model[from]?.[on]) walked.add(`${from} ${on}`);
        // What the model remembers: the offered publication, and the closed one.
        if (from === 'watching.checking' && on === 'check(new)') offered = (event as unknown as { output: CurrentPublication }).output.id;
        if (on === 'notice.dismiss' && model[from]?.[on]) dismissed = offered;
        expect(snapshot.context.dismissedId).toBe(dismissed);
        const effect = effectOf[`${from} ${on}`];
        expect(h.effects.slice(before.effects)).toEqual(effect ? [effect] : []);
        expect(h.checks.length - before.checks).toBe(to === 'watching.checking' && from !== to ? 1 : 0);
        expect(h.saves.length - before.saves).toBe(to === 'saving' && from !== to ? 1 : 0);
      }, send);
    });
  }

  it('walked every transition of the model, and the walk configuration every transition of the chart', () => {
    const all = Object.entries(model).flatMap(([from, targets]) => Object.keys(targets).map((event) => `${from} ${event}`));
    expect([...walked].sort()).toEqual(all.sort());
    expect(walkedChartShare('publicationWatch')).toEqual({ share: 1, notWalked: [] });
  });
});
