import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import {
  ANSWER_WAIT_MS,
  CAPABILITIES_WAIT_MS,
  ltiPlatformStorageMachine,
  type LtiPlatformStorageEvent,
  type StorageMode,
} from '../../machines/ltiPlatformStorage';
import { ltiPlatformStorageEvents, ltiPlatformStorageResults, ltiStorageEntries } from '../../scripts/statecharts/walkConfigs';
import { settle } from './settledByHand';
import { itWalks, pathsOf, runPath } from './walkMachine';

/** The chart with the page's effects logged and the server's answer to the checked launch given by the test. */
function harness() {
  const effects: string[] = [];
  const confirms: { resolve: (location: string) => void; reject: (error: unknown) => void }[] = [];
  const machine = ltiPlatformStorageMachine.provide({
    actors: { confirmLaunch: fromPromise<string>(() => new Promise<string>((resolve, reject) => confirms.push({ resolve, reject }))) },
    actions: {
      askCapabilities: () => effects.push('askCapabilities'),
      sendRequests: ({ context }) => effects.push(`sendRequests ${context.frame ?? 'lti_storage_target'}`),
      continueToPlatform: () => effects.push('continueToPlatform'),
      openLaunch: ({ context }) => effects.push(`openLaunch ${context.location}`),
      showRefusal: ({ context }) => effects.push(`showRefusal ${context.problem?.reason}`),
    },
  });
  return { machine, effects, confirms };
}

const start = (mode: StorageMode, h = harness()) => {
  const actor = createActor(h.machine, { input: { mode, entries: ltiStorageEntries } }).start();
  return { ...h, actor };
};
const answered = (key: string, value: string | null): LtiPlatformStorageEvent => ({ type: 'storage.answered', key, value });
const offered: LtiPlatformStorageEvent = { type: 'capabilities.answered', storage: true, frame: 'post_message_forwarding' };

afterEach(() => vi.useRealTimers());

describe('LTI platform storage chart: the login page', () => {
  it('stores the state and the nonce in the frame the LMS names, then goes on to the platform', () => {
    const { actor, effects } = start('store');
    actor.send(offered);
    actor.send(answered('lernwerk-state-S', 'S'));
    expect(actor.getSnapshot().value).toBe('exchanging');
    actor.send(answered('lernwerk-nonce-N', 'N'));
    expect(actor.getSnapshot().value).toBe('continuing');
    expect(effects).toEqual(['askCapabilities', 'sendRequests post_message_forwarding', 'continueToPlatform']);
  });

  it('an LMS that does not answer lti.capabilities gets the requests in the frame of lti_storage_target', () => {
    vi.useFakeTimers();
    const { effects } = start('store');
    vi.advanceTimersByTime(CAPABILITIES_WAIT_MS);
    expect(effects).toEqual(['askCapabilities', 'sendRequests lti_storage_target']);
  });

  it('a storage that refuses, stays silent or is not offered: the login goes on with the cookie alone', () => {
    vi.useFakeTimers();
    for (const fail of [
      (a: AnyActorRef) => a.send({ type: 'storage.refused', key: 'lernwerk-state-S', code: 'storage_exhaustion', message: 'full' }),
      () => vi.advanceTimersByTime(ANSWER_WAIT_MS),
    ]) {
      const { actor, effects } = start('store');
      actor.send(offered);
      fail(actor);
      expect(actor.getSnapshot().value).toBe('continuing');
      expect(effects.at(-1)).toBe('continueToPlatform');
    }
    const { actor, effects } = start('store');
    actor.send({ type: 'capabilities.answered', storage: false, frame: null });
    expect(effects).toEqual(['askCapabilities', 'continueToPlatform']);
    expect(actor.getSnapshot().context.problem?.reason).toBe('unsupported');
  });
});

