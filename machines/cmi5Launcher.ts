import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LaunchMode, MoveOn } from '../model/cmi5';
import { CMI5_VERSION, type Learner, type LmsHelloMessage, type LmsResultMessage } from '../model/hostMessages';

/*
 * The lifecycle of a cmi5 AU's launch page (cmi5 specification sections 7 to 11; the glue is
 * server/cmi5/launcher/launcher.ts): the authorization token from the LMS's fetch URL, the LMS's
 * launch data and the learner's preferences, `initialized`, the course in a frame, the statements its
 * progress and results call for, and `terminated` last.
 */


/** The LMS.LaunchData document as the AU uses it (section 10.2). */
export type LaunchData = {
  /** The template of every statement's context: the session id, the publisher id activity, … (kept as the LMS wrote it). */
  contextTemplate: Record<string, unknown>;
  launchMode: LaunchMode;
  moveOn: MoveOn;
  /** 0 to 1; null: the LMS sets none (then the AU sends neither passed nor failed). */
  masteryScore: number | null;
  /** Where the exit leads; null: the LMS gives none. */
  returnUrl: string | null;
};

/**
 * What the AU keeps for itself in the LMS's State API (its own document, beside LMS.LaunchData): the
 * course's state to resume (the guest session), and which once-per-registration statements went.
 */
export type AuMemory = { suspendData: string; completed: boolean; passed: boolean };
export const NOTHING_REMEMBERED: AuMemory = { suspendData: '', completed: false, passed: false };

/** What the launch reads from the LMS after the token. */
export type LaunchRead = {
  launchData: LaunchData;
  /** The learner's languages, most preferred first (cmi5LearnerPreferences languagePreference; empty: none). */
  languages: string[];
  memory: AuMemory;
};

/** The verbs of the cmi5 defined statements an AU sends (section 9.3). */
export type Cmi5Verb = 'initialized' | 'completed' | 'passed' | 'failed' | 'terminated';

/** A statement to send, decided by the chart; the glue builds it (server/cmi5/launcher/statements.ts). */
export type PendingStatement = {
  /** The statement's id (a UUID), chosen when it is decided: sent again, it is the same statement. */
  id: string;
  verb: Cmi5Verb;
  /** When it happened (ms since the epoch): the statement's timestamp, and the end of its duration. */
  at: number;
  /** The scaled score, on passed and failed. */
  score?: number;
};

/** Which call went wrong: the page's message depends on it. */
export type Cmi5Failure = { during: 'token' | 'launchData' | 'initialized' | 'statements'; message: string };

export type Cmi5LauncherInput = {
  /** The launch parameters were there and sound; false: opened outside an LMS. */
  launched: boolean;
  /** The learner the LMS launched for (its actor's name, else a fallback). */
  learner: Learner;
  /** The top-level chapter this AU covers (its public id); absent: the whole material. */
  chapterPublicId?: string | null;
  /** Milliseconds now (timestamps, durations); default Date.now. */
  now?: () => number;
  /** A new statement id (a random UUID); default crypto.randomUUID. */
  newId?: () => string;
  /** Pause before a failed statement request is tried again (default CMI5_RETRY_DELAY_MS). */
  retryDelayMs?: number;
};

export const CMI5_RETRY_DELAY_MS = 5000;
/** Longest course state the AU keeps (the viewer's is about 40 characters). */
export const CMI5_SUSPEND_DATA_LIMIT = 64000;

export type Cmi5LauncherEvent =
  | { type: 'frame.loaded' }
  | { type: 'viewer.ready' }
  | { type: 'viewer.progress'; value: number }
  | { type: 'viewer.result'; result: Omit<LmsResultMessage, 'type'> }
  /** The learner chose to leave the course (the exit button): terminated, then back to the LMS. */
  | { type: 'exit.requested' }
  /** The page is left (`pagehide`): terminated goes with a keepalive request. */
  | { type: 'page.leave' };

