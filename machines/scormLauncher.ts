import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import {
  SUSPEND_DATA_LIMITS,
  type Learner,
  type LmsHelloMessage,
  type LmsResultMessage,
  type ScormVersion,
  type Success,
} from '../model/hostMessages';

/**
 * Quiet time after a change that is not a change of status (score, progress, suspend data) before it
 * is committed: the values are written to the LMS at once, the commit waits so that a burst of
 * changes costs the LMS one commit. A change of status, hiding the page and leaving commit at once.
 */
export const SCORM_COMMIT_DELAY_MS = 3000;

/** Completion as the LMS holds it: SCORM 2004's four values (SCORM 1.2's lesson status is mapped onto them). */
export type LmsCompletion = 'not attempted' | 'unknown' | 'incomplete' | 'completed';

/** What the LMS holds for this learner, as read at the start and written since. */
export type LmsValues = {
  completion: LmsCompletion;
  success: Success;
  /** Scaled score, 0 to 1; null: none. */
  score: number | null;
  /** Progress measure, 0 to 1 (SCORM 2004 only; SCORM 1.2 has no such element); null: none. */
  progress: number | null;
  suspendData: string;
};

/** What a message of the viewer changes; only the changed values are present. */
export type LmsChanges = Partial<LmsValues> & {
  /** Suspend data longer than the LMS keeps: not written (never cut), the viewer is told. */
  refusedSuspendData?: { length: number; limit: number };
};

/** An error the LMS reported (its GetLastError code, GetErrorString text) and the call that got it. */
export type LmsError = { code: string; message: string; during: 'initialize' | 'write' | 'commit' | 'terminate' };

export type ScormLauncherInput = {
  version: ScormVersion;
  /** Longest suspend data the LMS keeps (default SUSPEND_DATA_LIMITS of the version). */
  suspendDataLimit?: number;
  /** Quiet time before a commit (default SCORM_COMMIT_DELAY_MS). */
  commitDelayMs?: number;
};

export type ScormLauncherEvent =
  /** The glue found the LMS's API object (`API` for 1.2, `API_1484_11` for 2004) in a parent or opener window. */
  | { type: 'api.found' }
  /** No API object in any parent or opener window: the page was opened outside an LMS. */
  | { type: 'api.missing' }
  /** LMSInitialize / Initialize succeeded; the learner and what the LMS holds were read. */
  | { type: 'lms.initialized'; learner: Learner; values: LmsValues; entry: LmsHelloMessage['entry']; passingScore?: number | null }
  /** LMSInitialize / Initialize answered "false". */
  | { type: 'lms.initFailed'; error: LmsError }
  /** The course frame has loaded (its `load` event). */
  | { type: 'frame.loaded' }
  /** The viewer posted `lms:ready`: it listens for the hello. */
  | { type: 'viewer.ready' }
  /** The viewer posted `{product}:progress`. */
  | { type: 'viewer.progress'; value: number }
  /** The viewer posted `lms:result`. */
  | { type: 'viewer.result'; result: Omit<LmsResultMessage, 'type'> }
  /** LMSSetValue / SetValue answered "false" for a value. */
  | { type: 'lms.writeFailed'; error: LmsError }
  /** LMSCommit / Commit succeeded. */
  | { type: 'lms.committed' }
  /** LMSCommit / Commit answered "false". */
  | { type: 'lms.commitFailed'; error: LmsError }
  /** The page was hidden (`visibilitychange`): a pending commit goes now, the page may never come back. */
  | { type: 'page.hidden' }
  /** The page is left (`pagehide` / `unload`): the session ends. */
  | { type: 'page.leave' };

export type ScormLauncherContext = {
  version: ScormVersion;
  suspendDataLimit: number;
  commitDelayMs: number;
  learner: Learner | null;
  entry: LmsHelloMessage['entry'];
  values: LmsValues;
  /** The LMS's passing score, 0 to 1 (1.2 mastery_score / 100, 2004 scaled_passing_score); null when it sets none. */
  passingScore: number | null;
  /** The last error the LMS reported (shown by the launch page); null when none. */
  lastError: LmsError | null;
};

