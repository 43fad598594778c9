import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { invitationMachine, type InvitationEvent } from '../../machines/invitation';
import { describeModelWalk, settle, settledByHand, type Harness } from './settledByHand';

function harness(): Harness<typeof invitationMachine> {
  const accept = settledByHand();
  const effects: string[] = [];
  const machine = invitationMachine.provide({ actions: { reloadPage: () => effects.push('reload') }, actors: { acceptInvitation: accept.logic } });
  return { machine, calls: { acceptInvitation: accept.calls }, effects };
}

describe('invitation machine behaviour', () => {
  it('sends the acceptance once, however often it is pressed meanwhile, and reloads once it is taken', async () => {
    const h = harness();
    const accepts = h.calls.acceptInvitation;
    const actor = createActor(h.machine).start();
    expect(actor.getSnapshot().value).toBe('pending');
    actor.send({ type: 'invitation.accept' });
    actor.send({ type: 'invitation.accept' });
    expect(actor.getSnapshot().value).toBe('accepting');
    expect(accepts).toHaveLength(1);
    expect(h.effects).toEqual([]);
    accepts[0].resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(h.effects).toEqual(['reload']);
  });

  it('a failed acceptance leaves the invitation open to another try, without reloading', async () => {
    const h = harness();
    const accepts = h.calls.acceptInvitation;
    const actor = createActor(h.machine).start();
    actor.send({ type: 'invitation.accept' });
    accepts[0].reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(h.effects).toEqual([]);
    actor.send({ type: 'invitation.accept' });
    expect(actor.getSnapshot().value).toBe('accepting');
    expect(accepts).toHaveLength(2);
  });
});

const TAKEN = 'xstate.done.actor.acceptInvitation';
const REFUSED = 'xstate.error.actor.acceptInvitation';

describeModelWalk('invitation', invitationMachine, {
  harness,
  events: [{ type: 'invitation.accept' }, { type: TAKEN, output: undefined }, { type: REFUSED, error: new TypeError('Failed to fetch') }] as unknown as InvitationEvent[],
  model: {
    pending: { 'invitation.accept': 'accepting' },
    accepting: { [TAKEN]: 'accepted', [REFUSED]: 'failed' },
    failed: { 'invitation.accept': 'accepting' },
    accepted: {},
  },
  effectOf: { [`accepting ${TAKEN}`]: 'reload' },
});
