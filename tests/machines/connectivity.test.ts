import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { connectivityMachine } from '../../machines/connectivity';
import { CONNECTION_RESTORED_NOTICE_MS } from '../../machines/constants';
import { describeEvent, printStats } from './walkMachine';

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
    const paths = getShortestPaths(connectivityMachine, { input: { online: true }, events });
    const walked = new Set<string>();
    const endings = [...events.map((e) => e.type), 'xstate.after.restoredNotice'] as const;
    for (const path of paths) {
      for (const ending of endings) {
        const name = [...path.steps.slice(1).map((s) => describeEvent(s.event)), ending].join(' → ');
        it(name, () => {
          vi.useFakeTimers();
          const actor = createActor(connectivityMachine, { input: { online: true } }).start();
          for (const step of path.steps.slice(1)) actor.send(step.event);
          expect(actor.getSnapshot().value).toEqual(path.state.value);
          const from = String(actor.getSnapshot().value);
          if (ending === 'xstate.after.restoredNotice') vi.advanceTimersByTime(CONNECTION_RESTORED_NOTICE_MS);
          else actor.send({ type: ending });
          const to = String(actor.getSnapshot().value);
          expect(to).toBe(model[from][ending] ?? from);
          expect(expectedNotice[to as keyof typeof expectedNotice]).toBe(expectedNotice[(model[from][ending] ?? from) as keyof typeof expectedNotice]);
          if (model[from][ending]) walked.add(`${from} ${ending}`);
        });
      }
    }
    it('walked every transition of the model', () => {
      const all = Object.entries(model).flatMap(([from, targets]) => Object.keys(targets).map((event) => `${from} ${event}`));
      expect([...walked].sort()).toEqual(all.sort());
      printStats('connectivity', { states: 3, transitions: all.length, paths: paths.length * endings.length });
    });
  });
});