export const NOTHING_STORED: LmsValues = { completion: 'not attempted', success: 'unknown', score: null, progress: null, suspendData: '' };

type ViewerEvent = Extract<ScormLauncherEvent, { type: 'viewer.progress' | 'viewer.result' }>;

const higher = (old: number | null, value: number): number => (old === null ? value : Math.max(old, value));

/**
 * What a message of the viewer changes in what the LMS holds (pure). Rules: completion only moves up
 * (a course completed once stays completed in the LMS, as progress only rises: spec section 4,
 * Progress); not attempted becomes incomplete with the first message; progress is the highest
 * reported; success and score follow the latest result; suspend data longer than the limit is refused.
 */
export function changesOf(values: LmsValues, event: ScormLauncherEvent, suspendDataLimit: number): LmsChanges {
  if (event.type !== 'viewer.progress' && event.type !== 'viewer.result') return {};
  const { completion, progress, success, score, suspendData } = reported(event);
  const changes: LmsChanges = {};
  const nextCompletion: LmsCompletion =
    values.completion === 'completed' || completion === 'completed' ? 'completed' : 'incomplete';
  if (nextCompletion !== values.completion) changes.completion = nextCompletion;
  if (progress !== undefined) {
    const next = higher(values.progress, progress);
    if (next !== values.progress) changes.progress = next;
  }
  if (success !== undefined && success !== values.success) changes.success = success;
  if (score !== undefined && score !== values.score) changes.score = score;
  if (suspendData !== undefined && suspendData !== values.suspendData) {
    if (suspendData.length > suspendDataLimit) changes.refusedSuspendData = { length: suspendData.length, limit: suspendDataLimit };
    else changes.suspendData = suspendData;
  }
  return changes;
}

/** A viewer message as values: progress 1 is completion. */
function reported(event: ViewerEvent): Omit<LmsResultMessage, 'type'> {
  if (event.type === 'viewer.progress') return { progress: event.value, completion: event.value >= 1 ? 'completed' : 'incomplete' };
  const r = event.result;
  const completion = r.completion ?? (r.progress !== undefined && r.progress >= 1 ? 'completed' : undefined);
  return { completion, success: r.success, score: r.score, progress: r.progress, suspendData: r.suspendData };
}

/** The values after the changes were written. */
export function valuesAfter(values: LmsValues, changes: LmsChanges): LmsValues {
  const { refusedSuspendData: _refused, ...written } = changes;
  return { ...values, ...written };
}

/** Completion or success changes: committed at once. */
export const changesStatus = (changes: LmsChanges): boolean => changes.completion !== undefined || changes.success !== undefined;
/** Anything to write. */
export const changesValues = (changes: LmsChanges): boolean =>
  Object.keys(changes).some((key) => key !== 'refusedSuspendData');

/** Status a fresh attempt starts with: not attempted (or unknown) becomes incomplete as soon as the course opens. */
export const isFreshAttempt = (values: LmsValues): boolean => values.completion === 'not attempted' || values.completion === 'unknown';

/** The hello the launch page posts to the viewer. */
export function helloOf(context: Pick<ScormLauncherContext, 'version' | 'learner' | 'values' | 'entry' | 'suspendDataLimit' | 'passingScore'>): LmsHelloMessage {
  return {
    type: 'lms:hello',
    standard: 'scorm',
    version: context.version,
    learner: context.learner ?? { id: '', name: '', firstName: '', lastName: '' },
    suspendData: context.values.suspendData,
    entry: context.entry,
    suspendDataLimit: context.suspendDataLimit,
    passingScore: context.passingScore,
  };
}

const changesOfContext = ({ context, event }: { context: ScormLauncherContext; event: ScormLauncherEvent }) =>
  changesOf(context.values, event, context.suspendDataLimit);

