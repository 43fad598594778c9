import { fromPromise, setup } from 'xstate';

export type LogoutEvent =
  /** The user chose "Log out" in the header's account menu. */
  { type: 'logout.request' };

/** Resolves once the changes not yet saved have gone to the server, or their time is up (the glue decides). */
const savePending = fromPromise<void, void>(async () => undefined);
/** POST /auth/logout: the server deletes the session and clears its cookie. */
const logOut = fromPromise<void, void>(async () => undefined);

/**
 * Logging out of a private share from the header's account menu (spec section 6, logged-in user):
 * what the user changed is saved first (`savePending`: the tracking flush, limited in time; what
 * cannot be saved in time stays in this browser's queue and goes with the next login on this share),
 * then `logOut` ends the session and the page reloads (`reloadPage`), which shows the login form. A failed logout says so
 * (`notifyFailed`) and may be tried again. The glue provides the two actors and the two actions.
 */
export const logoutMachine = setup({
  types: {
    events: {} as LogoutEvent,
  },
  actors: { savePending, logOut },
  actions: {
    /** Reload the page: without the session the server answers with the login form. */
    reloadPage: () => {},
    /** The error toast "Could not log out. Please try again." */
    notifyFailed: () => {},
  },
}).createMachine({
  id: 'logout',
  description: 'Logs the user of a private share out: saves what is pending, ends the session, reloads to the login.',
  initial: 'loggedIn',
  states: {
    loggedIn: {
      description: 'Logged in; the account menu offers to log out.',
      on: { 'logout.request': { target: 'saving', description: 'The user chose to log out.' } },
    },
    saving: {
      description: 'Changes not yet saved are sent first (for a limited time).',
      invoke: {
        id: 'savePending',
        src: 'savePending',
        onDone: { target: 'loggingOut', description: 'Everything is saved.' },
        onError: { target: 'loggingOut', description: 'Not everything could be saved in time: it stays in this browser; log out anyway.' },
      },
    },
    loggingOut: {
      description: 'POST /auth/logout is on its way.',
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: { target: 'loggedOut', description: 'The session is gone.' },
        onError: { target: 'failed', actions: 'notifyFailed', description: 'No answer or an error: the user is told and stays logged in.' },
      },
    },
    failed: {
      description: 'The logout failed; the user may try again.',
      on: { 'logout.request': { target: 'saving', description: 'Another try.' } },
    },
    loggedOut: {
      description: 'Logged out: the page reloads to the login form.',
      entry: 'reloadPage',
      type: 'final',
    },
  },
});
