import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import {
  CMI5_RETRY_DELAY_MS,
  cmi5HelloOf,
  cmi5LauncherMachine,
  type Cmi5LauncherEvent,
  type Cmi5LauncherInput,
  type LaunchRead,
  type PendingStatement,
  type SendStatementsInput,
} from '../../machines/cmi5Launcher';
import { cmi5LaunchRead, cmi5Learner, cmi5LauncherEvents, cmi5LauncherKey } from '../../scripts/statecharts/walkConfigs';
import { itWalks, pathsOf, runPath } from './walkMachine';

type Pending<O> = { input: unknown; resolve: (output: O) => void; reject: (error: unknown) => void };

/** The chart with the LMS played by the test: every call waits for the test to answer it; every effect is logged. */
function harness() {
  const log: string[] = [];
  const calls = { fetchToken: [] as Pending<void>[], readLaunch: [] as Pending<LaunchRead>[], sendStatements: [] as Pending<void>[] };
  /** Every statement handed to the LMS, in the order handed (a retried one again). */
  const handed: PendingStatement[] = [];
  const pending = <O>(name: keyof typeof calls) =>
    fromPromise<O, unknown>(({ input }) =>
      new Promise<O>((resolve, reject) => {
        if (name === 'sendStatements') handed.push(...(input as SendStatementsInput).statements);
        log.push(name === 'sendStatements' ? `send ${(input as SendStatementsInput).statements.map((s) => s.verb).join(',')}` : name);
        (calls[name] as unknown as Pending<O>[]).push({ input, resolve, reject });
      }),
    );
  const machine = cmi5LauncherMachine.provide({
    actors: {
      fetchToken: pending<void>('fetchToken'),
      readLaunch: pending<LaunchRead>('readLaunch'),
      sendStatements: pending<void>('sendStatements') as unknown as ReturnType<typeof fromPromise<void, SendStatementsInput>>,
    },
    actions: {
      openCourse: () => log.push('openCourse'),
      sendHello: () => log.push('sendHello'),
      saveMemory: ({ context }) => log.push(`saveMemory ${JSON.stringify(context.memory)}`),
      sendOnLeave: (_, statements) => {
        handed.push(...statements);
        log.push(`sendOnLeave ${statements.map((s) => s.verb).join(',')}`);
      },
      returnToLms: () => log.push('returnToLms'),
    },
  });
  let clock = 1_000;
  let ids = 0;
  const input: Cmi5LauncherInput = { launched: true, learner: cmi5Learner, now: () => (clock += 1000), newId: () => `id-${(ids += 1)}` };
  return { machine, log, calls, handed, input };
}

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};
const stateOf = (value: unknown): string => (typeof value === 'string' ? value : Object.entries(value as object).map(([k, v]) => `${k}.${stateOf(v)}`).join(','));

/** A launch through initialized, answered by the LMS. */
async function launched(h: ReturnType<typeof harness>, read: LaunchRead) {
  const actor = createActor(h.machine, { input: h.input }).start();
  h.calls.fetchToken[0].resolve();
  await settle();
  h.calls.readLaunch[0].resolve(read);
  await settle();
  h.calls.sendStatements[0].resolve();
  await settle();
  return actor;
}

