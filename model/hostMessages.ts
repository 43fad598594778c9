/**
 * The messages between the viewer in a frame and the page that frames it (spec section 4, Tracking:
 * "progress is also posted to the host page"; issue 13: the SCORM launch page of an LMS package;
 * issue 26: the cmi5 AU launch page, server/cmi5/launcher/, whose hello says `standard: 'cmi5'`).
 *
 * The two pages live on different origins (the LMS and this server), so they talk through
 * `postMessage` only, never through shared globals, and each checks the other's origin:
 *
 * - The launch page (server/scorm/launcher/) knows the server's origin from its package: it posts
 *   only to that origin (`postMessage(message, serverOrigin)`) and takes a message only when
 *   `event.origin` is that origin and `event.source` is its course frame.
 * - The viewer cannot know the LMS's origin in advance. It takes host messages only from
 *   `window.parent`, pins the origin of the first `lms:hello` it takes, and from then on takes host
 *   messages only from that origin and posts anything that carries learner data (`lms:result`) only
 *   to it (`createHostChannel` below). `{product}:progress` (a number, no personal data) and
 *   `lms:ready` (no data) may go to any framing page, as progress always did.
 *
 * Conversation: the viewer, once it listens, posts `lms:ready`; the launch page answers (and also
 * posts once its frame has loaded) `lms:hello` with the learner and the suspend data the LMS holds.
 * The viewer then posts `{product}:progress` on every progress change and `lms:result` whenever
 * completion, success, score or its state to resume (suspend data) change; the launch page
 * answers a refused or failed write with `lms:notice`.
 *
 * Plain type guards, no zod: the launch page's script is built from this file without a bundler's
 * tree of dependencies (server/scorm/launchScript.ts), and the viewer's first route stays small.
 */

import { PRODUCT, PROGRESS_MESSAGE_TYPE } from './progressMessage';

export { PRODUCT, PROGRESS_MESSAGE_TYPE };
/** Viewer → host: the viewer listens now; the host may send its `lms:hello`. */
export const LMS_READY_MESSAGE_TYPE = 'lms:ready';
/** Host → viewer: the learner as the LMS knows them and the suspend data it holds. */
export const LMS_HELLO_MESSAGE_TYPE = 'lms:hello';
/** Viewer → host: completion, success, score, progress and the state to resume. */
export const LMS_RESULT_MESSAGE_TYPE = 'lms:result';
/** Host → viewer: a value the launch page could not hand to the LMS. */
export const LMS_NOTICE_MESSAGE_TYPE = 'lms:notice';

export type ScormVersion = '1.2' | '2004';
export const SCORM_VERSIONS: readonly ScormVersion[] = ['1.2', '2004'];

/**
 * Longest suspend data the LMS must keep, in characters: `cmi.suspend_data` is a CMIString4096 in
 * SCORM 1.2 and has a smallest permitted maximum of 64,000 characters in SCORM 2004 4th edition.
 * Longer suspend data is refused whole, never cut: cut data would not restore.
 */
export const SUSPEND_DATA_LIMITS: Readonly<Record<ScormVersion, number>> = { '1.2': 4096, '2004': 64000 };

export type Completion = 'completed' | 'incomplete';
export type Success = 'passed' | 'failed' | 'unknown';

/** Viewer → host, on every progress change: 0 to 1, 1 is complete. */
export type ProgressMessage = { type: typeof PROGRESS_MESSAGE_TYPE; value: number };
export type LmsReadyMessage = { type: typeof LMS_READY_MESSAGE_TYPE };
/**
 * Viewer → host: what changed, each field optional (a field left out keeps what the LMS has).
 * `score` is scaled, 0 to 1 (the share of the questions answered correctly), only for a material
 * with questions; `success` likewise. `progress` is the material's progress, 0 to 1.
 */
export type LmsResultMessage = {
  type: typeof LMS_RESULT_MESSAGE_TYPE;
  completion?: Completion;
  success?: Success;
  score?: number;
  progress?: number;
  suspendData?: string;
};
export type ViewerToHostMessage = ProgressMessage | LmsReadyMessage | LmsResultMessage;

