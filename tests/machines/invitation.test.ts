import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { invitationMachine, type InvitationEvent } from '../../machines/invitation';
import { pathsOf, printStats, runPath } from './walkMachine';

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

type Call = { resolve: () => void; reject: (error: unknown) => void };

function harness() {
  const accepts: Call[] = [];
  const effects: string[] = [];
  const machine = invitationMachine.provide({
    actions: { reloadPage: () => effects.push('reload') },
    actors: { acceptInvitation: fromPromise<void, void>(() => new Promise<void>((resolve, reject) => accepts.push({ resolve, reject }))) },
  });
  return { machine, accepts, effects };
}

describe('invitation machine behaviour', () => {
  it('sends the acceptance once, however often it is pressed meanwhile, and reloads once it is taken', async () => {
    const h = harness();
    const actor = createActor(h.machine).start();
    expect(actor.getSnapshot().value).toBe('pending');
    actor.send({ type: 'invitation.accept' });
    actor.send({ type: 'invitation.accept' });
    expect(actor.getSnapshot().value).toBe('accepting');
    expect(h.accepts).toHaveLength(1);
    expect(h.effects).toEqual([]);
    h.accepts[0].resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(h.effects).toEqual(['reload']);
  });

  it('a failed acceptance leaves the invitation open to another try, without reloading', async () => {
    const h = harness();
    const actor = createActor(h.machine).start();
    actor.send({ type: 'invitation.accept' });
    h.accepts[0].reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(h.effects).toEqual([]);
    actor.send({ type: 'invitation.accept' });
    expect(actor.getSnapshot().value).toBe('accepting');
    expect(h.accepts).toHaveLength(2);
  });
});

const TAKEN = 'xstate.done.actor.acceptInvitation';
const REFUSED = 'xstate.error.actor.acceptInvitation';

/** The model: where each event leads from each state (events not listed change nothing). */
const model: Record<string, Partial<Record<string, string>>> = {
  pending: { 'invitation.accept': 'accepting' },
  accepting: { [TAKEN]: 'accepted', [REFUSED]: 'failed' },
  failed: { 'invitation.accept': 'accepting' },
  accepted: {},
};
const effectOf: Record<string, string> = { [`accepting ${TAKEN}`]: 'reload' };

const events = [
  { type: 'invitation.accept' },
  { type: TAKEN, output: undefined },
  { type: REFUSED, error: new TypeError('Failed to fetch') },
] as unknown as InvitationEvent[];

describe('invitation model walk: every transition of the graph, checked against the model', () => {
  const walked = new Set<string>();
  let h = harness();
  let effectsBefore = 0;
  beforeEach(() => {
    h = harness();
  });
  const send = async (actor: AnyActorRef, event: InvitationEvent) => {
    effectsBefore = h.effects.length;
    const type = event.type as string;
    if (type === TAKEN || type === REFUSED) {
      if (actor.getSnapshot().value !== 'accepting') return;
      const accept = h.accepts[h.accepts.length - 1];
      if (type === TAKEN) accept.resolve();
      else accept.reject((event as unknown as { error: unknown }).error);
    } else actor.send(event);
    await settle();
  };

  const { paths, stats } = pathsOf(invitationMachine, { input: undefined, events, key: () => null });
  printStats('invitation', stats);
  for (const path of paths) {
    it(path.name, async () => {
      await runPath(
        h.machine,
        path,
        undefined,
        ({ snapshot, expected, event, previous }) => {
          expect(snapshot.value).toEqual(expected.value);
          const from = previous.value as string;
          const on = event.type as string;
          expect(snapshot.value).toBe(model[from]?.[on] ?? from);
          if (model[from]?.[on]) walked.add(`${from} ${on}`);
          const effect = effectOf[`${from} ${on}`];
          expect(h.effects.slice(effectsBefore)).toEqual(effect ? [effect] : []);
        },
        send,
      );
    });
  }

  it('walked every transition of the model', () => {
    const all = Object.entries(model).flatMap(([from, targets]) => Object.keys(targets).map((event) => `${from} ${event}`));
    expect([...walked].sort()).toEqual(all.sort());
  });
});
