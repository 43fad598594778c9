import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { TRACKING_DEBOUNCE_MS, TRACKING_RETRY_AFTER_MAX_MS, TRACKING_RETRY_MAX_MS } from '../../model/constants';
import {
  failureKindOf, retryAfterOf, retryDelayOf, retryWaitOf, SendBatchError, trackingGuards, trackingMachine,
  type SendBatchInput, type SendBatchOutput, type TrackingChange, type TrackingContext, type TrackingEvent, type TrackingInput,
} from '../../machines/tracking';
import { saveStateOf } from '../../machines/tracking.connect';
import type { TrackingMode } from '../../model/tracking';
import { itWalks, pathsOf, runPath } from './walkMachine';
import { silentTrackingSignals } from './browserFakes';

const GUEST = 'Gs7pQ2vXk9LmN4rT8wYz1A';
const change: TrackingChange = { id: 'q1', modelName: 'ChoiceQuestion', field: 'selected', value: ['a'] };
const DONE = 'xstate.done.actor.sendBatch';
const ERROR = 'xstate.error.actor.sendBatch';
const DEBOUNCE = 'xstate.after.trackingDebounce.tracking.debouncing';
const BACKOFF = 'xstate.after.retryBackoff.tracking.retrying';

const input = (mode: TrackingMode, over: Partial<TrackingInput> = {}): TrackingInput => ({ mode, guestSessionId: null, online: true, pending: 0, ...over });
const ctx = (over: Partial<TrackingContext> = {}): { context: TrackingContext } => ({
  context: {
    mode: 'user', guestSessionId: null, online: true, pending: 0, attempt: 0, retryAfterMs: null, rootProgress: null,
    rootProgressChanged: false, rootProgressInFlight: null, changesWhileSending: 0, ...over,
  },
});

/** Lets the promise of a settled call reach the actor (fake timers do not touch microtasks). */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

type Call = { input: SendBatchInput; resolve: (output: SendBatchOutput) => void; reject: (error: unknown) => void };

/** The tracking machine with a `sendBatch` the test answers and a recording `persist`. */
function harness() {
  const calls: Call[] = [];
  const persisted: { changes: TrackingChange[]; guestSessionId: string | null }[] = [];
  const leftWith: (string | null)[] = [];
  const machine = trackingMachine.provide({
    actions: { persist: (_, params) => persisted.push(params), flushOnLeave: (_, { guestSessionId }) => leftWith.push(guestSessionId) },
    actors: {
      sendBatch: fromPromise<SendBatchOutput, SendBatchInput>(
        ({ input: request }) => new Promise((resolve, reject) => calls.push({ input: request, resolve, reject })),
      ),
      ...silentTrackingSignals(),
    },
  });
  return { machine, calls, persisted, leftWith };
}