/**
 * The lifecycle of a SCORM package's launch page (issue 13; server/scorm/launcher/launcher.ts is its
 * glue): find the LMS's API, initialise the session, show the course in a frame, hand the viewer's
 * progress and results to the LMS and end the session when the page is left.
 *
 * The SCORM API answers synchronously, so the glue provides the LMS calls as actions that call the
 * API at once and send the answer back as an event (`api.found`, `lms.initialized`, `lms.committed`,
 * …): the whole lifecycle, Terminate included, runs within the `pagehide` handler that ends it.
 * Values are written as they change; a change of completion or success is committed at once, other
 * changes after SCORM_COMMIT_DELAY_MS without a change, or at once when the page is hidden or left.
 */
export const scormLauncherMachine = setup({
  types: {
    input: {} as ScormLauncherInput,
    context: {} as ScormLauncherContext,
    events: {} as ScormLauncherEvent,
  },
  actions: {
    /** Look for the API through parent windows (bounded), then the opener and its parents; answers `api.found` or `api.missing`. */
    findApi: () => {},
    /** LMSInitialize("") / Initialize(""), then read learner id and name, status, score and suspend data; answers `lms.initialized` or `lms.initFailed`. */
    initialize: () => {},
    /** Show the course: a frame on the share's URL (the server's origin). */
    openCourse: () => {},
    /** Post `lms:hello` (learner, suspend data) to the course frame, to the server's origin only. */
    sendHello: () => {},
    /** LMSSetValue / SetValue of each changed value (params: the changes); refused suspend data is posted back to the viewer as `lms:notice`. */
    write: (_, _changes: LmsChanges) => {},
    /** Session time so far, then LMSCommit("") / Commit(""); answers `lms.committed` or `lms.commitFailed`. */
    commit: () => {},
    /** Session time and exit ("suspend": the attempt stays resumable), LMSCommit, then LMSFinish("") / Terminate(""). */
    terminate: () => {},
    takeStart: assign(({ event }) => {
      assertEvent(event, 'lms.initialized');
      return { learner: event.learner, values: event.values, entry: event.entry, passingScore: event.passingScore ?? null };
    }),
    startAttempt: assign({ values: ({ context }) => ({ ...context.values, completion: 'incomplete' as const }) }),
    takeChanges: assign({ values: ({ context, event }) => valuesAfter(context.values, changesOfContext({ context, event })) }),
    rememberError: assign({
      lastError: ({ event }) => ('error' in event ? event.error : null),
    }),
    forgetCommitError: assign({ lastError: ({ context }) => (context.lastError?.during === 'commit' ? null : context.lastError) }),
  },
  guards: {
    /** The LMS holds no status yet (not attempted, unknown). */
    isFreshAttempt: ({ event }) => {
      assertEvent(event, 'lms.initialized');
      return isFreshAttempt(event.values);
    },
    /** The message changes completion or success. */
    changesStatus: (args) => changesStatus(changesOfContext(args)),
    /** The message changes score, progress or suspend data. */
    changesValues: (args) => changesValues(changesOfContext(args)),
    /** The message brings only suspend data longer than the LMS keeps. */
    refusesSuspendData: (args) => changesOfContext(args).refusedSuspendData !== undefined,
  },
  delays: {
    commitDelay: ({ context }) => context.commitDelayMs,
  },
}).createMachine({
  id: 'scormLauncher',
  description: 'The launch page of a SCORM package: finds the LMS, shows the course and hands its progress and results to the LMS.',
  context: ({ input }) => ({
    version: input.version,
    suspendDataLimit: input.suspendDataLimit ?? SUSPEND_DATA_LIMITS[input.version],
    commitDelayMs: input.commitDelayMs ?? SCORM_COMMIT_DELAY_MS,
    learner: null,
    entry: '',
    passingScore: null,
    values: NOTHING_STORED,
    lastError: null,
  }),
  initial: 'findingApi',
  states: {
    findingApi: {
      description: 'Looking for the LMS API in the parent windows and the opener.',
      entry: 'findApi',
      on: {
        'api.found': { target: 'initialising', description: 'The API is there.' },
        'api.missing': { target: 'noLms', description: 'Opened outside an LMS.' },
      },
    },
    initialising: {
      description: 'The session is being initialised; the learner and what the LMS holds are read.',
      entry: 'initialize',
      on: {
        'lms.initialized': [
          {
            guard: 'isFreshAttempt',
            target: 'running.committing',
            actions: ['takeStart', { type: 'write', params: { completion: 'incomplete' } }, 'startAttempt'],
            description: 'A first attempt: the status becomes incomplete at once.',
          },
          { target: 'running', actions: 'takeStart', description: 'An attempt that goes on: its status stays.' },
        ],
        'lms.initFailed': { target: 'failed', actions: 'rememberError', description: 'The LMS refused to start the session.' },
      },
    },
    running: {
      description: 'The course shows in its frame; what the viewer reports goes to the LMS.',
      entry: 'openCourse',
      initial: 'saved',
      on: {
        'frame.loaded': { actions: 'sendHello', description: 'The frame loaded: hello to the viewer.' },
        'viewer.ready': { actions: 'sendHello', description: 'The viewer listens: hello to it.' },
        'viewer.progress': [
          {
            guard: 'changesStatus',
            target: '.committing',
            actions: [{ type: 'write', params: changesOfContext }, 'takeChanges'],
            description: 'Progress completes the course (or starts it): written and committed.',
          },
          {
            guard: 'changesValues',
            target: '.unsaved',
            actions: [{ type: 'write', params: changesOfContext }, 'takeChanges'],
            description: 'Higher progress: written, committed after the quiet time.',
          },
        ],
        'viewer.result': [
          {
            guard: 'changesStatus',
            target: '.committing',
            actions: [{ type: 'write', params: changesOfContext }, 'takeChanges'],
            description: 'Completion or success changed: written and committed.',
          },
          {
            guard: 'changesValues',
            target: '.unsaved',
            actions: [{ type: 'write', params: changesOfContext }, 'takeChanges'],
            description: 'Score, progress or suspend data changed: written, committed after the quiet time.',
          },
          {
            guard: 'refusesSuspendData',
            actions: { type: 'write', params: changesOfContext },
            description: 'Only suspend data too long for the LMS: refused, the viewer is told.',
          },
        ],
        'lms.writeFailed': { actions: 'rememberError', description: 'The LMS refused a value: the page says so.' },
        'page.leave': { target: 'terminated', actions: 'terminate', description: 'The page is left: the session ends.' },
      },
      states: {
        saved: {
          description: 'Everything written is committed.',
        },
        unsaved: {
          description: 'Values are written, their commit waits for a quiet moment.',
          after: { commitDelay: { target: 'committing', description: 'No change for a while: commit.' } },
          on: { 'page.hidden': { target: 'committing', description: 'The page was hidden: commit now.' } },
        },
        committing: {
          description: 'LMSCommit / Commit (the SCORM API answers at once).',
          entry: 'commit',
          on: {
            'lms.committed': { target: 'saved', actions: 'forgetCommitError', description: 'Committed.' },
            'lms.commitFailed': { target: 'unsaved', actions: 'rememberError', description: 'The commit failed: shown, tried again after the quiet time.' },
          },
        },
      },
    },
    noLms: {
      description: 'No LMS API: the page says the course must be started from an LMS; the course is not opened.',
      type: 'final',
    },
    failed: {
      description: 'The LMS refused to initialise: the page shows its error; the course is not opened.',
      type: 'final',
    },
    terminated: {
      description: 'The session ended (LMSFinish / Terminate).',
      type: 'final',
    },
  },
});

export type ScormLauncherSnapshot = SnapshotFrom<typeof scormLauncherMachine>;
