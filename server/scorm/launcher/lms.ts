import { splitLearnerName, type Learner, type LmsHelloMessage, type ScormVersion } from '../../../model/hostMessages';
import type { LmsChanges, LmsCompletion, LmsError, LmsValues } from '../../../machines/scormLauncher';
import type { LmsApi } from './findApi';

/*
 * The SCORM run-time data model of both versions behind one interface: which `cmi.` elements hold
 * the learner, the status, the score, the progress and the suspend data, and how values are written.
 * Browser code of the launch page (server/scorm/launcher/).
 */

/** The LMS calls the launcher makes, the same for SCORM 1.2 and 2004. */
export interface Lms {
  version: ScormVersion;
  initialize(): boolean;
  getValue(element: string): string;
  setValue(element: string, value: string): boolean;
  commit(): boolean;
  terminate(): boolean;
  /** The last error: GetLastError's code with GetErrorString (and GetDiagnostic when it says more). */
  lastError(during: LmsError['during']): LmsError;
}

const isTrue = (answer: unknown) => String(answer) === 'true';

/**
 * The LMS's calls, each answering as SCORM says even when the LMS's code throws (a broken API object
 * must not stop the launcher): a throwing call answers "false" (or "" for a value), and the next
 * `lastError` names the exception.
 */
export function lmsOf(found: LmsApi): Lms {
  let thrown: unknown = null;
  const call = <T>(f: () => T, failed: T): T => {
    try {
      thrown = null;
      return f();
    } catch (error) {
      thrown = error;
      return failed;
    }
  };
  const lastError = (during: LmsError['during'], code: () => string | number, text: (c: string) => string, diagnostic: (c: string) => string): LmsError => {
    if (thrown !== null) return { code: 'exception', message: thrown instanceof Error ? thrown.message : String(thrown), during };
    return errorOf(call(code, ''), text, diagnostic, during);
  };
  if (found.version === '1.2') {
    const api = found.api;
    return {
      version: '1.2',
      initialize: () => call(() => isTrue(api.LMSInitialize('')), false),
      getValue: (element) => call(() => String(api.LMSGetValue(element) ?? ''), ''),
      setValue: (element, value) => call(() => isTrue(api.LMSSetValue(element, value)), false),
      commit: () => call(() => isTrue(api.LMSCommit('')), false),
      terminate: () => call(() => isTrue(api.LMSFinish('')), false),
      lastError: (during) => lastError(during, () => api.LMSGetLastError(), (c) => api.LMSGetErrorString(c), (c) => api.LMSGetDiagnostic(c)),
    };
  }
  const api = found.api;
  return {
    version: '2004',
    initialize: () => call(() => isTrue(api.Initialize('')), false),
    getValue: (element) => call(() => String(api.GetValue(element) ?? ''), ''),
    setValue: (element, value) => call(() => isTrue(api.SetValue(element, value)), false),
    commit: () => call(() => isTrue(api.Commit('')), false),
    terminate: () => call(() => isTrue(api.Terminate('')), false),
    lastError: (during) => lastError(during, () => api.GetLastError(), (c) => api.GetErrorString(c), (c) => api.GetDiagnostic(c)),
  };
}

function errorOf(
  code: string | number,
  text: (code: string) => string,
  diagnostic: (code: string) => string,
  during: LmsError['during'],
): LmsError {
  const c = String(code ?? '');
  const safe = (f: () => string) => {
    try {
      return String(f() ?? '');
    } catch {
      return '';
    }
  };
  const message = safe(() => text(c));
  const detail = safe(() => diagnostic(c));
  return { code: c, message: detail && detail !== message ? `${message} (${detail})` : message, during };
}