describe('tracking helpers', () => {
  it('retry backoff doubles from 1 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayOf)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(retryDelayOf(0)).toBe(1000);
    expect(retryDelayOf(100)).toBe(TRACKING_RETRY_MAX_MS);
  });
  it('the wait before a retry: the backoff, or Retry-After when longer, at most 5 minutes', () => {
    expect(retryWaitOf({ attempt: 1, retryAfterMs: null })).toBe(1000);
    expect(retryWaitOf({ attempt: 1, retryAfterMs: 5000 })).toBe(5000);
    expect(retryWaitOf({ attempt: 5, retryAfterMs: 5000 })).toBe(16_000);
    expect(retryWaitOf({ attempt: 20, retryAfterMs: 0 })).toBe(TRACKING_RETRY_MAX_MS);
    expect(retryWaitOf({ attempt: 1, retryAfterMs: 3_600_000 })).toBe(TRACKING_RETRY_AFTER_MAX_MS);
    expect(TRACKING_RETRY_AFTER_MAX_MS).toBe(300_000);
  });
  it('Retry-After comes from the error, when it is a wait at all', () => {
    expect(retryAfterOf(new SendBatchError('server', 'busy', { retryAfterMs: 5000 }))).toBe(5000);
    expect(retryAfterOf(new SendBatchError('server'))).toBeNull();
    expect(retryAfterOf({ retryAfterMs: -1 })).toBeNull();
    expect(retryAfterOf({ retryAfterMs: Number.NaN })).toBeNull();
    expect(retryAfterOf({ retryAfterMs: '5' })).toBeNull();
    expect(retryAfterOf(new TypeError('Failed to fetch'))).toBeNull();
  });
  it('failure kinds come from the error; unknown errors are server failures', () => {
    expect(failureKindOf(new SendBatchError('offline'))).toBe('offline');
    expect(failureKindOf(new SendBatchError('forbidden'))).toBe('forbidden');
    expect(failureKindOf({ kind: 'server' })).toBe('server');
    expect(failureKindOf(new TypeError('Failed to fetch'))).toBe('server');
    expect(failureKindOf(undefined)).toBe('server');
  });
  it('guards read mode, guest, connection, pending and root progress', () => {
    expect(trackingGuards.isOff(ctx({ mode: 'off' }))).toBe(true);
    expect(trackingGuards.awaitsGuestName(ctx({ mode: 'guest' }))).toBe(true);
    expect(trackingGuards.awaitsGuestName(ctx({ mode: 'guest', guestSessionId: GUEST }))).toBe(false);
    expect(trackingGuards.awaitsGuestName(ctx({ mode: 'user' }))).toBe(false);
    expect(trackingGuards.startsOffline(ctx({ online: false }))).toBe(true);
    expect(trackingGuards.hasSomethingToSend(ctx())).toBe(false);
    expect(trackingGuards.hasSomethingToSend(ctx({ pending: 1 }))).toBe(true);
    expect(trackingGuards.hasSomethingToSend(ctx({ rootProgressChanged: true }))).toBe(true);
    expect(trackingGuards.isNewRootProgress(ctx({ rootProgress: 0.5 }), 0.5)).toBe(false);
    expect(trackingGuards.isNewRootProgress(ctx({ rootProgress: 0.5 }), 1)).toBe(true);
    expect(trackingGuards.hasMoreAfter(ctx(), { acknowledged: 3, remaining: 0 })).toBe(false);
    expect(trackingGuards.hasMoreAfter(ctx(), { acknowledged: 3, remaining: 2 })).toBe(true);
    expect(trackingGuards.hasMoreAfter(ctx({ changesWhileSending: 1 }), { acknowledged: 3, remaining: 0 })).toBe(true);
    expect(trackingGuards.hasMoreAfter(ctx({ rootProgressChanged: true }), { acknowledged: 3, remaining: 0 })).toBe(true);
  });
  it('saveStateOf maps states to what the indicator shows', () => {
    const at = (value: string, pending = 2) => saveStateOf({ value, context: ctx({ pending }).context } as Parameters<typeof saveStateOf>[0]);
    expect(at('off')).toEqual({ status: 'off', pending: 2 });
    expect(at('saved', 0)).toEqual({ status: 'saved', pending: 0 });
    expect(at('debouncing')).toEqual({ status: 'saving', pending: 2 });
    expect(at('sending')).toEqual({ status: 'saving', pending: 2 });
    expect(at('held')).toEqual({ status: 'pending', pending: 2, reason: 'guestName' });
    expect(at('offline')).toEqual({ status: 'pending', pending: 2, reason: 'offline' });
    expect(at('retrying')).toEqual({ status: 'pending', pending: 2, reason: 'server' });
    expect(at('blocked')).toEqual({ status: 'pending', pending: 2, reason: 'forbidden' });
  });
});

