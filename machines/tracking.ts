import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { TrackedField, TrackingMode } from '../model/tracking';
import { TRACKING_DEBOUNCE_MS, TRACKING_RETRY_AFTER_MAX_MS, TRACKING_RETRY_BASE_MS, TRACKING_RETRY_MAX_MS } from '../model/constants';
import { connectionSignals } from './signals/connection';
import { pageLeaveSignal } from './signals/pageLeave';
import { visibilitySignals } from './signals/visibility';

/** One learner change the viewer hands the tracking actor: one field of one model. */
export type TrackingChange = { id: string; modelName: string; field: TrackedField; value: unknown };

export type TrackingInput = {
  mode: TrackingMode;
  /** The guest session the learner works in; null for a user, or a guest who has not given a name yet. */
  guestSessionId: string | null;
  /** navigator.onLine at start. */
  online: boolean;
  /** Events of this share already in the durable queue at start (left over from an earlier visit). */
  pending: number;
};

/** What `sendBatch` sends: the queue's events of the share (stamped with `guestSessionId` when given), and root progress when not null. */
export type SendBatchInput = { guestSessionId: string | null; rootProgress: number | null };
/** `acknowledged`: events that left the queue (stored by the server, or refused as malformed); `remaining`: events still queued. */
export type SendBatchOutput = { acknowledged: number; remaining: number };
export type SendFailureKind = 'offline' | 'server' | 'forbidden';

/**
 * How `sendBatch` fails: `offline` (no network), `server` (try again later), `forbidden` (401/403: the session is gone).
 * `retryAfterMs`: how long the server asked to wait (its Retry-After on a 429 or 503), null when it did not say.
 */
export class SendBatchError extends Error {
  readonly retryAfterMs: number | null;
  constructor(
    readonly kind: SendFailureKind,
    message: string = kind,
    options: { retryAfterMs?: number | null } = {},
  ) {
    super(message);
    this.name = 'SendBatchError';
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}

/** The kind of a failure; anything without a known `kind` counts as a server failure (retried). */
export function failureKindOf(error: unknown): SendFailureKind {
  const kind = error && typeof error === 'object' && 'kind' in error ? error.kind : undefined;
  return kind === 'offline' || kind === 'forbidden' ? kind : 'server';
}

/** Wait before retry number `attempt` (1 after the first failure): 1 s, 2 s, 4 s, … at most 30 s. */
export function retryDelayOf(attempt: number): number {
  return Math.min(TRACKING_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), TRACKING_RETRY_MAX_MS);
}