/** The elements of each version. */
export const ELEMENTS = {
  '1.2': {
    learnerId: 'cmi.core.student_id',
    learnerName: 'cmi.core.student_name',
    status: 'cmi.core.lesson_status',
    entry: 'cmi.core.entry',
    masteryScore: 'cmi.student_data.mastery_score',
    scoreRaw: 'cmi.core.score.raw',
    scoreMin: 'cmi.core.score.min',
    scoreMax: 'cmi.core.score.max',
    suspendData: 'cmi.suspend_data',
    sessionTime: 'cmi.core.session_time',
    exit: 'cmi.core.exit',
  },
  '2004': {
    learnerId: 'cmi.learner_id',
    learnerName: 'cmi.learner_name',
    completion: 'cmi.completion_status',
    success: 'cmi.success_status',
    entry: 'cmi.entry',
    passingScore: 'cmi.scaled_passing_score',
    scoreScaled: 'cmi.score.scaled',
    scoreRaw: 'cmi.score.raw',
    scoreMin: 'cmi.score.min',
    scoreMax: 'cmi.score.max',
    progress: 'cmi.progress_measure',
    suspendData: 'cmi.suspend_data',
    sessionTime: 'cmi.session_time',
    exit: 'cmi.exit',
  },
} as const;

/** A number as a SCORM decimal: at most 4 decimals (7 for a scaled score), no exponent. */
export const decimal = (value: number, digits = 4): string => String(Number(value.toFixed(digits)));

const number = (text: string): number | null => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** What the LMS holds at the start: the learner, the status, score, progress and suspend data, and the entry. */
export function readStart(lms: Lms): { learner: Learner; values: LmsValues; entry: LmsHelloMessage['entry']; passingScore: number | null } {
  const get = (element: string) => lms.getValue(element);
  const entryText = lms.version === '1.2' ? get(ELEMENTS['1.2'].entry) : get(ELEMENTS['2004'].entry);
  const entry: LmsHelloMessage['entry'] = entryText === 'ab-initio' || entryText === 'resume' ? entryText : '';
  const e = ELEMENTS[lms.version];
  const name = get(e.learnerName);
  const learner: Learner = { id: get(e.learnerId), name, ...splitLearnerName(name) };
  const passing = lms.version === '1.2' ? number(get(ELEMENTS['1.2'].masteryScore)) : number(get(ELEMENTS['2004'].passingScore));
  // 1.2 gives a mastery score of 0 to 100, 2004 a scaled passing score of -1 to 1 (below 0 everyone passes).
  const passingScore = passing === null ? null : clamp01(lms.version === '1.2' ? passing / 100 : passing);
  return { learner, values: lms.version === '1.2' ? readValues12(get) : readValues2004(get), entry, passingScore };
}

function readValues12(get: (element: string) => string): LmsValues {
  const e = ELEMENTS['1.2'];
  const status = get(e.status);
  const completion: LmsCompletion =
    status === 'passed' || status === 'failed' || status === 'completed' ? 'completed' : status === 'incomplete' || status === 'browsed' ? 'incomplete' : 'not attempted';
  const success = status === 'passed' || status === 'failed' ? status : 'unknown';
  const raw = number(get(e.scoreRaw));
  const max = number(get(e.scoreMax)) || 100;
  const min = number(get(e.scoreMin)) ?? 0;
  const score = raw === null || max <= min ? null : clamp01((raw - min) / (max - min));
  return { completion, success, score, progress: null, suspendData: get(e.suspendData) };
}

function readValues2004(get: (element: string) => string): LmsValues {
  const e = ELEMENTS['2004'];
  const completionText = get(e.completion);
  const completion: LmsCompletion =
    completionText === 'completed' || completionText === 'incomplete' || completionText === 'not attempted' ? completionText : 'unknown';
  const successText = get(e.success);
  const success = successText === 'passed' || successText === 'failed' ? successText : 'unknown';
  const scaled = number(get(e.scoreScaled));
  const progress = number(get(e.progress));
  return {
    completion,
    success,
    score: scaled === null ? null : clamp01(scaled),
    progress: progress === null ? null : clamp01(progress),
    suspendData: get(e.suspendData),
  };
}