describe('tracking machine behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts where mode, guest, connection and queue say', () => {
    const start = (i: TrackingInput) => createActor(harness().machine, { input: i }).start().getSnapshot().value;
    expect(start(input('off', { pending: 4 }))).toBe('off');
    expect(start(input('guest', { pending: 4 }))).toBe('held');
    expect(start(input('guest', { guestSessionId: GUEST, online: false, pending: 4 }))).toBe('offline');
    expect(start(input('user', { pending: 4 }))).toBe('sending');
    expect(start(input('user'))).toBe('saved');
  });

  it(`batches changes: one send ${TRACKING_DEBOUNCE_MS} ms after the last change`, async () => {
    const { machine, calls, persisted } = harness();
    const actor = createActor(machine, { input: input('user') }).start();
    actor.send({ type: 'tracking.changed', changes: [change] });
    vi.advanceTimersByTime(150);
    actor.send({ type: 'tracking.changed', changes: [change, { ...change, field: 'evaluated', value: true }] });
    vi.advanceTimersByTime(TRACKING_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    expect(persisted.map((p) => p.changes.length)).toEqual([1, 2]);
    expect(saveStateOf(actor.getSnapshot())).toEqual({ status: 'saving', pending: 3 });
    vi.advanceTimersByTime(1);
    expect(calls.map((c) => c.input)).toEqual([{ guestSessionId: null, rootProgress: null }]);
    calls[0].resolve({ acknowledged: 3, remaining: 0 });
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(saveStateOf(actor.getSnapshot())).toEqual({ status: 'saved', pending: 0 });
  });

  it('flush sends at once, without waiting for the debounce', () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: input('user') }).start();
    actor.send({ type: 'tracking.changed', changes: [change] });
    actor.send({ type: 'tracking.flush' });
    expect(calls).toHaveLength(1);
  });

  it('a hidden tab sends at once too; leaving the page hands what is pending to the last request, for a user or a named guest only', () => {
    const { machine, calls, leftWith } = harness();
    const actor = createActor(machine, { input: input('user') }).start();
    actor.send({ type: 'tracking.changed', changes: [change] });
    actor.send({ type: 'tab.visible' });
    expect(calls).toHaveLength(0);
    actor.send({ type: 'tab.hidden' });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'page.leaving' });
    expect(leftWith).toEqual([null]);

    const guest = harness();
    const nameless = createActor(guest.machine, { input: input('guest') }).start();
    nameless.send({ type: 'page.leaving' });
    expect(guest.leftWith).toEqual([]);
    nameless.send({ type: 'guest.created', guestSessionId: GUEST });
    nameless.send({ type: 'page.leaving' });
    expect(guest.leftWith).toEqual([GUEST]);
  });

  it('listens to the connection, the tab and the page for its whole life, and to nothing once stopped', () => {
    const listening = new Map<string, boolean>();
    const signal = <TInput,>(id: string) =>
      fromCallback<{ type: string }, TInput>(() => {
        listening.set(id, true);
        return () => listening.set(id, false);
      });
    const machine = harness().machine.provide({ actors: { connectionSignals: signal<{ online: boolean }>('connection'), visibilitySignals: signal<unknown>('visibility'), pageLeaveSignal: signal<unknown>('leave') } });
    const actor = createActor(machine, { input: input('user') }).start();
    actor.send({ type: 'network.lost' });
    actor.send({ type: 'network.restored' });
    expect(Object.fromEntries(listening)).toEqual({ connection: true, visibility: true, leave: true });
    actor.stop();
    expect(Object.fromEntries(listening)).toEqual({ connection: false, visibility: false, leave: false });
  });

  it('sends batch after batch while the queue has more, and once more for changes made meanwhile', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: input('user', { pending: 250 }) }).start();
    calls[0].resolve({ acknowledged: 100, remaining: 150 });
    await settle();
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.pending).toBe(150);
    actor.send({ type: 'tracking.changed', changes: [change] });
    // The sender counted its queue before the change landed: the change still leads to a send.
    calls[1].resolve({ acknowledged: 150, remaining: 0 });
    await settle();
    expect(calls).toHaveLength(3);
    expect(actor.getSnapshot().context.pending).toBe(1);
    calls[2].resolve({ acknowledged: 1, remaining: 0 });
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('retries server failures after 1 s, 2 s, 4 s …, and resets the backoff after a success', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: input('user', { pending: 1 }) }).start();
    for (const [attempt, delay] of [[1, 1000], [2, 2000], [3, 4000]]) {
      calls[calls.length - 1].reject(new SendBatchError('server'));
      await settle();
      expect(actor.getSnapshot().value).toBe('retrying');
      expect(actor.getSnapshot().context.attempt).toBe(attempt);
      expect(saveStateOf(actor.getSnapshot())).toEqual({ status: 'pending', pending: 1, reason: 'server' });
      vi.advanceTimersByTime(delay - 1);
      expect(calls).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(calls).toHaveLength(attempt + 1);
    }
    calls[3].resolve({ acknowledged: 1, remaining: 0 });
    await settle();
    expect(actor.getSnapshot().context.attempt).toBe(0);
  });

  it('waits for the server’s Retry-After when it is longer than the backoff, and the backoff when it is shorter or missing', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: input('user', { pending: 1 }) }).start();
    const failWith = async (retryAfterMs: number | null) => {
      calls[calls.length - 1].reject(new SendBatchError('server', 'busy', { retryAfterMs }));
      await settle();
      expect(actor.getSnapshot().value).toBe('retrying');
      expect(actor.getSnapshot().context.retryAfterMs).toBe(retryAfterMs);
    };
    /** Asserts the next try goes out exactly `ms` after the failure. */
    const nextTryAfter = (ms: number) => {
      const before = calls.length;
      vi.advanceTimersByTime(ms - 1);
      expect(calls).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(calls).toHaveLength(before + 1);
    };
    await failWith(5000); // attempt 1: backoff 1 s, the server asks 5 s
    nextTryAfter(5000);
    await failWith(1000); // attempt 2: backoff 2 s is longer
    nextTryAfter(2000);
    await failWith(null); // attempt 3: no header, backoff 4 s
    nextTryAfter(4000);
    await failWith(24 * 3_600_000); // a day: capped
    nextTryAfter(TRACKING_RETRY_AFTER_MAX_MS);
    calls[calls.length - 1].resolve({ acknowledged: 1, remaining: 0 });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ attempt: 0, retryAfterMs: null });
  });

  it('holds a nameless guest’s changes and releases them, stamped with the new session, once named', async () => {
    const { machine, calls, persisted } = harness();
    const actor = createActor(machine, { input: input('guest') }).start();
    actor.send({ type: 'tracking.changed', changes: [change] });
    actor.send({ type: 'tracking.flush' });
    vi.advanceTimersByTime(60_000);
    expect(calls).toHaveLength(0);
    expect(persisted).toEqual([{ changes: [change], guestSessionId: null }]);
    expect(saveStateOf(actor.getSnapshot())).toEqual({ status: 'pending', pending: 1, reason: 'guestName' });
    actor.send({ type: 'guest.created', guestSessionId: GUEST });
    vi.advanceTimersByTime(TRACKING_DEBOUNCE_MS);
    expect(calls.map((c) => c.input)).toEqual([{ guestSessionId: GUEST, rootProgress: null }]);
    actor.send({ type: 'tracking.changed', changes: [change] });
    expect(persisted[1].guestSessionId).toBe(GUEST);
  });

  it('sends root progress when it changed, again after a failure, and not twice for the same value', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: input('user') }).start();
    actor.send({ type: 'root.progress', value: 0.5 });
    vi.advanceTimersByTime(TRACKING_DEBOUNCE_MS);
    expect(calls[0].input.rootProgress).toBe(0.5);
    calls[0].reject(new SendBatchError('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'network.restored' });
    expect(calls[1].input.rootProgress).toBe(0.5);
    actor.send({ type: 'root.progress', value: 1 });
    calls[1].resolve({ acknowledged: 0, remaining: 0 });
    await settle();
    expect(calls[2].input.rootProgress).toBe(1);
    calls[2].resolve({ acknowledged: 0, remaining: 0 });
    await settle();
    actor.send({ type: 'root.progress', value: 1 });
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('blocks after 403, keeps persisting, and never sends again', async () => {
    const { machine, calls, persisted } = harness();
    const actor = createActor(machine, { input: input('user', { pending: 1 }) }).start();
    calls[0].reject(new SendBatchError('forbidden'));
    await settle();
    actor.send({ type: 'tracking.changed', changes: [change] });
    actor.send({ type: 'network.restored' });
    actor.send({ type: 'tracking.flush' });
    vi.advanceTimersByTime(TRACKING_RETRY_MAX_MS * 2);
    expect(calls).toHaveLength(1);
    expect(persisted).toHaveLength(1);
    expect(saveStateOf(actor.getSnapshot())).toEqual({ status: 'pending', pending: 2, reason: 'forbidden' });
  });

  it('off: nothing is persisted or sent', () => {
    const { machine, calls, persisted } = harness();
    const actor = createActor(machine, { input: input('off') }).start();
    actor.send({ type: 'tracking.changed', changes: [change] });
    actor.send({ type: 'root.progress', value: 1 });
    actor.send({ type: 'tracking.flush' });
    vi.advanceTimersByTime(TRACKING_DEBOUNCE_MS);
    expect([calls.length, persisted.length]).toEqual([0, 0]);
    expect(saveStateOf(actor.getSnapshot())).toEqual({ status: 'off', pending: 0 });
  });
});

