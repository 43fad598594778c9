import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/*
 * The LTI launch through the platform's storage (1EdTech LTI Client Side postMessages, postMessage
 * Platform Storage and OIDC Login with them, v0.1), for LMS frames in which the browser keeps no
 * cookie of the tool: the login page stores the state and the nonce in the platform's storage frame
 * (`lti.put_data`) before it goes on to the platform's auth URL; the launch page reads them back
 * (`lti.get_data`), and only when both are this login's does it ask the server to open the launch.
 * The glue (server/lti/storage/storagePage.ts) posts the messages and reports the answers as events.
 */

/** What the page does with the storage: store the login's values (login page) or check them (launch page). */
export type StorageMode = 'store' | 'check';

/** A value kept in the platform's storage: the key names the value, so parallel launches keep apart. */
export type StorageEntry = { key: string; value: string };

export type LtiPlatformStorageInput = {
  mode: StorageMode;
  /** The state and the nonce of the login, as keys and values. */
  entries: StorageEntry[];
  /** How long the platform may take to say what it supports (ms). */
  capabilitiesWaitMs?: number;
  /** How long the platform may take to answer the stores or reads (ms). */
  answerWaitMs?: number;
};

/** Without an answer to `lti.capabilities` the storage frame the LMS named (`lti_storage_target`) is used as it is. */
export const CAPABILITIES_WAIT_MS = 1000;
/** The platform answers from the same page: two seconds is long. */
export const ANSWER_WAIT_MS = 2000;

export type StorageProblem = { reason: 'unsupported' | 'refused' | 'no answer' | 'mismatch' | 'launch refused'; message: string };

export type LtiPlatformStorageEvent =
  /** The platform answered `lti.capabilities`: whether it offers the storage messages, and the frame to send them to. */
  | { type: 'capabilities.answered'; storage: boolean; frame: string | null }
  /** The platform stored a value, or answered a read (`value` null: it holds none under the key). */
  | { type: 'storage.answered'; key: string; value: string | null }
  /** The platform refused a store or a read (its error code and message). */
  | { type: 'storage.refused'; key: string; code: string; message: string };

export type LtiPlatformStorageContext = {
  mode: StorageMode;
  entries: StorageEntry[];
  capabilitiesWaitMs: number;
  answerWaitMs: number;
  /** The frame the storage messages go to: null until the platform names one (then the LMS's `lti_storage_target`). */
  frame: string | null;
  /** The keys the platform answered as expected. */
  answered: string[];
  problem: StorageProblem | null;
  /** Where the launch opens (the server's answer to the checked launch). */
  location: string | null;
};

/** Asks the server to open the launch whose state and nonce the storage confirmed; resolves with the address to go to. */
const confirmLaunch = fromPromise<string>(async () => {
  throw new Error('confirmLaunch is not provided');
});

