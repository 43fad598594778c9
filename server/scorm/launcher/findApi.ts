import type { ScormVersion } from '../../../model/hostMessages';

/*
 * Finding the LMS's API object, the standard way (the search of ADL's API wrappers): the launch
 * page's own window and its parents first, up to a bounded number of levels, then the window that
 * opened it (an LMS that launches in a new window) and that window's parents. Browser code of the
 * launch page (server/scorm/launcher/), built by server/scorm/launchScript.ts.
 */

/** The API object of SCORM 1.2 (`window.API`). */
export interface Scorm12Api {
  LMSInitialize(parameter: ''): string;
  LMSFinish(parameter: ''): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(parameter: ''): string;
  LMSGetLastError(): string | number;
  LMSGetErrorString(code: string | number): string;
  LMSGetDiagnostic(code: string | number): string;
}

/** The API object of SCORM 2004 (`window.API_1484_11`). */
export interface Scorm2004Api {
  Initialize(parameter: ''): string;
  Terminate(parameter: ''): string;
  GetValue(element: string): string;
  SetValue(element: string, value: string): string;
  Commit(parameter: ''): string;
  GetLastError(): string | number;
  GetErrorString(code: string | number): string;
  GetDiagnostic(code: string | number): string;
}

export type LmsApi = { version: '1.2'; api: Scorm12Api } | { version: '2004'; api: Scorm2004Api };

/** The name of the API object in a window of the LMS. */
export const API_NAMES: Readonly<Record<ScormVersion, 'API' | 'API_1484_11'>> = { '1.2': 'API', '2004': 'API_1484_11' };

/**
 * How many parents up the search goes from a window: deep enough for any LMS's frames (ADL's
 * wrappers stop at 7 and 500), bounded so that a window whose `parent` is not the top's never loops.
 */
export const MAX_PARENT_DEPTH = 20;

/** What the search needs of a window; other origins' windows throw when read, which counts as "not here". */
export type WindowLike = { parent?: WindowLike | null; opener?: WindowLike | null; [name: string]: unknown };

function read<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined; // a window of another origin (SecurityError)
  }
}

/** A method every API object of that name has: an element with `id="API"` (a window property too) is no API. */
const API_METHODS: Readonly<Record<string, string>> = { API: 'LMSInitialize', API_1484_11: 'Initialize' };

function apiIn(win: WindowLike, name: string): unknown {
  const api = read(() => win[name]);
  if (api === null || (typeof api !== 'object' && typeof api !== 'function')) return undefined;
  return read(() => typeof (api as Record<string, unknown>)[API_METHODS[name]] === 'function') ? api : undefined;
}

/** The API in `win` or one of its parents (at most `maxDepth` levels up), or the topmost window the search reached. */
export function findApiInParents(start: WindowLike, name: string, maxDepth = MAX_PARENT_DEPTH): { api: unknown } | { api: null; top: WindowLike } {
  let win: WindowLike = start;
  for (let depth = 0; ; depth++) {
    const api = apiIn(win, name);
    if (api) return { api };
    const parent: WindowLike | null | undefined = read(() => win.parent);
    if (!parent || parent === win || depth >= maxDepth) return { api: null, top: win };
    win = parent;
  }
}

/**
 * The API for `version`: searched from the launch page's window up through its parents, then from the
 * window that opened the launch page's window or its topmost parent (an LMS that launches in a new
 * window, possibly framed in it) up through that window's parents; null outside an LMS.
 */
export function findLmsApi(win: WindowLike, version: ScormVersion, maxDepth = MAX_PARENT_DEPTH): LmsApi | null {
  const name = API_NAMES[version];
  let found = findApiInParents(win, name, maxDepth);
  if (!found.api) {
    const openers = [read(() => win.opener), read(() => (found as { top: WindowLike }).top.opener)];
    for (const opener of openers) {
      if (!opener) continue;
      found = findApiInParents(opener, name, maxDepth);
      if (found.api) break;
    }
  }
  if (!found.api) return null;
  return version === '1.2' ? { version, api: found.api as Scorm12Api } : { version, api: found.api as Scorm2004Api };
}