export type Learner = {
  /** `cmi.core.student_id` (1.2) or `cmi.learner_id` (2004). */
  id: string;
  /** As the LMS gives it (`cmi.core.student_name` / `cmi.learner_name`), usually "Last, First". */
  name: string;
  firstName: string;
  lastName: string;
};

/** The standard of the launch page: a SCORM package's, or a cmi5 AU's (server/cmi5, cmi5 of 2016 and later, "Quartz"). */
export type HostStandard = { standard: 'scorm'; version: ScormVersion } | { standard: 'cmi5'; version: typeof CMI5_VERSION };
export const CMI5_VERSION = '1.0';

export type LmsHelloMessage = HostStandard & {
  type: typeof LMS_HELLO_MESSAGE_TYPE;
  learner: Learner;
  /** What the viewer last stored (empty on a first attempt). */
  suspendData: string;
  /** `ab-initio` (first launch), `resume` (a suspended attempt goes on) or empty (the LMS does not say). */
  entry: 'ab-initio' | 'resume' | '';
  /** The longest suspend data this LMS keeps (SUSPEND_DATA_LIMITS). */
  suspendDataLimit: number;
  /**
   * The score the LMS counts as passed, 0 to 1, when it sets one (1.2 `cmi.student_data.mastery_score`,
   * 2004 `cmi.scaled_passing_score`): the viewer then reports success once every question is answered.
   */
  passingScore?: number | null;
  /**
   * The public id of the top-level chapter the launch covers (a cmi5 AU per chapter): the viewer then
   * reports that chapter's progress and score instead of the material's. Absent or null: the material.
   */
  chapterPublicId?: string | null;
};

export type LmsNoticeCode = 'suspendDataTooLong' | 'lmsError';
export type LmsNoticeMessage = {
  type: typeof LMS_NOTICE_MESSAGE_TYPE;
  code: LmsNoticeCode;
  /** For `suspendDataTooLong`: the length sent and the limit; the LMS keeps the suspend data it had. */
  length?: number;
  limit?: number;
  /** For `lmsError`: the LMS's error code and text. */
  lmsErrorCode?: string;
  message: string;
};
export type HostToViewerMessage = LmsHelloMessage | LmsNoticeMessage;

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFraction = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
const isOneOf = <T extends string>(value: unknown, options: readonly T[]): value is T => typeof value === 'string' && (options as readonly string[]).includes(value);

const COMPLETIONS: readonly Completion[] = ['completed', 'incomplete'];
const SUCCESSES: readonly Success[] = ['passed', 'failed', 'unknown'];
const ENTRIES: readonly LmsHelloMessage['entry'][] = ['ab-initio', 'resume', ''];
const NOTICE_CODES: readonly LmsNoticeCode[] = ['suspendDataTooLong', 'lmsError'];

/**
 * A message the viewer sent, checked field by field; null for anything else (another product's
 * message, a bad value). Fields of a result that are not valid are left out; a result left with
 * nothing is null. Unknown fields are dropped.
 */
export function parseViewerMessage(data: unknown): ViewerToHostMessage | null {
  if (!isObject(data)) return null;
  switch (data.type) {
    case PROGRESS_MESSAGE_TYPE:
      return isFraction(data.value) ? { type: PROGRESS_MESSAGE_TYPE, value: data.value } : null;
    case LMS_READY_MESSAGE_TYPE:
      return { type: LMS_READY_MESSAGE_TYPE };
    case LMS_RESULT_MESSAGE_TYPE: {
      const result: LmsResultMessage = { type: LMS_RESULT_MESSAGE_TYPE };
      if (isOneOf(data.completion, COMPLETIONS)) result.completion = data.completion;
      if (isOneOf(data.success, SUCCESSES)) result.success = data.success;
      if (isFraction(data.score)) result.score = data.score;
      if (isFraction(data.progress)) result.progress = data.progress;
      if (typeof data.suspendData === 'string') result.suspendData = data.suspendData;
      return Object.keys(result).length > 1 ? result : null;
    }
    default:
      return null;
  }
}