export const ltiPlatformStorageMachine = setup({
  types: {
    context: {} as LtiPlatformStorageContext,
    events: {} as LtiPlatformStorageEvent,
    input: {} as LtiPlatformStorageInput,
  },
  actors: { confirmLaunch },
  actions: {
    /** Post `lti.capabilities` to the LMS's window. */
    askCapabilities: () => {},
    /** Post `lti.put_data` (store) or `lti.get_data` (check) for every entry to the storage frame. */
    sendRequests: () => {},
    /** Go on to the platform's auth URL (the login page): with the values stored, or with the state cookie alone. */
    continueToPlatform: () => {},
    /** Open the address the server answered (the launch page). */
    openLaunch: () => {},
    /** Say on the page why the launch cannot go on. */
    showRefusal: () => {},
    takeFrame: assign({
      frame: ({ event }) => {
        assertEvent(event, 'capabilities.answered');
        return event.frame;
      },
    }),
    recordAnswer: assign({
      answered: ({ context, event }) => {
        assertEvent(event, 'storage.answered');
        return context.answered.includes(event.key) ? context.answered : [...context.answered, event.key];
      },
    }),
    rememberProblem: assign({ problem: (_, problem: StorageProblem) => problem }),
    takeLocation: assign({ location: (_, location: string) => location }),
  },
  guards: {
    offersStorage: ({ event }) => {
      assertEvent(event, 'capabilities.answered');
      return event.storage;
    },
    /** A read answered with another value than this login's (or none): another browser's login. */
    answerMismatches: ({ context, event }) => {
      assertEvent(event, 'storage.answered');
      const entry = context.entries.find((e) => e.key === event.key);
      return context.mode === 'check' && entry !== undefined && event.value !== entry.value;
    },
    /** An answer to a key this page did not ask about (or asked already): nothing to record. */
    unaskedKey: ({ context, event }) => {
      assertEvent(event, ['storage.answered', 'storage.refused']);
      return !context.entries.some((e) => e.key === event.key) || context.answered.includes(event.key);
    },
    allAnswered: ({ context }) => context.entries.every((e) => context.answered.includes(e.key)),
    checking: ({ context }) => context.mode === 'check',
  },
  delays: {
    capabilitiesWait: ({ context }) => context.capabilitiesWaitMs,
    answerWait: ({ context }) => context.answerWaitMs,
  },
}).createMachine({
  id: 'ltiPlatformStorage',
  description: 'An LTI login or launch page keeping the login’s state and nonce in the LMS’s storage frame where the browser keeps no cookie of the tool.',
  context: ({ input }) => ({
    mode: input.mode,
    entries: input.entries,
    capabilitiesWaitMs: input.capabilitiesWaitMs ?? CAPABILITIES_WAIT_MS,
    answerWaitMs: input.answerWaitMs ?? ANSWER_WAIT_MS,
    frame: null,
    answered: [],
    problem: null,
    location: null,
  }),
  initial: 'askingCapabilities',
  states: {
    askingCapabilities: {
      description: 'Asking the LMS which postMessages it answers (lti.capabilities).',
      entry: 'askCapabilities',
      on: {
        'capabilities.answered': [
          { guard: 'offersStorage', target: 'exchanging', actions: 'takeFrame', description: 'The LMS offers its storage (and names the frame for it).' },
          {
            target: 'withoutStorage',
            actions: { type: 'rememberProblem', params: { reason: 'unsupported', message: 'The LMS does not offer lti.put_data and lti.get_data.' } },
            description: 'The LMS answers but offers no storage.',
          },
        ],
      },
      after: {
        capabilitiesWait: { target: 'exchanging', description: 'No answer: the storage frame the LMS named at the login is used as it is.' },
      },
    },
    exchanging: {
      description: 'The state and the nonce are being stored (login) or read back (launch).',
      entry: 'sendRequests',
      on: {
        'storage.answered': [
          { guard: 'unaskedKey', description: 'An answer this page did not ask for (another page’s, or a repeat): ignored.' },
          {
            guard: 'answerMismatches',
            target: 'refused',
            actions: { type: 'rememberProblem', params: { reason: 'mismatch', message: 'The LMS’s storage does not hold this login’s state and nonce: another browser began it.' } },
            description: 'The storage holds another value (or none): this browser did not begin this login.',
          },
          { actions: 'recordAnswer', description: 'A value stored, or read back as expected.' },
        ],
        'storage.refused': [
          { guard: 'unaskedKey', description: 'A refusal of a request this page did not make: ignored.' },
          {
            target: 'withoutStorage',
            actions: {
              type: 'rememberProblem',
              params: ({ event }) => ({ reason: 'refused' as const, message: `The LMS refused its storage: ${event.code}${event.message ? ` (${event.message})` : ''}.` }),
            },
            description: 'The LMS refused to store or read a value.',
          },
        ],
      },
      always: [
        { guard: 'allAnswered', target: 'answered', description: 'Every value is stored or read back.' },
      ],
      after: {
        answerWait: {
          target: 'withoutStorage',
          actions: { type: 'rememberProblem', params: { reason: 'no answer', message: 'The LMS’s storage frame did not answer.' } },
          description: 'The LMS’s storage did not answer in time.',
        },
      },
    },
    answered: {
      description: 'The storage answered every request.',
      always: [
        { guard: 'checking', target: 'confirming', description: 'Read back as expected: the server may open the launch.' },
        { target: 'continuing', description: 'Stored: on to the platform.' },
      ],
    },
    withoutStorage: {
      description: 'The storage cannot be used.',
      always: [
        { guard: 'checking', target: 'refused', description: 'A launch that cannot be checked is refused.' },
        { target: 'continuing', description: 'The login goes on with the state cookie alone.' },
      ],
    },
    confirming: {
      description: 'The server verifies the launch and opens it (a same-origin JSON request, which a page of another site cannot make).',
      invoke: {
        id: 'confirmLaunch',
        src: 'confirmLaunch',
        onDone: {
          target: 'launching',
          actions: { type: 'takeLocation', params: ({ event }) => event.output },
          description: 'The server accepted the launch: to the course.',
        },
        onError: {
          target: 'refused',
          actions: {
            type: 'rememberProblem',
            params: ({ event }) => ({ reason: 'launch refused' as const, message: event.error instanceof Error ? event.error.message : String(event.error) }),
          },
          description: 'The server refused the launch (or did not answer).',
        },
      },
    },
    continuing: {
      description: 'To the platform’s auth URL.',
      entry: 'continueToPlatform',
      type: 'final',
    },
    launching: {
      description: 'To the course the launch opens.',
      entry: 'openLaunch',
      type: 'final',
    },
    refused: {
      description: 'The launch is refused; the page says why.',
      entry: 'showRefusal',
      type: 'final',
    },
  },
});

export type LtiPlatformStorageSnapshot = SnapshotFrom<typeof ltiPlatformStorageMachine>;
