import { fromPromise, setup } from 'xstate';
import type { AuthSession } from '../model/tracking';
import { visibilitySignals } from './signals/visibility';
import { SESSION_POLL_MS } from '../model/constants';

export type SessionInput = {
  /** document.visibilityState === 'visible' at start. */
  visible: boolean;
};

export type SessionEvent =
  /** The tab became hidden (visibilitychange). */
  | { type: 'tab.hidden' }
  /** The tab became visible again. */
  | { type: 'tab.visible' };

const checkSession = fromPromise<AuthSession, void>(async () => ({ authenticated: true }));

/**
 * The login session of a private share (spec sections 4, 7, 8): checked every 60 s while the tab is
 * visible (GET /auth/session through the invoked `checkSession`); an expired session shows the error
 * toast once (`notifyExpired`); an expired session found when the tab becomes visible again reloads
 * the page (`reloadPage`). The glue provides the three; a network error counts as nothing new.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as { visible: boolean },
    events: {} as SessionEvent,
  },
  actors: { checkSession, visibilitySignals },
  guards: {
    startsVisible: ({ context }) => context.visible,
    isAuthenticated: (_, session: AuthSession) => session.authenticated,
  },
  actions: {
    /** The error toast "Your session has expired. Please refresh the page." */
    notifyExpired: () => {},
    reloadPage: () => {},
  },
  delays: {
    sessionPoll: SESSION_POLL_MS,
  },
}).createMachine({
  id: 'session',
  description: 'Watches the login session of a private share while the tab is visible.',
  context: ({ input }) => ({ visible: input.visible }),
  invoke: { id: 'visibilitySignals', src: 'visibilitySignals' },
  initial: 'starting',
  states: {
    starting: {
      description: 'Takes the tab’s visibility at start.',
      always: [{ guard: 'startsVisible', target: 'visible' }, { target: 'hidden' }],
    },
    visible: {
      description: 'The tab is visible: the session is checked every 60 s.',
      initial: 'waiting',
      on: { 'tab.hidden': { target: 'hidden', description: 'The tab was hidden: polling stops.' } },
      states: {
        waiting: {
          description: 'Until the next check.',
          after: { sessionPoll: { target: 'checking', description: '60 s passed: check.' } },
        },
        checking: {
          description: 'GET /auth/session is on its way.',
          invoke: {
            id: 'checkSession',
            src: 'checkSession',
            onDone: [
              { guard: { type: 'isAuthenticated', params: ({ event }) => event.output }, target: 'waiting', description: 'Still logged in.' },
              { target: 'expired', actions: 'notifyExpired', description: 'Logged out: the error toast shows.' },
            ],
            onError: { target: 'waiting', description: 'No answer (network): check again later.' },
          },
        },
        expired: {
          description: 'The session has expired; the toast was shown once. Nothing more until the tab is hidden.',
        },
      },
    },
    hidden: {
      description: 'The tab is hidden: no polling.',
      on: { 'tab.visible': { target: 'returning', description: 'The tab is visible again: check at once.' } },
    },
    returning: {
      description: 'Back in the tab: GET /auth/session decides whether the page is still valid.',
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          { guard: { type: 'isAuthenticated', params: ({ event }) => event.output }, target: 'visible', description: 'Still logged in: polling resumes.' },
          { target: 'reloading', actions: 'reloadPage', description: 'Logged out while away: the page reloads.' },
        ],
        onError: { target: 'visible', description: 'No answer (network): polling resumes.' },
      },
      on: { 'tab.hidden': { target: 'hidden', description: 'Hidden again before the answer.' } },
    },
    reloading: {
      description: 'The page is reloading.',
    },
  },
});
