// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyActorLogic } from 'xstate';
import { connectionSignals } from '../../machines/signals/connection';
import { reconnectionSignal } from '../../machines/signals/reconnection';
import { visibilitySignals } from '../../machines/signals/visibility';

/** A parent that invokes `logic` and records what it sends back. */
function invokedBy(logic: AnyActorLogic, input?: unknown) {
  const received: string[] = [];
  const parent = createMachine({ invoke: { src: logic, input }, on: { '*': { actions: ({ event }) => received.push(event.type) } } });
  return { actor: createActor(parent).start(), received };
}

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
const setVisibility = (state: DocumentVisibilityState) => vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);

afterEach(() => vi.restoreAllMocks());

describe('browser signals', () => {
  it('connection: offline and online become network.lost and network.restored until stopped', () => {
    setOnline(true);
    const { actor, received } = invokedBy(connectionSignals, { online: true });
    dispatchEvent(new Event('offline'));
    dispatchEvent(new Event('online'));
    actor.stop();
    dispatchEvent(new Event('offline'));
    expect(received).toEqual(['network.lost', 'network.restored']);
  });

  it('connection: a change before the listeners were added is sent at once', () => {
    setOnline(false);
    expect(invokedBy(connectionSignals, { online: true }).received).toEqual(['network.lost']);
    setOnline(true);
    expect(invokedBy(connectionSignals, { online: false }).received).toEqual(['network.restored']);
  });

  it('reconnection: only online, as network.restored', () => {
    const { actor, received } = invokedBy(reconnectionSignal);
    dispatchEvent(new Event('offline'));
    dispatchEvent(new Event('online'));
    actor.stop();
    dispatchEvent(new Event('online'));
    expect(received).toEqual(['network.restored']);
  });

  it('visibility: each visibilitychange as tab.hidden or tab.visible until stopped', () => {
    const { actor, received } = invokedBy(visibilitySignals);
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    actor.stop();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(received).toEqual(['tab.hidden', 'tab.visible']);
  });
});
