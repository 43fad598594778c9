import type { Scorm12Api, Scorm2004Api } from '../../server/scorm/launcher/findApi';

/*
 * Test doubles of an LMS's SCORM API: plain objects with the function names of SCORM 1.2 (`API`) and
 * SCORM 2004 (`API_1484_11`) that record every call and keep the data model in a map. They answer as
 * an LMS does: "true"/"false" strings, error codes through GetLastError, SCORM 1.2's 4,096-character
 * limit of cmi.suspend_data (error 405).
 */

export type Call = [name: string, ...args: string[]];

export type FakeOptions = {
  /** Initialize answers "false" with this error code. */
  failInitialize?: string;
  /** Commit answers "false" with this error code (until set back to undefined). */
  failCommit?: string;
  /** SetValue of this element answers "false" with error 405. */
  refuseElement?: string;
};

const ERRORS: Record<string, string> = {
  '0': 'No error',
  '101': 'General exception',
  '391': 'Commit failed',
  '405': 'Incorrect data type',
};

type Fake<T> = { api: T; calls: Call[]; data: Map<string, string>; options: FakeOptions; sets: () => [string, string][] };

function recorder(initial: Record<string, string>, options: FakeOptions) {
  const calls: Call[] = [];
  const data = new Map(Object.entries(initial));
  let lastError = '0';
  const answer = (ok: boolean, code = '101') => {
    lastError = ok ? '0' : code;
    return ok ? 'true' : 'false';
  };
  return {
    calls,
    data,
    options,
    sets: () => calls.filter((c) => c[0].endsWith('SetValue')).map((c) => [c[1], c[2]] as [string, string]),
    initialize: (name: string, p: string) => {
      calls.push([name, p]);
      return answer(!options.failInitialize, options.failInitialize);
    },
    finish: (name: string, p: string) => {
      calls.push([name, p]);
      return answer(true);
    },
    get: (name: string, element: string) => {
      calls.push([name, element]);
      lastError = '0';
      return data.get(element) ?? '';
    },
    set: (name: string, element: string, value: string, limit: number) => {
      calls.push([name, element, value]);
      if (element === options.refuseElement || (element === 'cmi.suspend_data' && value.length > limit)) return answer(false, '405');
      data.set(element, value);
      return answer(true);
    },
    commit: (name: string, p: string) => {
      calls.push([name, p]);
      return answer(!options.failCommit, options.failCommit);
    },
    lastError: (name: string) => {
      calls.push([name]);
      return lastError;
    },
    errorString: (name: string, code: string) => {
      calls.push([name, String(code)]);
      return ERRORS[String(code)] ?? 'Unknown error';
    },
  };
}

export function fakeScorm12(initial: Record<string, string> = {}, options: FakeOptions = {}): Fake<Scorm12Api> {
  const r = recorder(
    { 'cmi.core.student_id': 'learner-7', 'cmi.core.student_name': 'Lovelace, Ada', 'cmi.core.lesson_status': 'not attempted', 'cmi.core.entry': 'ab-initio', ...initial },
    options,
  );
  const api: Scorm12Api = {
    LMSInitialize: (p) => r.initialize('LMSInitialize', p),
    LMSFinish: (p) => r.finish('LMSFinish', p),
    LMSGetValue: (e) => r.get('LMSGetValue', e),
    LMSSetValue: (e, v) => r.set('LMSSetValue', e, v, 4096),
    LMSCommit: (p) => r.commit('LMSCommit', p),
    LMSGetLastError: () => r.lastError('LMSGetLastError'),
    LMSGetErrorString: (c) => r.errorString('LMSGetErrorString', String(c)),
    LMSGetDiagnostic: () => '',
  };
  return { api, calls: r.calls, data: r.data, options, sets: r.sets };
}

export function fakeScorm2004(initial: Record<string, string> = {}, options: FakeOptions = {}): Fake<Scorm2004Api> {
  const r = recorder(
    {
      'cmi.learner_id': 'learner-9',
      'cmi.learner_name': 'Hopper, Grace',
      'cmi.completion_status': 'unknown',
      'cmi.success_status': 'unknown',
      'cmi.entry': 'ab-initio',
      ...initial,
    },
    options,
  );
  const api: Scorm2004Api = {
    Initialize: (p) => r.initialize('Initialize', p),
    Terminate: (p) => r.finish('Terminate', p),
    GetValue: (e) => r.get('GetValue', e),
    SetValue: (e, v) => r.set('SetValue', e, v, 64000),
    Commit: (p) => r.commit('Commit', p),
    GetLastError: () => r.lastError('GetLastError'),
    GetErrorString: (c) => r.errorString('GetErrorString', String(c)),
    GetDiagnostic: () => '',
  };
  return { api, calls: r.calls, data: r.data, options, sets: r.sets };
}