describe('LTI platform storage chart: the launch page', () => {
  it('opens the launch only when both values read back are this login’s and the server accepts it', async () => {
    const { actor, effects, confirms } = start('check');
    actor.send(offered);
    actor.send(answered('lernwerk-nonce-N', 'N'));
    actor.send(answered('lernwerk-state-S', 'S'));
    expect(actor.getSnapshot().value).toBe('confirming');
    confirms[0].resolve('/s/kurs/?guestSessionId=g');
    await settle();
    expect(effects).toEqual(['askCapabilities', 'sendRequests post_message_forwarding', 'openLaunch /s/kurs/?guestSessionId=g']);
  });

  it('a value of another login, or none, refuses the launch before the server is asked', () => {
    for (const value of ['another login', null]) {
      const { actor, effects, confirms } = start('check');
      actor.send(offered);
      actor.send(answered('lernwerk-state-S', 'S'));
      actor.send(answered('lernwerk-nonce-N', value));
      expect(actor.getSnapshot().value).toBe('refused');
      expect(confirms).toHaveLength(0);
      expect(effects.at(-1)).toBe('showRefusal mismatch');
    }
  });

  it('answers this page did not ask for change nothing; a silent storage refuses the launch', () => {
    vi.useFakeTimers();
    const { actor, effects } = start('check');
    actor.send(offered);
    actor.send(answered('lernwerk-state-X', 'X'));
    actor.send(answered('lernwerk-state-S', 'S'));
    actor.send(answered('lernwerk-state-S', 'S'));
    expect(actor.getSnapshot().context.answered).toEqual(['lernwerk-state-S']);
    vi.advanceTimersByTime(ANSWER_WAIT_MS);
    expect(effects.at(-1)).toBe('showRefusal no answer');
  });

  it('a server that refuses the checked launch: the page says so', async () => {
    const { actor, effects, confirms } = start('check');
    actor.send(offered);
    actor.send(answered('lernwerk-state-S', 'S'));
    actor.send(answered('lernwerk-nonce-N', 'N'));
    confirms[0].reject(new Error('The login of this state is unknown, used already or expired (10 minutes).'));
    await settle();
    expect(effects.at(-1)).toBe('showRefusal launch refused');
    expect(actor.getSnapshot().context.problem?.message).toContain('used already');
  });
});

for (const mode of ['store', 'check'] as const) {
  describe(`LTI platform storage model walk (${mode}): every transition, the page’s promise checked after each step`, () => {
    const events = [...ltiPlatformStorageEvents, ...(mode === 'check' ? ltiPlatformStorageResults : [])] as unknown as LtiPlatformStorageEvent[];
    const { paths, stats } = pathsOf(ltiPlatformStorageMachine, { input: { mode, entries: ltiStorageEntries }, events, key: (s) => s.context.answered });
    itWalks(`ltiPlatformStorage (${mode})`, { paths, stats }, async (path) => {
      vi.useFakeTimers();
      const h = harness();
      const send = async (actor: AnyActorRef, event: LtiPlatformStorageEvent) => {
        const type = event.type as string;
        if (actor.getSnapshot().status !== 'active') return;
        if (type.startsWith('xstate.after.')) vi.advanceTimersByTime(Math.max(CAPABILITIES_WAIT_MS, ANSWER_WAIT_MS));
        else if (type === 'xstate.done.actor.confirmLaunch') h.confirms.at(-1)?.resolve((event as unknown as { output: string }).output);
        else if (type === 'xstate.error.actor.confirmLaunch') h.confirms.at(-1)?.reject((event as unknown as { error: unknown }).error);
        else actor.send(event);
        await settle();
      };
      await runPath(
        h.machine,
        path,
        { mode, entries: ltiStorageEntries },
        ({ snapshot }) => {
          const state = snapshot.value as string;
          // The login page only ever goes on to the platform; the launch page never does.
          if (mode === 'store') expect(['askingCapabilities', 'exchanging', 'continuing']).toContain(state);
          else expect(state).not.toBe('continuing');
          // The server is asked, and the launch opened, only with both values read back as this login's.
          if (state === 'confirming' || state === 'launching') expect([...snapshot.context.answered].sort()).toEqual(ltiStorageEntries.map((e) => e.key).sort());
          // At most one way out, taken once.
          const exits = h.effects.filter((e) => /^(continueToPlatform|openLaunch|showRefusal)/.test(e));
          expect(exits.length).toBeLessThanOrEqual(1);
          if (snapshot.status === 'done') expect(exits).toHaveLength(1);
        },
        send,
      );
    });
  });
}
