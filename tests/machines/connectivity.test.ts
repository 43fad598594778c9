import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectivityMachine as connectivityChart } from '../../machines/connectivity';
import { CONNECTION_RESTORED_NOTICE_MS } from '../../model/constants';
import { silentSignals } from './browserFakes';
import { describeEvent, itWalks, pathsOf } from './walkMachine';

/** The chart without the browser: the tests send the network events themselves. */
const connectivityMachine = connectivityChart.provide({ actors: { connectionSignals: silentSignals<{ online: boolean }>() } });

afterEach(() => vi.useRealTimers());

/** What the learner sees in each state: the offline notice, the restored notice, or nothing. */
const expectedNotice = { online: null, offline: 'lost', restored: 'restored' } as const;
/** The model: where each event leads from each state (events not listed are ignored). */
const model: Record<string, Record<string, string>> = {
  online: { 'network.lost': 'offline' },
  offline: { 'network.restored': 'restored' },
  restored: { 'network.lost': 'offline', 'xstate.after.restoredNotice': 'online' },
};

describe('connectivityMachine', () => {
  it('starts as the browser is', () => {
    expect(createActor(connectivityMachine, { input: { online: true } }).start().getSnapshot().value).toBe('online');
    expect(createActor(connectivityMachine, { input: { online: false } }).start().getSnapshot().value).toBe('offline');
  });

  it(`shows "restored" for ${CONNECTION_RESTORED_NOTICE_MS} ms, then nothing`, () => {
    vi.useFakeTimers();
    const actor = createActor(connectivityMachine, { input: { online: true } }).start();
    actor.send({ type: 'network.lost' });
    actor.send({ type: 'network.restored' });
    vi.advanceTimersByTime(CONNECTION_RESTORED_NOTICE_MS - 1);
    expect(actor.getSnapshot().value).toBe('restored');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('online');
  });

  describe('model walk: to every state by its shortest path, then every event from there, checked against the model', () => {
    const events = [{ type: 'network.lost' as const }, { type: 'network.restored' as const }];
    const endings = [...events.map((e) => e.type), 'xstate.after.restoredNotice'] as const;
    const { paths, stats } = pathsOf(connectivityMachine, { input: { online: true }, events: endings.map((type) => ({ type })) as never, key: () => null, kind: 'shortest' });
    const walks = paths.flatMap((path) => endings.map((ending) => ({ path, ending, name: [...path.steps.slice(1).map((s) => describeEvent(s.event)), ending].join(' → ') })));
    const walked = new Set<string>();
    itWalks('connectivity', { paths: walks, stats: { ...stats, paths: walks.length } }, ({ path, ending }) => {
      vi.useFakeTimers();
      const actor = createActor(connectivityMachine, { input: { online: true } }).start();
      for (const step of path.steps.slice(1)) {
        if ((step.event.type as string) === 'xstate.after.restoredNotice') vi.advanceTimersByTime(CONNECTION_RESTORED_NOTICE_MS);
        else actor.send(step.event);
      }
      const from = String(actor.getSnapshot().value);
      if (ending === 'xstate.after.restoredNotice') vi.advanceTimersByTime(CONNECTION_RESTORED_NOTICE_MS);
      else actor.send({ type: ending });
      const to = String(actor.getSnapshot().value);
      expect(to).toBe(model[from][ending] ?? from);
      expect(expectedNotice[to as keyof typeof expectedNotice]).toBe(expectedNotice[(model[from][ending] ?? from) as keyof typeof expectedNotice]);
      if (model[from][ending]) walked.add(`${from} ${ending}`);
      actor.stop();
    });
    it('walked every transition of the model, from every state', () => {
      const all = Object.entries(model).flatMap(([from, targets]) => Object.keys(targets).map((event) => `${from} ${event}`));
      expect([...walked].sort()).toEqual(all.sort());
      expect(stats.states).toBe(3);
    });
  });
});