export type Cmi5LauncherContext = {
  launched: boolean;
  learner: Learner;
  chapterPublicId: string | null;
  now: () => number;
  newId: () => string;
  retryDelayMs: number;
  launch: LaunchRead | null;
  /** When `initialized` was stated (the start of every duration). */
  startedAt: number;
  /** The id of this session's initialized statement. */
  initializedId: string;
  memory: AuMemory;
  /** Passed or failed was stated in this session (only one of them per session). */
  judged: boolean;
  /** Decided, not yet sent. */
  queue: PendingStatement[];
  /** Being sent. */
  sending: PendingStatement[];
  lastError: Cmi5Failure | null;
};

/** Sends the statements in order (one request; resolves once the LMS stored them). */
export type SendStatementsInput = { statements: PendingStatement[] };

const fetchToken = fromPromise<void>(async () => {
  throw new Error('fetchToken is not provided');
});
const readLaunch = fromPromise<LaunchRead>(async () => {
  throw new Error('readLaunch is not provided');
});
const sendStatements = fromPromise<void, SendStatementsInput>(async () => {
  throw new Error('sendStatements is not provided');
});

/** A statement decided on, before it gets its id and time. */
export type Decided = Omit<PendingStatement, 'id' | 'at'>;

type ViewerEvent = Extract<Cmi5LauncherEvent, { type: 'viewer.progress' | 'viewer.result' }>;

/** What a report of the viewer changes: statements to send, and what the AU remembers (pure). */
export function consequencesOf(
  context: Pick<Cmi5LauncherContext, 'launch' | 'memory' | 'judged'>,
  event: ViewerEvent,
): { statements: Decided[]; memory: AuMemory; judged: boolean } {
  const report = event.type === 'viewer.progress' ? { progress: event.value } : event.result;
  const memory = { ...context.memory };
  const statements: Decided[] = [];
  let judged = context.judged;
  if (report.suspendData !== undefined && report.suspendData.length <= CMI5_SUSPEND_DATA_LIMIT) memory.suspendData = report.suspendData;
  const data = context.launch?.launchData;
  if (data?.launchMode === 'Normal') {
    const complete = report.completion === 'completed' || (report.progress !== undefined && report.progress >= 1);
    if (complete && !memory.completed) {
      statements.push({ verb: 'completed' });
      memory.completed = true;
    }
    // Judged against the LMS's mastery score only; the viewer reports success once every question is answered.
    if (data.masteryScore !== null && report.score !== undefined && (report.success === 'passed' || report.success === 'failed') && !judged && !memory.passed) {
      const passed = report.score >= data.masteryScore;
      statements.push({ verb: passed ? 'passed' : 'failed', score: report.score });
      memory.passed = passed;
      judged = true;
    }
  }
  return { statements, memory, judged };
}

const sameMemory = (a: AuMemory, b: AuMemory) => a.suspendData === b.suspendData && a.completed === b.completed && a.passed === b.passed;

/** The hello the launch page posts to the viewer: the LMS's learner, the state to resume and, in Normal mode, the mastery score. */
export function cmi5HelloOf(context: Pick<Cmi5LauncherContext, 'learner' | 'memory' | 'launch' | 'chapterPublicId'>): LmsHelloMessage {
  const data = context.launch?.launchData;
  return {
    type: 'lms:hello',
    standard: 'cmi5',
    version: CMI5_VERSION,
    learner: context.learner,
    suspendData: context.memory.suspendData,
    entry: context.memory.suspendData ? 'resume' : 'ab-initio',
    suspendDataLimit: CMI5_SUSPEND_DATA_LIMIT,
    passingScore: data?.launchMode === 'Normal' ? data.masteryScore : null,
    chapterPublicId: context.chapterPublicId,
  };
}

const viewerTransitions = (what: string) => [
  {
    guard: 'changesMemory' as const,
    actions: ['takeReport' as const, 'saveMemory' as const],
    description: `${what}: what it calls for is queued, and what the AU remembers is saved in the LMS.`,
  },
  { actions: 'takeReport' as const, description: `${what}: what it calls for (if anything) is queued.` },
];