/** The wait a failure asked for (a SendBatchError's `retryAfterMs`), or null: absent, negative or not a number. */
export function retryAfterOf(error: unknown): number | null {
  const value = error && typeof error === 'object' && 'retryAfterMs' in error ? error.retryAfterMs : null;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * The wait before the next try: the backoff of `attempt`, or the server's Retry-After when that is longer,
 * at most 5 minutes (TRACKING_RETRY_AFTER_MAX_MS).
 */
export function retryWaitOf({ attempt, retryAfterMs }: Pick<TrackingContext, 'attempt' | 'retryAfterMs'>): number {
  return Math.min(Math.max(retryDelayOf(attempt), retryAfterMs ?? 0), TRACKING_RETRY_AFTER_MAX_MS);
}

export type TrackingEvent =
  /** Learner changes: persisted at once, sent after the debounce. */
  | { type: 'tracking.changed'; changes: TrackingChange[] }
  /** The material's root progress (composite materials on shares that save it). */
  | { type: 'root.progress'; value: number }
  /** The guest gave a name: held changes are released. */
  | { type: 'guest.created'; guestSessionId: string }
  | { type: 'network.lost' }
  | { type: 'network.restored' }
  /** Asked to send now (before a logout, a reload for a new publication). */
  | { type: 'tracking.flush' }
  /** The tab was hidden (`visibilitySignals`): it may never come back, send now. */
  | { type: 'tab.hidden' }
  | { type: 'tab.visible' }
  /** The page is being left (`pageLeaveSignal`): what is pending goes with a request that outlives it. */
  | { type: 'page.leaving' };

export type TrackingContext = {
  mode: TrackingMode;
  guestSessionId: string | null;
  online: boolean;
  /** Events in the durable queue not yet acknowledged, as far as this actor knows. */
  pending: number;
  /** Failed sends in a row. */
  attempt: number;
  /** The wait the last failed send asked for (Retry-After), null when it did not say. */
  retryAfterMs: number | null;
  rootProgress: number | null;
  /** Root progress changed since it was last sent. */
  rootProgressChanged: boolean;
  /** Root progress the running send carries (null: none). */
  rootProgressInFlight: number | null;
  /** Changes that came in while a send was running: they lead to another send. */
  changesWhileSending: number;
};

type Ctx = { context: TrackingContext };

export const trackingGuards = {
  isOff: ({ context }: Ctx) => context.mode === 'off',
  awaitsGuestName: ({ context }: Ctx) => context.mode === 'guest' && context.guestSessionId === null,
  startsOffline: ({ context }: Ctx) => !context.online,
  hasSomethingToSend: ({ context }: Ctx) => context.pending > 0 || context.rootProgressChanged,
  isNewRootProgress: ({ context }: Ctx, value: number) => value !== context.rootProgress,
  /** Changes may be sent: a user, or a guest with a name (a guest's work without one stays in the browser). */
  maySend: ({ context }: Ctx) => context.mode === 'user' || context.guestSessionId !== null,
  hasMoreAfter: ({ context }: Ctx, output: SendBatchOutput) =>
    output.remaining > 0 || context.changesWhileSending > 0 || context.rootProgressChanged,
};

const sendBatch = fromPromise<SendBatchOutput, SendBatchInput>(async () => ({ acknowledged: 0, remaining: 0 }));

const errorOf = (event: { type: string }) => ('error' in event ? event.error : undefined);
/** `persist` gets the changes and the guest session they belong to (null: not known yet, stamped later). */
const persist = {
  type: 'persist',
  params: ({ context, event }: { context: TrackingContext; event: TrackingEvent }) => {
    assertEvent(event, 'tracking.changed');
    return { changes: event.changes, guestSessionId: context.guestSessionId };
  },
} as const;
const count = { actions: [persist, 'countChanges'], description: 'Persisted and counted; sent later.' } as const;
const remember = { guard: 'isNewRootProgress', actions: 'rememberRootProgress', description: 'Remembered; sent later.' } as const;

/**
 * Saves the learner's changes (spec sections 4 and 7, userdata): each change is persisted in the
 * durable queue at once (`persist`), then sent in batches after a 200 ms debounce by the invoked
 * `sendBatch`; failures are retried with backoff (or after the server's Retry-After when that is longer),
 * offline waits for the connection, 401/403 blocks.
 * It listens to the connection, the tab being hidden and the page being left for its whole life.
 * The glue provides `persist`, `flushOnLeave` and `sendBatch` (src/tracking); the defaults do nothing.
 */
export const trackingMachine = setup({
  types: {
    input: {} as TrackingInput,
    context: {} as TrackingContext,
    events: {} as TrackingEvent,
  },
  actors: { sendBatch, connectionSignals, visibilitySignals, pageLeaveSignal },
  guards: {
    maySend: trackingGuards.maySend,
    isOff: trackingGuards.isOff,
    awaitsGuestName: trackingGuards.awaitsGuestName,
    startsOffline: trackingGuards.startsOffline,
    hasSomethingToSend: trackingGuards.hasSomethingToSend,
    isNewRootProgress: ({ context, event }) => {
      assertEvent(event, 'root.progress');
      return trackingGuards.isNewRootProgress({ context }, event.value);
    },
    hasMoreAfter: ({ context, event }) => 'output' in event && trackingGuards.hasMoreAfter({ context }, event.output as SendBatchOutput),
    isOfflineFailure: ({ event }) => failureKindOf(errorOf(event)) === 'offline',
    isForbiddenFailure: ({ event }) => failureKindOf(errorOf(event)) === 'forbidden',
  },
  actions: {
    /** Writes the changes to the durable queue (the glue: src/tracking toUserdataEvents + queue.add). */
    persist: (_, _params: { changes: TrackingChange[]; guestSessionId: string | null }) => {},
    /** Hands what is pending to a request that outlives the page (the glue: src/tracking flushOnHide). */
    flushOnLeave: (_, _params: { guestSessionId: string | null }) => {},
    countChanges: assign({
      pending: ({ context, event }) => {
        assertEvent(event, 'tracking.changed');
        return context.pending + event.changes.length;
      },
    }),
    countChangesWhileSending: assign({
      changesWhileSending: ({ context, event }) => {
        assertEvent(event, 'tracking.changed');
        return context.changesWhileSending + event.changes.length;
      },
    }),
    rememberRootProgress: assign({
      rootProgress: ({ event }) => {
        assertEvent(event, 'root.progress');
        return event.value;
      },
      rootProgressChanged: () => true,
    }),
    setGuestSession: assign({
      guestSessionId: ({ event }) => {
        assertEvent(event, 'guest.created');
        return event.guestSessionId;
      },
    }),
    startSend: assign({
      rootProgressInFlight: ({ context }) => (context.rootProgressChanged ? context.rootProgress : null),
      rootProgressChanged: () => false,
      changesWhileSending: () => 0,
    }),
    applyAck: assign({
      pending: ({ context, event }) =>
        'output' in event ? Math.max((event.output as SendBatchOutput).remaining, context.changesWhileSending) : context.pending,
      rootProgressInFlight: () => null,
      attempt: () => 0,
      retryAfterMs: () => null,
    }),
    keepUnsent: assign({
      rootProgressChanged: ({ context }) => context.rootProgressChanged || context.rootProgressInFlight !== null,
      rootProgressInFlight: () => null,
    }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    /** The server's Retry-After, carried on the error (null when it sent none). */
    rememberRetryAfter: assign({ retryAfterMs: ({ event }) => retryAfterOf(errorOf(event)) }),
  },
  delays: {
    trackingDebounce: TRACKING_DEBOUNCE_MS,
    retryBackoff: ({ context }) => retryWaitOf(context),
  },
}).createMachine({
  id: 'tracking',
  description: 'Saves learner changes: persisted at once, sent in debounced batches, retried until acknowledged.',
  context: ({ input }) => ({
    mode: input.mode,
    guestSessionId: input.guestSessionId,
    online: input.online,
    pending: input.pending,
    attempt: 0,
    retryAfterMs: null,
    rootProgress: null,
    rootProgressChanged: false,
    rootProgressInFlight: null,
    changesWhileSending: 0,
  }),
  invoke: [
    { id: 'connectionSignals', src: 'connectionSignals', input: ({ context }) => ({ online: context.online }) },
    { id: 'visibilitySignals', src: 'visibilitySignals' },
    { id: 'pageLeaveSignal', src: 'pageLeaveSignal' },
  ],
  on: {
    'page.leaving': {
      guard: 'maySend',
      actions: { type: 'flushOnLeave', params: ({ context }) => ({ guestSessionId: context.guestSessionId }) },
      description: 'The page is being left: what is pending goes with a request that outlives it.',
    },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Picks where to begin from the mode, the connection and what is left in the queue.',
      always: [
        { guard: 'isOff', target: 'off', description: 'Preview or an untracked share.' },
        { guard: 'awaitsGuestName', target: 'held', description: 'A guest without a name: nothing may be sent yet.' },
        { guard: 'startsOffline', target: 'offline', description: 'The browser is offline.' },
        { guard: 'hasSomethingToSend', target: 'sending', description: 'Events of an earlier visit are still queued.' },
        { target: 'saved', description: 'Nothing to send.' },
      ],
    },
    off: {
      description: 'Nothing is ever sent; changes are ignored.',
    },
    held: {
      description: 'Waiting for the guest’s name: changes are persisted and counted, nothing is sent.',
      on: {
        'tracking.changed': count,
        'root.progress': remember,
        'guest.created': [
          { guard: 'hasSomethingToSend', target: 'debouncing', actions: 'setGuestSession', description: 'The guest has a name: held changes are released.' },
          { target: 'saved', actions: 'setGuestSession', description: 'The guest has a name; nothing was held.' },
        ],
      },
    },
    saved: {
      description: 'Everything is acknowledged by the server.',
      on: {
        'tracking.changed': { target: 'debouncing', actions: [persist, 'countChanges'], description: 'A change: persisted, sent after the debounce.' },
        'root.progress': { guard: 'isNewRootProgress', target: 'debouncing', actions: 'rememberRootProgress', description: 'Root progress changed.' },
        'network.lost': { target: 'offline', description: 'The connection dropped.' },
      },
    },
    debouncing: {
      description: 'Waiting 200 ms without further changes before sending.',
      after: { trackingDebounce: { target: 'sending', description: 'No change for 200 ms: send.' } },
      on: {
        'tracking.changed': { target: 'debouncing', reenter: true, actions: [persist, 'countChanges'], description: 'Another change restarts the debounce.' },
        'root.progress': { guard: 'isNewRootProgress', target: 'debouncing', reenter: true, actions: 'rememberRootProgress', description: 'Root progress changed: the debounce restarts.' },
        'tracking.flush': { target: 'sending', description: 'Asked to send now.' },
        'tab.hidden': { target: 'sending', description: 'The tab was hidden: send now.' },
        'network.lost': { target: 'offline', description: 'The connection dropped: sent once it is back.' },
      },
    },
    sending: {
      description: 'A batch is on its way; changes meanwhile are persisted and sent next.',
      entry: 'startSend',
      invoke: {
        id: 'sendBatch',
        src: 'sendBatch',
        input: ({ context }) => ({ guestSessionId: context.guestSessionId, rootProgress: context.rootProgressInFlight }),
        onDone: [
          { guard: 'hasMoreAfter', target: 'sending', reenter: true, actions: 'applyAck', description: 'Acknowledged; more is queued: the next batch.' },
          { target: 'saved', actions: 'applyAck', description: 'Acknowledged; nothing left.' },
        ],
        onError: [
          { guard: 'isOfflineFailure', target: 'offline', actions: 'keepUnsent', description: 'No network: wait for it.' },
          { guard: 'isForbiddenFailure', target: 'blocked', actions: 'keepUnsent', description: 'The session or guest is no longer valid (401/403).' },
          {
            target: 'retrying',
            actions: ['keepUnsent', 'countAttempt', 'rememberRetryAfter'],
            description: 'The server failed: retry with backoff, or after its Retry-After when longer.',
          },
        ],
      },
      on: {
        'tracking.changed': { actions: [persist, 'countChanges', 'countChangesWhileSending'], description: 'Persisted; sent with the next batch.' },
        'root.progress': { guard: 'isNewRootProgress', actions: 'rememberRootProgress', description: 'Remembered; sent with the next batch.' },
      },
    },
    retrying: {
      description:
        'The last send failed: waiting 1 s, 2 s, 4 s … (at most 30 s), or the server’s Retry-After when longer (at most 5 min), before the next try.',
      after: { retryBackoff: { target: 'sending', description: 'Backoff over: try again.' } },
      on: {
        'tracking.changed': count,
        'root.progress': remember,
        'network.restored': { target: 'sending', description: 'The connection is back: try now.' },
        'tracking.flush': { target: 'sending', description: 'Asked to send now: try now.' },
        'tab.hidden': { target: 'sending', description: 'The tab was hidden: try now.' },
        'network.lost': { target: 'offline', description: 'The connection dropped: wait for it.' },
      },
    },
    offline: {
      description: 'No connection: changes are persisted and counted until it is back.',
      on: {
        'tracking.changed': count,
        'root.progress': remember,
        'network.restored': [
          { guard: 'hasSomethingToSend', target: 'sending', description: 'Back online: send what is pending.' },
          { target: 'saved', description: 'Back online; nothing pending.' },
        ],
      },
    },
    blocked: {
      description: 'The server refused (401/403): nothing more is sent until the page is reloaded; changes are still persisted.',
      on: {
        'tracking.changed': count,
        'root.progress': remember,
      },
    },
  },
});

export type TrackingSnapshot = SnapshotFrom<typeof trackingMachine>;
