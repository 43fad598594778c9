import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { COPY_NOTICE_MS } from '../model/constants';

/** A saved guest session: its public id (part of the link to continue later) and the guest's name. */
export type GuestSession = { publicId: string; name: string };

export type GuestSessionInput = {
  /** The guest session of the page data, if the visitor already has one. */
  session: GuestSession | null;
};

export type GuestSessionEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  /** The save form was submitted; nothing happens unless both names are non-empty after trimming. */
  | { type: 'form.submit'; firstName: string; lastName: string }
  /** Copy link pressed. */
  | { type: 'link.copy' }
  /** The browser refused to copy (no clipboard permission, an insecure page): the notice Copied must not show. */
  | { type: 'link.copyFailed' }
  /** "Forget in this browser" pressed: the browser stops remembering the session for this share. */
  | { type: 'session.forget' }
  /**
   * The page that frames the viewer named its learner (an LMS through a SCORM package, issue 13): the
   * session is that learner's, under the name the LMS gives, without asking.
   */
  | { type: 'host.learner'; name: string };

/** Emitted once a guest session was created (spec section 4): the viewer releases held tracking. */
export type GuestSessionCreatedEvent = { type: 'created'; session: GuestSession };
/** Emitted once the browser forgot the session: the glue opens the share afresh, without it. */
export type GuestSessionForgottenEvent = { type: 'forgotten'; session: GuestSession };

export type GuestSessionContext = {
  session: GuestSession | null;
  /** The name being saved: "First Last". */
  name: string;
  /** The last attempt to create (or to forget) the session failed. */
  failed: boolean;
};

export type CreateGuestInput = { name: string };
export type ForgetGuestInput = { session: GuestSession };

/** "First Last" from the form fields, or null when either is blank (spec section 5). */
export function guestNameOf(firstName: string, lastName: string): string | null {
  const first = firstName.trim();
  const last = lastName.trim();
  return first && last ? `${first} ${last}` : null;
}

const createGuest = fromPromise<GuestSession, CreateGuestInput>(async () => {
  throw new Error('createGuest is not provided');
});

const forgetGuest = fromPromise<void, ForgetGuestInput>(async () => {
  throw new Error('forgetGuest is not provided');
});

/**
 * The guest-save control and dialog (spec sections 2, 4 and 5): without a session the dialog asks
 * for first and last name and creates one through the invoked `createGuest` (POST /api/guest);
 * with a session it shows the link to continue later, with Copy link (`copyLink`, then the notice
 * for 2 s), and Forget in this browser (`forgetGuest`: the browser remembers its guest session per
 * share until then, so the plain link continues as this guest). The glue provides `createGuest`,
 * `forgetGuest` and `copyLink`.
 */