/*
 * The model: where each event leads from each state, written from the brief (first matching rule
 * wins; events without a rule change nothing). The walk checks every step of every path against it.
 */
type Cond = (c: TrackingContext, event: TrackingEvent) => boolean;
type Rule = { from: string; event: string; when?: Cond; to: string; name: string };
const somethingToSend: Cond = (c) => c.pending > 0 || c.rootProgressChanged;
const newRoot: Cond = (c, e) => e.type === 'root.progress' && e.value !== c.rootProgress;
const moreAfter: Cond = (c, e) => (e as unknown as { output: SendBatchOutput }).output.remaining > 0 || c.changesWhileSending > 0 || c.rootProgressChanged;
const failed = (kind: string): Cond => (_, e) => (e as unknown as { error: SendBatchError }).error.kind === kind;
const rule = (from: string, event: string, to: string, when?: Cond, label = ''): Rule => ({ from, event, to, when, name: `${from} ${event}${label} → ${to}` });
const model: Rule[] = [
  rule('held', 'guest.created', 'debouncing', somethingToSend, ' [something held]'),
  rule('held', 'guest.created', 'saved'),
  rule('saved', 'tracking.changed', 'debouncing'),
  rule('saved', 'root.progress', 'debouncing', newRoot, ' [new value]'),
  rule('saved', 'network.lost', 'offline'),
  rule('debouncing', 'tracking.changed', 'debouncing'),
  rule('debouncing', 'root.progress', 'debouncing', newRoot, ' [new value]'),
  rule('debouncing', DEBOUNCE, 'sending'),
  rule('debouncing', 'tracking.flush', 'sending'),
  rule('debouncing', 'tab.hidden', 'sending'),
  rule('debouncing', 'network.lost', 'offline'),
  rule('sending', DONE, 'sending', moreAfter, ' [more]'),
  rule('sending', DONE, 'saved'),
  rule('sending', ERROR, 'offline', failed('offline'), ' (offline)'),
  rule('sending', ERROR, 'blocked', failed('forbidden'), ' (forbidden)'),
  rule('sending', ERROR, 'retrying', undefined, ' (server)'),
  rule('retrying', BACKOFF, 'sending'),
  rule('retrying', 'network.restored', 'sending'),
  rule('retrying', 'tracking.flush', 'sending'),
  rule('retrying', 'tab.hidden', 'sending'),
  rule('retrying', 'network.lost', 'offline'),
  rule('offline', 'network.restored', 'sending', somethingToSend, ' [pending]'),
  rule('offline', 'network.restored', 'saved'),
];
const ruleFor = (from: string, c: TrackingContext, event: TrackingEvent) =>
  model.find((r) => r.from === from && r.event === event.type && (!r.when || r.when(c, event)));