/**
 * SCORM 1.2's single lesson status for completion and success: passed or failed once the course is
 * completed and its questions decide success; completed or incomplete otherwise.
 */
export function lessonStatus12(values: LmsValues): 'passed' | 'failed' | 'completed' | 'incomplete' {
  if (values.completion === 'completed') return values.success === 'unknown' ? 'completed' : values.success;
  return 'incomplete';
}

/**
 * The element writes for `changes` (made to `before`), in order: the score's range before its raw
 * value, as some LMSs check raw against it. SCORM 1.2 has no progress measure: progress shows there
 * only as completion.
 */
export function writesOf(version: ScormVersion, before: LmsValues, changes: LmsChanges): [string, string][] {
  const after: LmsValues = { ...before, ...changes };
  const writes: [string, string][] = [];
  if (version === '1.2') {
    const e = ELEMENTS['1.2'];
    if (changes.completion !== undefined || changes.success !== undefined) {
      const status = lessonStatus12(after);
      if (status !== lessonStatus12(before) || changes.completion !== undefined) writes.push([e.status, status]);
    }
    if (changes.score !== undefined && changes.score !== null) {
      writes.push([e.scoreMin, '0'], [e.scoreMax, '100'], [e.scoreRaw, decimal(changes.score * 100, 2)]);
    }
    if (changes.suspendData !== undefined) writes.push([e.suspendData, changes.suspendData]);
    return writes;
  }
  const e = ELEMENTS['2004'];
  if (changes.completion !== undefined) writes.push([e.completion, changes.completion]);
  if (changes.success !== undefined) writes.push([e.success, changes.success]);
  if (changes.score !== undefined && changes.score !== null) {
    writes.push([e.scoreMin, '0'], [e.scoreMax, '100'], [e.scoreRaw, decimal(changes.score * 100, 2)], [e.scoreScaled, decimal(changes.score, 7)]);
  }
  if (changes.progress !== undefined && changes.progress !== null) writes.push([e.progress, decimal(changes.progress, 7)]);
  if (changes.suspendData !== undefined) writes.push([e.suspendData, changes.suspendData]);
  return writes;
}

/**
 * The session's time in the version's format: SCORM 1.2 CMITimespan `HHHH:MM:SS.SS` (hours two to
 * four digits, at most 9999:59:59.99), SCORM 2004 an ISO 8601 duration (`PT1H2M3.45S`), both to the
 * hundredth of a second.
 */
export function sessionTime(version: ScormVersion, ms: number): string {
  const centis = Math.max(0, Math.round(ms / 10));
  const hours = Math.floor(centis / 360000);
  const minutes = Math.floor((centis % 360000) / 6000);
  const seconds = (centis % 6000) / 100;
  if (version === '1.2') {
    if (hours > 9999) return '9999:59:59.99';
    const [whole, fraction] = seconds.toFixed(2).split('.');
    return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${whole.padStart(2, '0')}.${fraction}`;
  }
  let text = 'PT';
  if (hours) text += `${hours}H`;
  if (minutes) text += `${minutes}M`;
  if (seconds || (!hours && !minutes)) text += `${Number(seconds.toFixed(2))}S`;
  return text;
}

/** Session time, exit, commit and finish: the end of the session. Answers the errors met (none: an empty list). */
export function endSession(lms: Lms, ms: number, exit: 'suspend' | ''): LmsError[] {
  const e = ELEMENTS[lms.version];
  const errors: LmsError[] = [];
  if (!lms.setValue(e.sessionTime, sessionTime(lms.version, ms))) errors.push(lms.lastError('write'));
  if (!lms.setValue(e.exit, exit)) errors.push(lms.lastError('write'));
  if (!lms.commit()) errors.push(lms.lastError('commit'));
  if (!lms.terminate()) errors.push(lms.lastError('terminate'));
  return errors;
}