describe('cmi5 launcher machine behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('Normal: token once, launch data, initialized first, then the course; progress 1 is completed, a pass against 0.8 passed, both once', async () => {
    const h = harness();
    const actor = await launched(h, cmi5LaunchRead('Normal'));
    expect(stateOf(actor.getSnapshot().value)).toBe('running.idle');
    expect(h.log).toEqual(['fetchToken', 'readLaunch', 'send initialized', 'openCourse']);
    expect(h.calls.fetchToken).toHaveLength(1);
    actor.send({ type: 'viewer.progress', value: 0.5 });
    expect(h.calls.sendStatements).toHaveLength(1);
    actor.send({ type: 'viewer.progress', value: 1 });
    expect(h.log.at(-2)).toBe('saveMemory {"suspendData":"","completed":true,"passed":false}');
    expect(h.log.at(-1)).toBe('send completed');
    actor.send({ type: 'viewer.result', result: { success: 'passed', score: 0.9, progress: 1 } });
    // Queued while the completed request is on its way, sent after it.
    expect(actor.getSnapshot().context.queue.map((s) => s.verb)).toEqual(['passed']);
    h.calls.sendStatements[1].resolve();
    await settle();
    expect(h.log.at(-1)).toBe('send passed');
    expect(h.handed.at(-1)).toMatchObject({ verb: 'passed', score: 0.9 });
    actor.send({ type: 'viewer.progress', value: 1 });
    actor.send({ type: 'viewer.result', result: { success: 'passed', score: 1 } });
    expect(h.calls.sendStatements).toHaveLength(3);
    expect(cmi5HelloOf(actor.getSnapshot().context)).toMatchObject({ standard: 'cmi5', version: '1.0', learner: cmi5Learner, passingScore: 0.8, entry: 'ab-initio' });
  });

  it('Browse: initialized and terminated only, whatever the course reports; no mastery score goes to the viewer', async () => {
    const h = harness();
    const actor = await launched(h, cmi5LaunchRead('Browse'));
    actor.send({ type: 'viewer.progress', value: 1 });
    actor.send({ type: 'viewer.result', result: { success: 'failed', score: 0.1, completion: 'completed' } });
    expect(cmi5HelloOf(actor.getSnapshot().context).passingScore).toBeNull();
    actor.send({ type: 'page.leave' });
    expect(h.handed.map((s) => s.verb)).toEqual(['initialized', 'terminated']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('once per registration: what the AU remembers from an earlier session is not stated again; a failed session judges once', async () => {
    const h = harness();
    const actor = await launched(h, cmi5LaunchRead('Normal', { suspendData: '{"v":1,"g":"g1"}', completed: true, passed: false }));
    expect(cmi5HelloOf(actor.getSnapshot().context)).toMatchObject({ suspendData: '{"v":1,"g":"g1"}', entry: 'resume' });
    actor.send({ type: 'viewer.progress', value: 1 });
    actor.send({ type: 'viewer.result', result: { success: 'failed', score: 0.5 } });
    actor.send({ type: 'viewer.result', result: { success: 'passed', score: 0.9 } });
    h.calls.sendStatements[1].resolve();
    await settle();
    expect(h.handed.map((s) => s.verb)).toEqual(['initialized', 'failed']);
    expect(h.handed[1]).toMatchObject({ score: 0.5 });
  });

  it('a failed request is tried again after the pause with the same statements (same ids), in order', async () => {
    const h = harness();
    const actor = await launched(h, cmi5LaunchRead('Normal'));
    actor.send({ type: 'viewer.progress', value: 1 });
    h.calls.sendStatements[1].reject(new Error('statements: HTTP 503'));
    await settle();
    expect(stateOf(actor.getSnapshot().value)).toBe('running.waiting');
    expect(actor.getSnapshot().context.lastError).toEqual({ during: 'statements', message: 'statements: HTTP 503' });
    actor.send({ type: 'viewer.result', result: { success: 'passed', score: 0.8 } });
    vi.advanceTimersByTime(CMI5_RETRY_DELAY_MS);
    expect(h.log.at(-1)).toBe('send completed,passed');
    expect(h.handed[2].id).toBe(h.handed[1].id);
  });

  it('the exit sends what is left and terminated last, then goes to the LMS; leaving the page sends them with keepalive', async () => {
    const h = harness();
    const actor = await launched(h, cmi5LaunchRead('Normal'));
    actor.send({ type: 'viewer.progress', value: 1 });
    actor.send({ type: 'exit.requested' });
    // The completed request was on its way: it goes again, with its id, before terminated.
    expect(h.log.at(-1)).toBe('send completed,terminated');
    h.calls.sendStatements.at(-1)!.resolve();
    await settle();
    expect(h.log.at(-1)).toBe('returnToLms');
    expect(actor.getSnapshot().value).toBe('exited');

    const left = harness();
    const leaving = await launched(left, cmi5LaunchRead('Normal'));
    leaving.send({ type: 'viewer.progress', value: 1 });
    leaving.send({ type: 'viewer.result', result: { success: 'passed', score: 1 } });
    leaving.send({ type: 'page.leave' });
    expect(left.log.at(-1)).toBe('sendOnLeave passed,terminated');
    expect(leaving.getSnapshot().value).toBe('terminated');
  });

  it('a token the LMS refuses, launch data it does not have, or an initialized it refuses end the launch with the reason', async () => {
    const token = harness();
    const a = createActor(token.machine, { input: token.input }).start();
    token.calls.fetchToken[0].reject(new Error('1 The authorization token has already been returned.'));
    await settle();
    expect(a.getSnapshot().value).toBe('failed');
    expect(a.getSnapshot().context.lastError).toEqual({ during: 'token', message: '1 The authorization token has already been returned.' });
    expect(token.handed).toEqual([]);
    const outside = harness();
    expect(createActor(outside.machine, { input: { ...outside.input, launched: false } }).start().getSnapshot().value).toBe('noLms');
    expect(outside.log).toEqual([]);
  });
});

/** Every rule of cmi5 section 9.3 the chart can break, over what it handed to the LMS (a resend with the same id counts once). */
function checkOrdering(handed: readonly PendingStatement[], mode: string | null, memory: { completed: boolean; passed: boolean }) {
  const once = [...new Map(handed.map((s) => [s.id, s])).values()];
  const verbs = once.map((s) => s.verb);
  if (verbs.length) expect(verbs[0]).toBe('initialized');
  expect(verbs.filter((v) => v === 'initialized').length).toBeLessThanOrEqual(1);
  const terminated = verbs.indexOf('terminated');
  if (terminated >= 0) expect(terminated).toBe(verbs.length - 1);
  for (const verb of ['completed', 'passed', 'failed'] as const) expect(verbs.filter((v) => v === verb).length).toBeLessThanOrEqual(1);
  expect(verbs.includes('passed') && verbs.includes('failed')).toBe(false);
  if (mode !== 'Normal') expect(verbs.filter((v) => v === 'completed' || v === 'passed' || v === 'failed')).toEqual([]);
  if (memory.completed) expect(verbs).not.toContain('completed');
  if (memory.passed) expect(verbs.filter((v) => v === 'passed' || v === 'failed')).toEqual([]);
  // Timestamps never go back: the LMS orders by them.
  const times = once.map((s) => s.at);
  expect(times).toEqual([...times].sort((x, y) => x - y));
}

for (const [label, launchedInput] of [['launched by an LMS', true], ['opened without launch parameters', false]] as const) {
  describe(`cmi5 launcher model walk (${label}): every transition, with the statement rules of cmi5 checked after each step`, () => {
    const base = harness().input;
    const input = { ...base, launched: launchedInput };
    const events = cmi5LauncherEvents as unknown as Cmi5LauncherEvent[];
    const { paths, stats } = pathsOf(cmi5LauncherMachine, { input, events, key: cmi5LauncherKey });
    let h = harness();
    afterEach(() => vi.useRealTimers());
    const TIMER = 'xstate.after.retryDelay.cmi5Launcher.running.waiting';

    itWalks(`cmi5Launcher (${label})`, { paths, stats }, async (path) => {
      h = harness();
      vi.useFakeTimers();
      // An invoked call's answer goes through the running call (none running: the event cannot happen); the timer only runs out while waiting.
      const send = async (actor: AnyActorRef, event: Cmi5LauncherEvent) => {
        const type = event.type as string;
        if (actor.getSnapshot().status !== 'active') return;
        if (type === TIMER) {
          vi.advanceTimersByTime(CMI5_RETRY_DELAY_MS);
          return;
        }
        const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type);
        if (!match) return void actor.send(event);
        const running = Object.values(actor.getSnapshot().children as Record<string, AnyActorRef>).some((child) => child.id === match[2]);
        if (!running) return;
        const calls = h.calls[match[2].startsWith('send') ? 'sendStatements' : (match[2] as 'fetchToken' | 'readLaunch')] as Pending<unknown>[];
        if (match[1] === 'done') calls.at(-1)!.resolve((event as unknown as { output: unknown }).output);
        else calls.at(-1)!.reject((event as unknown as { error: unknown }).error);
        await settle();
      };
      await runPath(h.machine, path, { ...h.input, launched: launchedInput }, ({ snapshot }) => {
        const c = snapshot.context;
        const remembered = c.launch?.memory ?? { completed: false, passed: false };
        checkOrdering(h.handed, c.launch?.launchData.launchMode ?? null, remembered);
        // Nothing is sent before the token and the launch data; the course opens only after initialized.
        if (!c.launch) expect(h.handed).toEqual([]);
        if (h.log.includes('openCourse')) expect(h.log.indexOf('send initialized')).toBeLessThan(h.log.indexOf('openCourse'));
        if (['noLms', 'failed', 'terminated', 'exited'].includes(stateOf(snapshot.value))) expect(snapshot.status).toBe('done');
      }, send);
    });
  });
}
