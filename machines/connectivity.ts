import { setup } from 'xstate';
import { connectionSignals } from './signals/connection';
import { CONNECTION_RESTORED_NOTICE_MS } from '../model/constants';

export type ConnectivityInput = { online: boolean };

export type ConnectivityEvent =
  /** The browser lost its network connection (`offline`). */
  | { type: 'network.lost' }
  /** The browser has a network connection again (`online`). */
  | { type: 'network.restored' };

/**
 * Whether the learner is connected (spec section 4, Connectivity): on loss the notice "Connection
 * lost" shows until the connection is back; then "Connection restored" shows for 5 s.
 */
export const connectivityMachine = setup({
  types: {
    input: {} as ConnectivityInput,
    context: {} as { online: boolean },
    events: {} as ConnectivityEvent,
  },
  actors: { connectionSignals },
  guards: {
    startsOffline: ({ context }) => !context.online,
  },
  delays: {
    restoredNotice: CONNECTION_RESTORED_NOTICE_MS,
  },
}).createMachine({
  id: 'connectivity',
  description: 'Online or offline, with the notices the learner sees about it.',
  context: ({ input }) => ({ online: input.online }),
  invoke: { id: 'connectionSignals', src: 'connectionSignals', input: ({ context }) => ({ online: context.online }) },
  initial: 'starting',
  states: {
    starting: {
      description: 'Takes the browser’s state at start.',
      always: [{ guard: 'startsOffline', target: 'offline' }, { target: 'online' }],
    },
    online: {
      description: 'Connected; no notice.',
      on: { 'network.lost': { target: 'offline', description: 'The connection dropped.' } },
    },
    offline: {
      description: 'The notice "Connection lost: Please check your internet connection" shows.',
      on: { 'network.restored': { target: 'restored', description: 'The connection is back: the offline notice goes.' } },
    },
    restored: {
      description: 'The notice "Connection restored" shows for 5 seconds.',
      after: { restoredNotice: { target: 'online', description: 'The restored notice has been shown long enough.' } },
      on: { 'network.lost': { target: 'offline', description: 'Lost again before the notice went.' } },
    },
  },
});
