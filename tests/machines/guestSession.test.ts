import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type StateValue } from 'xstate';
import { COPY_NOTICE_MS } from '../../model/constants';
import {
  guestNameOf, guestSessionMachine, type CreateGuestInput, type ForgetGuestInput, type GuestSession, type GuestSessionCreatedEvent, type GuestSessionEvent,
  type GuestSessionForgottenEvent,
} from '../../machines/guestSession';
import { itWalks, pathsOf, runPath } from './walkMachine';

const SESSION: GuestSession = { publicId: 'Gs7pQ2vXk9LmN4rT8wYz1A', name: 'Ada Lovelace' };
const DONE = 'xstate.done.actor.createGuest';
const ERROR = 'xstate.error.actor.createGuest';
const COPIED = 'xstate.after.copyNotice.guestSession.present.open.copied';
const FORGOT = 'xstate.done.actor.forgetGuest';
const FORGET_FAILED = 'xstate.error.actor.forgetGuest';

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};
/** `{ none: { open: 'editing' } }` → `none.open.editing`. */
const pathOf = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${pathOf(v as StateValue)}`).join(',');

type Call = { input: CreateGuestInput; resolve: (session: GuestSession) => void; reject: (error: unknown) => void };
type ForgetCall = { input: ForgetGuestInput; resolve: () => void; reject: (error: unknown) => void };

function harness() {
  const calls: Call[] = [];
  const copied: (GuestSession | null)[] = [];
  const created: GuestSessionCreatedEvent[] = [];
  const forgets: ForgetCall[] = [];
  const machine = guestSessionMachine.provide({
    actions: { copyLink: (_, params) => copied.push(params.session) },
    actors: {
      createGuest: fromPromise<GuestSession, CreateGuestInput>(
        ({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
      ),
      forgetGuest: fromPromise<void, ForgetGuestInput>(({ input }) => new Promise((resolve, reject) => forgets.push({ input, resolve, reject }))),
    },
  });
  return { machine, calls, copied, created, forgets };
}

describe('guest name', () => {
  it('joins trimmed first and last name with one space; blank parts give nothing', () => {
    expect(guestNameOf('  Ada ', ' Lovelace  ')).toBe('Ada Lovelace');
    expect(guestNameOf('Ada', '   ')).toBeNull();
    expect(guestNameOf('', 'Lovelace')).toBeNull();
  });
});

describe('guest session machine behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts closed, without or with a session', () => {
    expect(pathOf(createActor(guestSessionMachine, { input: { session: null } }).start().getSnapshot().value)).toBe('none.closed');
    const withSession = createActor(guestSessionMachine, { input: { session: SESSION } }).start().getSnapshot();
    expect(pathOf(withSession.value)).toBe('present.closed');
    expect(withSession.context.session).toEqual(SESSION);
  });

  it('creates the session from both names, emits created, and shows the saved dialog', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { session: null } });
    actor.on('created', (event) => h.created.push(event));
    actor.start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'form.submit', firstName: 'Ada', lastName: ' ' });
    expect(h.calls).toHaveLength(0);
    expect(pathOf(actor.getSnapshot().value)).toBe('none.open.editing');
    actor.send({ type: 'form.submit', firstName: ' Ada', lastName: 'Lovelace ' });
    expect(h.calls.map((c) => c.input)).toEqual([{ name: 'Ada Lovelace' }]);
    actor.send({ type: 'dialog.close' });
    expect(pathOf(actor.getSnapshot().value)).toBe('none.open.creating');
    h.calls[0].resolve(SESSION);
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('present.open.idle');
    expect(h.created).toEqual([{ type: 'created', session: SESSION }]);
    expect(actor.getSnapshot().context.session).toEqual(SESSION);
  });

  it('a failed creation returns to the form with an error, cleared by the next submit', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { session: null } }).start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'form.submit', firstName: 'Ada', lastName: 'Lovelace' });
    h.calls[0].reject(new Error('503'));
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('none.open.editing');
    expect(actor.getSnapshot().context.failed).toBe(true);
    actor.send({ type: 'form.submit', firstName: 'Ada', lastName: 'Lovelace' });
    expect(actor.getSnapshot().context.failed).toBe(false);
  });

  it(`copy link copies and shows the notice for ${COPY_NOTICE_MS} ms; copying again restarts it`, () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { session: SESSION } }).start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'link.copy' });
    expect(h.copied).toEqual([SESSION]);
    vi.advanceTimersByTime(COPY_NOTICE_MS - 500);
    actor.send({ type: 'link.copy' });
    vi.advanceTimersByTime(COPY_NOTICE_MS - 1);
    expect(pathOf(actor.getSnapshot().value)).toBe('present.open.copied');
    vi.advanceTimersByTime(1);
    expect(pathOf(actor.getSnapshot().value)).toBe('present.open.idle');
    expect(h.copied).toHaveLength(2);
  });

  it('forgets the session in this browser: the dialog stays open meanwhile, then it emits forgotten; a failure says so', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { session: SESSION } });
    const forgotten: GuestSessionForgottenEvent[] = [];
    actor.on('forgotten', (event) => forgotten.push(event));
    actor.start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'session.forget' });
    expect(h.forgets.map((c) => c.input)).toEqual([{ session: SESSION }]);
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'link.copy' });
    expect(pathOf(actor.getSnapshot().value)).toBe('present.open.forgetting');
    expect(h.copied).toEqual([]);
    h.forgets[0].reject(new Error('offline'));
    await settle();
    expect(pathOf(actor.getSnapshot().value)).toBe('present.open.idle');
    expect(actor.getSnapshot().context.failed).toBe(true);
    expect(forgotten).toEqual([]);
    actor.send({ type: 'link.copy' });
    actor.send({ type: 'session.forget' });
    expect(actor.getSnapshot().context.failed).toBe(false);
    h.forgets[1].resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('forgotten');
    expect(forgotten).toEqual([{ type: 'forgotten', session: SESSION }]);
  });
});

/** The model: where each event leads from each state (events not listed change nothing). */
const model: Record<string, Partial<Record<string, string>>> = {
  'none.closed': { 'dialog.open': 'none.open.editing', 'host.learner(same)': 'joiningHost', 'host.learner(other)': 'joiningHost' },
  'none.open.editing': {
    'form.submit(complete)': 'none.open.creating',
    'dialog.close': 'none.closed',
    'host.learner(same)': 'joiningHost',
    'host.learner(other)': 'joiningHost',
  },
  'none.open.creating': { [DONE]: 'present.open.idle', [ERROR]: 'none.open.editing' },
  // A failure keeps what was there: no session (none.closed), or the session of this browser (present.closed).
  joiningHost: { [DONE]: 'present.closed', [ERROR]: 'none.closed | present.closed' },
  'present.closed': { 'dialog.open': 'present.open.idle', 'host.learner(other)': 'joiningHost' },
  'present.open.idle': { 'link.copy': 'present.open.copied', 'dialog.close': 'present.closed', 'session.forget': 'present.open.forgetting' },
  'present.open.copied': {
    'link.copy': 'present.open.copied',
    'link.copyFailed': 'present.open.idle',
    [COPIED]: 'present.open.idle',
    'dialog.close': 'present.closed',
    'session.forget': 'present.open.forgetting',
  },
  'present.open.forgetting': { [FORGOT]: 'forgotten', [FORGET_FAILED]: 'present.open.idle' },
};
/** The host's learner is the session's (SESSION, the only session of these walks), another, or blank. */
const modelEvent = (event: GuestSessionEvent): string => {
  if (event.type === 'form.submit') return guestNameOf(event.firstName, event.lastName) ? 'form.submit(complete)' : 'form.submit(blank)';
  if (event.type === 'host.learner') return !event.name.trim() ? 'host.learner(blank)' : event.name.trim() === SESSION.name ? 'host.learner(same)' : 'host.learner(other)';
  return event.type;
};
const creates = (state: string) => state === 'none.open.creating' || state === 'joiningHost';

const events = [
  { type: 'dialog.open' },
  { type: 'dialog.close' },
  { type: 'form.submit', firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'form.submit', firstName: '  ', lastName: 'Lovelace' },
  { type: 'link.copy' },
  { type: 'link.copyFailed' },
  { type: 'session.forget' },
  { type: 'host.learner', name: SESSION.name },
  { type: 'host.learner', name: ' Hopper, Grace ' },
  { type: 'host.learner', name: '  ' },
  { type: COPIED },
  { type: FORGOT },
  { type: FORGET_FAILED, error: new Error('offline') },
  { type: DONE, output: SESSION },
  { type: ERROR, error: new Error('503') },
] as unknown as GuestSessionEvent[];

describe('guest session model walk: every transition of the graph, checked against the model', () => {
  const walked = new Set<string>();
  let h = harness();
  afterEach(() => vi.useRealTimers());
  let copiedBefore = 0;
  let callsBefore = 0;
  const send = async (actor: AnyActorRef, event: GuestSessionEvent) => {
    copiedBefore = h.copied.length;
    callsBefore = h.calls.length;
    const state = pathOf(actor.getSnapshot().value);
    const type = event.type as string;
    if (type === DONE || type === ERROR) {
      if (!creates(state)) return;
      const call = h.calls[h.calls.length - 1];
      if (type === DONE) call.resolve((event as unknown as { output: GuestSession }).output);
      else call.reject((event as unknown as { error: unknown }).error);
      await settle();
    } else if (type === FORGOT || type === FORGET_FAILED) {
      if (state !== 'present.open.forgetting') return;
      const call = h.forgets[h.forgets.length - 1];
      if (type === FORGOT) call.resolve();
      else call.reject((event as unknown as { error: unknown }).error);
      await settle();
    } else if (type === COPIED) {
      if (state === 'present.open.copied') vi.advanceTimersByTime(COPY_NOTICE_MS);
    } else actor.send(event);
  };

  for (const [label, input] of [['no session', { session: null }], ['session given', { session: SESSION }]] as const) {
    const { paths, stats } = pathsOf(guestSessionMachine, { input, events, key: (s) => [s.context.session !== null, s.context.failed] });
    itWalks(`guestSession (${label})`, { paths, stats }, async (path) => {
      h = harness();
      vi.useFakeTimers();
      await runPath(h.machine, path, input, ({ snapshot, event, previous }) => {
        const from = pathOf(previous.value);
        const to = pathOf(snapshot.value);
        const on = modelEvent(event);
        const target = model[from]?.[on];
        expect(target === undefined ? from : target.split(' | ')).toContain(to);
        if (model[from]?.[on]) walked.add(`${from} ${on}`);
        expect(h.copied.length - copiedBefore).toBe(on === 'link.copy' && ['present.open.idle', 'present.open.copied'].includes(from) ? 1 : 0);
        expect(h.calls.length - callsBefore).toBe(creates(to) && from !== to ? 1 : 0);
        if (to === 'none.open.creating' && from !== to) expect(h.calls[h.calls.length - 1].input).toEqual({ name: 'Ada Lovelace' });
        if (to === 'joiningHost' && from !== to) expect(h.calls[h.calls.length - 1].input).toEqual({ name: event.type === 'host.learner' ? event.name.trim() : '' });
        if (creates(from) && on === DONE) expect(snapshot.context.session).toEqual(SESSION);
        if (creates(from) && on === ERROR) expect(snapshot.context.failed).toBe(true);
        if (from === 'joiningHost' && on === ERROR) expect(to).toBe(previous.context.session ? 'present.closed' : 'none.closed');
        if (on === 'form.submit(complete)' && from === 'none.open.editing') expect(snapshot.context.failed).toBe(false);
        if (to === 'present.open.forgetting') expect(snapshot.context.failed).toBe(false);
        if (from === 'present.open.forgetting' && on === FORGET_FAILED) expect(snapshot.context.failed).toBe(true);
        if (to !== 'joiningHost') expect(snapshot.context.session === null).toBe(to.startsWith('none'));
      }, send);
    });
  }

  it('emits created exactly once per created session', async () => {
    const actor = createActor(h.machine, { input: { session: null } });
    const created: GuestSessionCreatedEvent[] = [];
    actor.on('created', (event) => created.push(event));
    actor.start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'form.submit', firstName: 'Ada', lastName: 'Lovelace' });
    h.calls[0].resolve(SESSION);
    await settle();
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'form.submit', firstName: 'Ada', lastName: 'Lovelace' });
    expect(created).toEqual([{ type: 'created', session: SESSION }]);
    expect(h.calls).toHaveLength(1);
  });

  it('walked every transition of the model', () => {
    const all = Object.entries(model).flatMap(([from, targets]) => Object.keys(targets).map((event) => `${from} ${event}`));
    expect([...walked].sort()).toEqual(all.sort());
  });
});