/** States where a change is persisted and counted. */
const persisting = new Set(['held', 'saved', 'debouncing', 'sending', 'retrying', 'offline', 'blocked']);

const walkEvents = [
  { type: 'tracking.changed', changes: [change] },
  { type: 'root.progress', value: 0.5 },
  { type: 'root.progress', value: 1 },
  { type: 'guest.created', guestSessionId: GUEST },
  { type: 'network.lost' },
  { type: 'network.restored' },
  { type: 'tracking.flush' },
  { type: 'tab.hidden' },
  { type: 'page.leaving' },
  { type: DEBOUNCE },
  { type: BACKOFF },
  { type: DONE, output: { acknowledged: 1, remaining: 0 } },
  { type: DONE, output: { acknowledged: 100, remaining: 5 } },
  ...(['offline', 'server', 'forbidden'] as const).map((kind) => ({ type: ERROR, error: new SendBatchError(kind) })),
  // A 503 with Retry-After: 5 (longer than the first backoffs: the backoff step below waits for it).
  { type: ERROR, error: new SendBatchError('server', 'userdata answered 503', { retryAfterMs: 5000 }) },
] as unknown as TrackingEvent[];
const key = (s: { value: unknown; context: TrackingContext }) => {
  const c = s.context;
  // Besides what the guards read: whether the wait in `retrying` is the server's (its delay reads retryAfterMs).
  const waitsForServer = s.value === 'retrying' && c.retryAfterMs !== null;
  return [c.pending > 0, c.changesWhileSending > 0, c.rootProgress, c.rootProgressChanged, c.rootProgressInFlight, c.guestSessionId !== null, waitsForServer];
};