export const guestSessionMachine = setup({
  types: {
    input: {} as GuestSessionInput,
    context: {} as GuestSessionContext,
    events: {} as GuestSessionEvent,
    emitted: {} as GuestSessionCreatedEvent | GuestSessionForgottenEvent,
  },
  actors: { createGuest, forgetGuest },
  guards: {
    hasSession: ({ context }) => context.session !== null,
    isNameComplete: ({ event }) => {
      assertEvent(event, 'form.submit');
      return guestNameOf(event.firstName, event.lastName) !== null;
    },
    isHostLearner: ({ event }) => {
      assertEvent(event, 'host.learner');
      return event.name.trim() !== '';
    },
    /** A learner named by the host who is not the one of the present session (another person at this browser). */
    isOtherHostLearner: ({ context, event }) => {
      assertEvent(event, 'host.learner');
      return event.name.trim() !== '' && event.name.trim() !== context.session?.name;
    },
  },
  actions: {
    /** Copies the link to continue later (the glue: clipboard with the guest session in the URL; `link.copyFailed` when the browser refuses). */
    copyLink: (_, _params: { session: GuestSession | null }) => {},
    takeName: assign({
      name: ({ context, event }) => {
        assertEvent(event, 'form.submit');
        return guestNameOf(event.firstName, event.lastName) ?? context.name;
      },
      failed: () => false,
    }),
    takeHostName: assign({
      name: ({ event }) => {
        assertEvent(event, 'host.learner');
        return event.name.trim();
      },
      failed: () => false,
    }),
    markFailed: assign({ failed: () => true }),
    clearFailed: assign({ failed: () => false }),
  },
  delays: {
    copyNotice: COPY_NOTICE_MS,
  },
}).createMachine({
  id: 'guestSession',
  description: 'Saving a guest’s learning progress under a name, and the link to continue later.',
  context: ({ input }) => ({ session: input.session, name: input.session?.name ?? '', failed: false }),
  initial: 'none',
  states: {
    none: {
      description: 'No guest session: the header offers Save learning progress.',
      initial: 'closed',
      always: { guard: 'hasSession', target: 'present', description: 'The page data brought a session.' },
      states: {
        closed: {
          description: 'The dialog is closed.',
          on: {
            'dialog.open': { target: 'open', description: 'Save learning progress pressed.' },
            'host.learner': { guard: 'isHostLearner', target: '#guestSession.joiningHost', actions: 'takeHostName', description: 'The framing LMS named its learner: the session is created under that name.' },
          },
        },
        open: {
          description: 'The dialog Save learning progress is open.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The form asks for first and last name.',
              on: {
                'form.submit': { guard: 'isNameComplete', target: 'creating', actions: 'takeName', description: 'Both names given: create the session.' },
                'dialog.close': { target: '#guestSession.none.closed', description: 'The dialog closes.' },
                'host.learner': { guard: 'isHostLearner', target: '#guestSession.joiningHost', actions: 'takeHostName', description: 'The framing LMS named its learner: its name wins over the form.' },
              },
            },
            creating: {
              description: 'The session is being created; the dialog cannot be closed.',
              invoke: {
                id: 'createGuest',
                src: 'createGuest',
                input: ({ context }) => ({ name: context.name }),
                onDone: {
                  target: '#guestSession.present.open.idle',
                  actions: [
                    assign({ session: ({ event }) => event.output }),
                    emit(({ event }) => ({ type: 'created' as const, session: event.output })),
                  ],
                  description: 'Saved: the dialog shows the link to continue later.',
                },
                onError: { target: 'editing', actions: 'markFailed', description: 'Creating failed: the form shows an error.' },
              },
            },
          },
        },
      },
    },
    joiningHost: {
      description: 'The session of the learner the framing LMS named is being created, without a dialog.',
      invoke: {
        id: 'createGuest',
        src: 'createGuest',
        input: ({ context }) => ({ name: context.name }),
        onDone: {
          target: 'present',
          actions: [assign({ session: ({ event }) => event.output }), emit(({ event }) => ({ type: 'created' as const, session: event.output }))],
          description: 'Created: the learner’s work is saved under the LMS’s name.',
        },
        onError: { target: 'none', actions: 'markFailed', description: 'Creating failed: the session stays as it was (the host names the learner again on its next hello).' },
      },
    },
    present: {
      description: 'A guest session exists: the header shows the guest’s name.',
      initial: 'closed',
      states: {
        closed: {
          description: 'The dialog is closed.',
          on: {
            'dialog.open': { target: 'open', description: 'The guest’s name pressed.' },
            'host.learner': {
              guard: 'isOtherHostLearner',
              target: '#guestSession.joiningHost',
              actions: 'takeHostName',
              description: 'The framing LMS names another learner than this browser’s session: a session of their own.',
            },
          },
        },
        open: {
          description: 'The dialog Your learning progress is saved shows the link to note.',
          initial: 'idle',
          on: { 'dialog.close': { target: 'closed', description: 'The dialog closes.' } },
          states: {
            idle: {
              description: 'The Copy link button shows.',
              on: {
                'link.copy': {
                  target: 'copied',
                  actions: { type: 'copyLink', params: ({ context }) => ({ session: context.session }) },
                  description: 'The link is copied.',
                },
                'session.forget': { target: 'forgetting', description: 'Forget in this browser pressed.' },
              },
            },
            copied: {
              description: 'The notice Copied to clipboard shows for 2 s.',
              after: { copyNotice: { target: 'idle', description: 'The notice has shown long enough.' } },
              on: {
                'link.copyFailed': { target: 'idle', description: 'The browser did not copy: no notice (an error toast says so).' },
                'link.copy': {
                  target: 'copied',
                  reenter: true,
                  actions: { type: 'copyLink', params: ({ context }) => ({ session: context.session }) },
                  description: 'Copied again: the notice restarts.',
                },
                'session.forget': { target: 'forgetting', description: 'Forget in this browser pressed.' },
              },
            },
            forgetting: {
              description: 'The browser is told to forget the session; the dialog stays open until it has.',
              entry: 'clearFailed',
              invoke: {
                id: 'forgetGuest',
                src: 'forgetGuest',
                input: ({ context }) => ({ session: context.session! }),
                onDone: {
                  target: '#guestSession.forgotten',
                  actions: emit(({ context }) => ({ type: 'forgotten' as const, session: context.session! })),
                  description: 'Forgotten: the share opens afresh, without the session.',
                },
                onError: { target: 'idle', actions: 'markFailed', description: 'Forgetting failed: the dialog says so.' },
              },
              on: { 'dialog.close': { description: 'The dialog cannot be closed while the browser forgets.' } },
            },
          },
        },
      },
    },
    forgotten: {
      description: 'This browser no longer remembers the session; the page opens again without it.',
    },
  },
});
