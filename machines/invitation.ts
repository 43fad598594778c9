import { fromPromise, setup } from 'xstate';

export type InvitationEvent =
  /** The invited account chose "Accept the invitation". */
  { type: 'invitation.accept' };

/** model/update of the account's UserPermission: `inviteAccepted` false → true. */
const acceptInvitation = fromPromise<void, void>(async () => undefined);

/**
 * An invitation to a private share, as the invited account sees it before it may open the share (spec
 * section 4, Invitation: a user permission grants its abilities only once `inviteAccepted`). Accepting
 * sends the acceptance (`acceptInvitation`); once the server took it the page reloads (`reloadPage`)
 * and the server answers with the material. A failed acceptance says so and may be tried again. The
 * glue provides the actor and the action.
 */
export const invitationMachine = setup({
  types: {
    events: {} as InvitationEvent,
  },
  actors: { acceptInvitation },
  actions: {
    /** Reload the page: with the invitation accepted, the server answers with the share's material. */
    reloadPage: () => {},
  },
}).createMachine({
  id: 'invitation',
  description: 'An invitation to a private share: waits for the invited account to accept it, then opens the share.',
  initial: 'pending',
  states: {
    pending: {
      description: 'Invited; the page offers to accept the invitation.',
      on: { 'invitation.accept': { target: 'accepting', description: 'The account accepts the invitation.' } },
    },
    accepting: {
      description: 'The acceptance is on its way to the server.',
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        onDone: { target: 'accepted', description: 'The server took the acceptance.' },
        onError: { target: 'failed', description: 'No answer or an error: the page says so.' },
      },
    },
    failed: {
      description: 'The acceptance failed; it may be tried again.',
      on: { 'invitation.accept': { target: 'accepting', description: 'Another try.' } },
    },
    accepted: {
      description: 'Accepted: the page reloads and opens the share.',
      entry: 'reloadPage',
      type: 'final',
    },
  },
});