/** The model's wait in `retrying`: backoff 1 s doubling to 30 s, or the server's Retry-After when longer, at most 5 min. */
const expectedWait = (c: TrackingContext) => Math.min(Math.max(Math.min(1000 * 2 ** Math.max(0, c.attempt - 1), 30_000), c.retryAfterMs ?? 0), 300_000);

const walked = new Set<string>();
const variants: [string, TrackingInput][] = [
  ['user', input('user')],
  ['guest without a name', input('guest')],
  ['preview', input('off')],
];
for (const [label, start] of variants) {
  describe(`tracking model walk (${label}): every transition of the graph, checked against the model`, () => {
    const { paths, stats } = pathsOf(trackingMachine, { input: start, events: walkEvents, key });
    let h = harness();
    afterEach(() => vi.useRealTimers());

    // Results and timers only exist where the machine waits for them; elsewhere they cannot happen.
    let callsBefore = 0;
    const send = async (actor: AnyActorRef, event: TrackingEvent) => {
      callsBefore = h.calls.length;
      const type = event.type as string;
      const state = actor.getSnapshot().value;
      if (type === DONE || type === ERROR) {
        if (state !== 'sending') return;
        const call = h.calls[h.calls.length - 1];
        if (type === DONE) call.resolve((event as unknown as { output: SendBatchOutput }).output);
        else call.reject((event as unknown as { error: unknown }).error);
        await settle();
      } else if (type === DEBOUNCE) {
        if (state === 'debouncing') vi.advanceTimersByTime(TRACKING_DEBOUNCE_MS);
      } else if (type === BACKOFF) {
        if (state !== 'retrying') return;
        vi.advanceTimersByTime(expectedWait(actor.getSnapshot().context) - 1);
        expect(actor.getSnapshot().value).toBe('retrying');
        vi.advanceTimersByTime(1);
      } else actor.send(event);
    };

    itWalks(`tracking (${label})`, { paths, stats }, async (path) => {
      h = harness();
      vi.useFakeTimers();
      await runPath(h.machine, path, start, ({ snapshot, event, previous }) => {
        const from = String(previous.value);
        const to = String(snapshot.value);
        const applies = ruleFor(from, previous.context, event);
        expect(to).toBe(applies?.to ?? from);
        if (applies) walked.add(applies.name);
        // What each step must do besides moving: count, persist, send.
        const type = event.type as string;
        let pending = previous.context.pending;
        if (type === 'tracking.changed' && persisting.has(from)) pending += 1;
        if (type === DONE && from === 'sending') {
          pending = Math.max((event as unknown as { output: SendBatchOutput }).output.remaining, previous.context.changesWhileSending);
        }
        expect(snapshot.context.pending).toBe(pending);
        if (type === 'tracking.changed') {
          const last = h.persisted[h.persisted.length - 1];
          if (persisting.has(from)) expect(last).toEqual({ changes: [change], guestSessionId: previous.context.guestSessionId });
        }
        if (start.mode === 'off') expect(h.persisted).toEqual([]);
        const startsSend = to === 'sending' && (from !== 'sending' || type === DONE);
        expect(h.calls.length - callsBefore).toBe(startsSend ? 1 : 0);
        if (startsSend) {
          expect(h.calls[h.calls.length - 1].input).toEqual({
            guestSessionId: snapshot.context.guestSessionId,
            rootProgress: previous.context.rootProgressChanged ? previous.context.rootProgress : null,
          });
        }
        if (start.mode === 'guest') expect(h.calls.every((c) => c.input.guestSessionId === GUEST)).toBe(true);
      }, send);
    });
  });
}

describe('tracking model walk, all variants', () => {
  it('walked every transition of the model', () => {
    expect([...walked].sort()).toEqual(model.map((r) => r.name).sort());
  });
});