/** A message the host (the launch page) sent, checked; null for anything else. */
export function parseHostMessage(data: unknown): HostToViewerMessage | null {
  if (!isObject(data)) return null;
  if (data.type === LMS_HELLO_MESSAGE_TYPE) {
    const learner = data.learner;
    const standard: HostStandard | null =
      data.standard === 'scorm' && isOneOf(data.version, SCORM_VERSIONS)
        ? { standard: 'scorm', version: data.version }
        : data.standard === 'cmi5' && data.version === CMI5_VERSION
          ? { standard: 'cmi5', version: CMI5_VERSION }
          : null;
    if (!standard || !isObject(learner)) return null;
    if (typeof learner.id !== 'string' || typeof learner.name !== 'string') return null;
    if (typeof data.suspendData !== 'string' || !isOneOf(data.entry, ENTRIES)) return null;
    if (typeof data.suspendDataLimit !== 'number' || !Number.isInteger(data.suspendDataLimit) || data.suspendDataLimit < 0) return null;
    const names = splitLearnerName(learner.name);
    return {
      type: LMS_HELLO_MESSAGE_TYPE,
      ...standard,
      learner: {
        id: learner.id,
        name: learner.name,
        firstName: typeof learner.firstName === 'string' ? learner.firstName : names.firstName,
        lastName: typeof learner.lastName === 'string' ? learner.lastName : names.lastName,
      },
      suspendData: data.suspendData,
      entry: data.entry,
      suspendDataLimit: data.suspendDataLimit,
      passingScore: isFraction(data.passingScore) ? data.passingScore : null,
      ...(typeof data.chapterPublicId === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(data.chapterPublicId) ? { chapterPublicId: data.chapterPublicId } : {}),
    };
  }
  if (data.type === LMS_NOTICE_MESSAGE_TYPE) {
    if (!isOneOf(data.code, NOTICE_CODES) || typeof data.message !== 'string') return null;
    const notice: LmsNoticeMessage = { type: LMS_NOTICE_MESSAGE_TYPE, code: data.code, message: data.message };
    if (typeof data.length === 'number') notice.length = data.length;
    if (typeof data.limit === 'number') notice.limit = data.limit;
    if (typeof data.lmsErrorCode === 'string') notice.lmsErrorCode = data.lmsErrorCode;
    return notice;
  }
  return null;
}

/**
 * First and last name from an LMS's learner name. SCORM names it "Last, First" (the common form);
 * without a comma the last word is taken as the last name ("Ada Lovelace"); a single word is a last name.
 */
export function splitLearnerName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const comma = trimmed.indexOf(',');
  if (comma >= 0) return { lastName: trimmed.slice(0, comma).trim(), firstName: trimmed.slice(comma + 1).trim() };
  const space = trimmed.lastIndexOf(' ');
  if (space < 0) return { firstName: '', lastName: trimmed };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

/** What the viewer's side of the channel needs of its window. */
export type ViewerWindow = { parent: { postMessage(message: unknown, targetOrigin: string): void } };
type IncomingEvent = { data: unknown; origin: string; source: unknown };

/**
 * The viewer's side of the channel to a framing host. `accept` takes a host message only from the
 * parent window, and once an `lms:hello` was taken only from that hello's origin (pinned); `post`
 * sends progress and `lms:ready` to any framing page (no personal data), and `lms:result` only to the
 * pinned origin (false, nothing sent, before a hello: the learner's data never goes to an unknown page).
 */
export function createHostChannel(win: ViewerWindow) {
  let hostOrigin: string | null = null;
  return {
    get hostOrigin(): string | null {
      return hostOrigin;
    },
    accept(event: IncomingEvent): HostToViewerMessage | null {
      if (event.source !== win.parent || (win.parent as unknown) === win) return null;
      if (hostOrigin !== null && event.origin !== hostOrigin) return null;
      const message = parseHostMessage(event.data);
      if (message?.type === LMS_HELLO_MESSAGE_TYPE && hostOrigin === null) hostOrigin = event.origin;
      return hostOrigin === null ? null : message;
    },
    post(message: ViewerToHostMessage): boolean {
      if ((win.parent as unknown) === win) return false;
      if (message.type === LMS_RESULT_MESSAGE_TYPE) {
        if (hostOrigin === null) return false;
        win.parent.postMessage(message, hostOrigin);
        return true;
      }
      win.parent.postMessage(message, '*');
      return true;
    },
  };
}
