import { assign, fromPromise, setup } from 'xstate';
import type { CurrentPublication } from '../model/currentPublication';
import { reconnectionSignal } from './signals/reconnection';
import { visibilitySignals } from './signals/visibility';
import { PUBLICATION_POLL_MS } from '../model/constants';

export type PublicationWatchInput = {
  /** document.visibilityState === 'visible' at start. */
  visible: boolean;
  /** The publication the page's material was drawn from. */
  publicationId: string;
};

export type PublicationWatchEvent =
  /** The tab became hidden (visibilitychange). */
  | { type: 'tab.hidden' }
  /** The tab became visible again. */
  | { type: 'tab.visible' }
  /** The browser has a network connection again (`online`). */
  | { type: 'network.restored' }
  /** The learner closed the notice: it stays away until the next new publication. */
  | { type: 'notice.dismiss' }
  /** The learner pressed Reload in the notice. */
  | { type: 'page.reload' };

export type PublicationWatchContext = {
  visible: boolean;
  publicationId: string;
  /** The newer publication the notice offers (null before one was found). */
  offeredId: string | null;
  /** The publication whose notice the learner closed: no notice for it again. */
  dismissedId: string | null;
};

const checkPublication = fromPromise<CurrentPublication, void>(async () => ({ id: null }));
const saveWork = fromPromise<void, void>(async () => {});

/**
 * Whether the material on the page is still the one its shares show (issue 24): while the tab is visible the
 * current publication is checked every 60 s (`checkPublication`: POST /api/publication/current), at once when
 * the tab is visible again or the connection is back. A newer one than the page's shows the notice "This
 * material has been updated." with Reload; failed checks are silent and tried again at the next tick. Reload
 * first waits for the learner's unsent work (`saveWork`: sent, or kept in the durable queue), then reloads
 * (`reloadPage`). The glue provides the three.
 */
export const publicationWatchMachine = setup({
  types: {
    input: {} as PublicationWatchInput,
    context: {} as PublicationWatchContext,
    events: {} as PublicationWatchEvent,
  },
  actors: { checkPublication, saveWork, reconnectionSignal, visibilitySignals },
  guards: {
    startsVisible: ({ context }) => context.visible,
    isNewPublication: ({ context }, { id }: CurrentPublication) => {
      return id !== null && id !== context.publicationId && id !== context.dismissedId;
    },
  },
  actions: {
    rememberOffered: assign({ offeredId: (_, { id }: CurrentPublication) => id }),
    rememberDismissed: assign({ dismissedId: ({ context }) => context.offeredId }),
    reloadPage: () => {},
  },
  delays: {
    publicationPoll: PUBLICATION_POLL_MS,
  },
}).createMachine({
  id: 'publicationWatch',
  description: 'Offers a reload when a newer publication of the material on the page goes live.',
  context: ({ input }) => ({ visible: input.visible, publicationId: input.publicationId, offeredId: null, dismissedId: null }),
  invoke: { id: 'visibilitySignals', src: 'visibilitySignals' },
  initial: 'starting',
  states: {
    starting: {
      description: 'Takes the tab’s visibility at start.',
      always: [
        { guard: 'startsVisible', target: 'watching', description: 'Visible: the checks begin.' },
        { target: 'hidden', description: 'Hidden: the checks wait for the tab.' },
      ],
    },
    watching: {
      description: 'The tab is visible: the current publication is checked every 60 s.',
      initial: 'waiting',
      on: { 'tab.hidden': { target: 'hidden', description: 'The tab was hidden: checks stop.' } },
      states: {
        waiting: {
          description: 'Until the next check.',
          invoke: { id: 'reconnectionSignal', src: 'reconnectionSignal' },
          after: { publicationPoll: { target: 'checking', description: '60 s passed: check.' } },
          on: { 'network.restored': { target: 'checking', description: 'The connection is back: check at once.' } },
        },
        checking: {
          description: 'POST /api/publication/current is on its way.',
          invoke: {
            id: 'checkPublication',
            src: 'checkPublication',
            onDone: [
              {
                guard: { type: 'isNewPublication', params: ({ event }) => event.output },
                target: '#publicationWatch.noticed',
                actions: { type: 'rememberOffered', params: ({ event }) => event.output },
                description: 'A newer publication is live: the notice shows.',
              },
              { target: 'waiting', description: 'Nothing new (or only the one whose notice was closed).' },
            ],
            onError: { target: 'waiting', description: 'No answer: silently, check again at the next tick.' },
          },
        },
      },
    },
    hidden: {
      description: 'The tab is hidden: no checks.',
      on: { 'tab.visible': { target: '#publicationWatch.watching.checking', description: 'The tab is visible again: check at once.' } },
    },
    noticed: {
      description: 'The notice "This material has been updated." shows, with Reload and Close; no more checks.',
      initial: 'offered',
      on: {
        'notice.dismiss': { target: 'watching', actions: 'rememberDismissed', description: 'Closed: checks resume; this publication is not offered again.' },
        'page.reload': { target: 'saving', description: 'Reload: the learner’s work goes first.' },
      },
      states: {
        offered: { description: 'The notice offers the reload.' },
        workUnsaved: { description: 'The last try found work that is neither sent nor kept in this browser: the notice says so; Reload tries again.' },
      },
    },
    saving: {
      description: 'Waiting until the learner’s unsent changes are sent, or kept in the browser’s durable queue.',
      invoke: {
        id: 'saveWork',
        src: 'saveWork',
        onDone: { target: 'reloading', actions: 'reloadPage', description: 'Nothing can be lost: the page reloads.' },
        onError: { target: 'noticed.workUnsaved', description: 'Changes would be lost: no reload; the notice says so.' },
      },
    },
    reloading: {
      description: 'The page is reloading.',
    },
  },
});