/**
 * One launch of the AU: `fetchingToken` (the one POST to the fetch URL), `readingLaunch`
 * (LMS.LaunchData, never written; cmi5LearnerPreferences; the AU's own state document),
 * `initializing` (the `initialized` statement, the session's first), then `running`: the course in its
 * frame, its reports turned into statements (completed at progress 1, passed or failed against the
 * mastery score, only in Normal mode and at most once per registration), sent in order, tried again
 * after a failure. The exit button sends what is queued and `terminated` and then goes to the
 * returnURL (`exiting`, `exited`); leaving the page sends them with a keepalive request (`terminated`).
 */
export const cmi5LauncherMachine = setup({
  types: {
    input: {} as Cmi5LauncherInput,
    context: {} as Cmi5LauncherContext,
    events: {} as Cmi5LauncherEvent,
  },
  actors: { fetchToken, readLaunch, sendStatements },
  actions: {
    /** Show the course: a frame on the share's URL (the server's origin). */
    openCourse: () => {},
    /** Post `lms:hello` to the course frame (cmi5HelloOf), to the server's origin only. */
    sendHello: () => {},
    /** PUT the AU's memory to its State document (not LaunchData); a failure is only logged. */
    saveMemory: () => {},
    /** Send the statements (params) with a keepalive request: the page is going away. */
    sendOnLeave: (_, _statements: PendingStatement[]) => {},
    /** Go to the LMS's returnURL (or, without one, show that the session ended). */
    returnToLms: () => {},
    takeLaunch: assign((_, launch: LaunchRead) => ({ launch, memory: launch.memory })),
    start: assign(({ context }) => ({ startedAt: context.now(), initializedId: context.newId() })),
    takeReport: assign(({ context, event }) => {
      assertEvent(event, ['viewer.progress', 'viewer.result']);
      const next = consequencesOf(context, event);
      const at = context.now();
      return { memory: next.memory, judged: next.judged, queue: [...context.queue, ...next.statements.map((s) => ({ ...s, id: context.newId(), at }))] };
    }),
    takeQueue: assign({ sending: ({ context }) => context.queue, queue: [] }),
    sent: assign({ sending: [], lastError: null }),
    requeue: assign({ queue: ({ context }) => [...context.sending, ...context.queue], sending: [] }),
    queueTerminated: assign({ queue: ({ context }) => [...context.queue, { id: context.newId(), verb: 'terminated' as const, at: context.now() }] }),
    rememberFailure: assign({
      lastError: (_, failure: Cmi5Failure) => failure,
    }),
  },
  guards: {
    launched: ({ context }) => context.launched,
    hasQueue: ({ context }) => context.queue.length > 0,
    changesMemory: ({ context, event }) => {
      assertEvent(event, ['viewer.progress', 'viewer.result']);
      return !sameMemory(context.memory, consequencesOf(context, event).memory);
    },
  },
  delays: {
    retryDelay: ({ context }) => context.retryDelayMs,
  },
}).createMachine({
  id: 'cmi5Launcher',
  description: 'The launch page of a cmi5 AU: gets the token and launch data from the LMS, shows the course and states its progress and results.',
  context: ({ input }) => ({
    launched: input.launched,
    learner: input.learner,
    chapterPublicId: input.chapterPublicId ?? null,
    now: input.now ?? (() => Date.now()),
    newId: input.newId ?? (() => crypto.randomUUID()),
    retryDelayMs: input.retryDelayMs ?? CMI5_RETRY_DELAY_MS,
    launch: null,
    startedAt: 0,
    initializedId: '',
    memory: NOTHING_REMEMBERED,
    judged: false,
    queue: [],
    sending: [],
    lastError: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Reading the launch parameters of the address.',
      always: [
        { guard: 'launched', target: 'fetchingToken', description: 'The LMS launched the AU with its parameters.' },
        { target: 'noLms', description: 'No launch parameters: opened outside an LMS.' },
      ],
    },
    fetchingToken: {
      description: 'The one POST to the fetch URL for the authorization token.',
      invoke: {
        id: 'fetchToken',
        src: 'fetchToken',
        onDone: { target: 'readingLaunch', description: 'The LMS gave the token.' },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ during: 'token' as const, message: String((event.error as Error)?.message ?? event.error) }) },
          description: 'No token (the fetch URL answered an error or nothing): nothing can be recorded.',
        },
      },
    },
    readingLaunch: {
      description: 'Reading LMS.LaunchData, the learner preferences and the AU\'s own state document.',
      invoke: {
        id: 'readLaunch',
        src: 'readLaunch',
        onDone: { target: 'initializing', actions: { type: 'takeLaunch', params: ({ event }) => event.output }, description: 'The launch data is read.' },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ during: 'launchData' as const, message: String((event.error as Error)?.message ?? event.error) }) },
          description: 'The launch data could not be read: no statement could carry the session.',
        },
      },
    },
    initializing: {
      description: 'Sending the initialized statement, the first of the session.',
      entry: 'start',
      invoke: {
        id: 'sendInitialized',
        src: 'sendStatements',
        input: ({ context }) => ({ statements: [{ id: context.initializedId, verb: 'initialized' as const, at: context.startedAt }] }),
        onDone: { target: 'running', description: 'The LMS stored initialized: the course opens.' },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ during: 'initialized' as const, message: String((event.error as Error)?.message ?? event.error) }) },
          description: 'The LMS refused initialized: the session did not start.',
        },
      },
    },
    running: {
      description: 'The course shows in its frame; what the viewer reports becomes statements.',
      entry: 'openCourse',
      initial: 'idle',
      on: {
        'frame.loaded': { actions: 'sendHello', description: 'The frame loaded: hello to the viewer.' },
        'viewer.ready': { actions: 'sendHello', description: 'The viewer listens: hello to it.' },
        'viewer.progress': viewerTransitions('Progress'),
        'viewer.result': viewerTransitions('A result'),
        'exit.requested': { target: 'exiting', actions: ['requeue', 'queueTerminated'], description: 'The learner leaves: what is left and terminated go now.' },
        'page.leave': {
          target: 'terminated',
          actions: ['queueTerminated', { type: 'sendOnLeave', params: ({ context }) => context.queue }],
          description: 'The page is left: what is queued and terminated go with a keepalive request.',
        },
      },
      states: {
        idle: {
          description: 'Nothing to send.',
          always: { guard: 'hasQueue', target: 'sending', description: 'Statements are queued: send them.' },
        },
        sending: {
          description: 'The queued statements are being sent (one request).',
          entry: 'takeQueue',
          invoke: {
            id: 'sendQueued',
            src: 'sendStatements',
            input: ({ context }) => ({ statements: context.sending }),
            onDone: { target: 'idle', actions: 'sent', description: 'The LMS stored them.' },
            onError: {
              target: 'waiting',
              actions: ['requeue', { type: 'rememberFailure', params: ({ event }) => ({ during: 'statements' as const, message: String((event.error as Error)?.message ?? event.error) }) }],
              description: 'The request failed: they stay queued, in order, and are sent again after a pause.',
            },
          },
        },
        waiting: {
          description: 'A request failed; the statements wait for the next try.',
          after: { retryDelay: { target: 'sending', description: 'Try again.' } },
        },
      },
    },
    exiting: {
      description: 'The exit: the queued statements and terminated are sent, then the page goes to the LMS.',
      invoke: {
        id: 'sendFinal',
        src: 'sendStatements',
        input: ({ context }) => ({ statements: context.queue }),
        onDone: { target: 'exited', description: 'Terminated is stored.' },
        onError: {
          target: 'exited',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ during: 'statements' as const, message: String((event.error as Error)?.message ?? event.error) }) },
          description: 'The request failed: the learner goes back all the same (the LMS abandons the session).',
        },
      },
      on: {
        'page.leave': { target: 'terminated', description: 'The page is left while terminated is on its way (a keepalive request).' },
      },
    },
    exited: {
      description: 'Back to the LMS (its returnURL).',
      entry: 'returnToLms',
      type: 'final',
    },
    noLms: {
      description: 'Opened without launch parameters: the page says the course must be started from an LMS.',
      type: 'final',
    },
    failed: {
      description: 'The launch failed (token, launch data or initialized): the page says so; nothing is recorded.',
      type: 'final',
    },
    terminated: {
      description: 'The session ended with the page.',
      type: 'final',
    },
  },
});

export type Cmi5LauncherSnapshot = SnapshotFrom<typeof cmi5LauncherMachine>;
