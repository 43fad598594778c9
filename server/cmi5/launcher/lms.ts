import type { AuMemory, LaunchRead } from '../../../machines/cmi5Launcher';
import { languagesOf, parseLaunchData, parseMemory, type LaunchParameters } from './launchParameters';

/*
 * The AU's calls to the LMS (cmi5 sections 8.2, 10 and 11, over the xAPI resources): the one POST to
 * the fetch URL, the State and Agent Profile documents, and the statements. Every call has a deadline;
 * every xAPI request carries the token (`Authorization: Basic <auth-token>`) and the xAPI version
 * cmi5 is written for (1.0.3; the statements also keep the rules of xAPI 2.0).
 */

export const XAPI_VERSION = '1.0.3';
/** How long the LMS may take to answer one call. */
export const LMS_DEADLINE_MS = 15_000;
/** The AU's own state document (beside LMS.LaunchData, which it never writes). */
export const MEMORY_STATE_ID = 'lernwerk.cmi5.au';
export const LAUNCH_DATA_STATE_ID = 'LMS.LaunchData';
export const PREFERENCES_PROFILE_ID = 'cmi5LearnerPreferences';

/** An error the fetch URL answered (section 8.2.3): its code (1, 2 or 3) and text. */
export class FetchUrlError extends Error {
  constructor(
    readonly code: string,
    text: string,
  ) {
    super(`${code} ${text}`.trim());
  }
}

export type LmsClient = {
  fetchToken(): Promise<void>;
  readLaunch(): Promise<LaunchRead>;
  sendStatements(statements: readonly unknown[], options?: { keepalive?: boolean }): Promise<void>;
  /** Fire and forget: sent with keepalive, failures only logged. */
  saveMemory(memory: AuMemory): void;
  /** Fire and forget, with keepalive (the page is going away). */
  sendOnLeave(statements: readonly unknown[]): void;
};

type FetchLike = typeof fetch;

export function lmsClient(launch: LaunchParameters, fetchImpl: FetchLike = fetch.bind(globalThis), log: (line: string) => void = () => {}): LmsClient {
  let token: string | null = null;
  const agent = JSON.stringify(launch.actor);
  const headers = (json: boolean): Record<string, string> => ({
    Authorization: `Basic ${token ?? ''}`,
    'X-Experience-API-Version': XAPI_VERSION,
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  });
  const resource = (path: string, params: Record<string, string>) => `${launch.endpoint}${path}?${new URLSearchParams(params).toString()}`;
  const stateUrl = (stateId: string) => resource('activities/state', { activityId: launch.activityId, agent, registration: launch.registration, stateId });
  const call = async (url: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(LMS_DEADLINE_MS), credentials: 'omit', cache: 'no-store' });
    } catch (error) {
      const name = (error as Error)?.name;
      throw new Error(name === 'TimeoutError' ? `no answer within ${LMS_DEADLINE_MS / 1000} s` : `no connection (${(error as Error)?.message ?? error})`, { cause: error });
    }
  };
  const getJson = async (url: string, what: string): Promise<unknown> => {
    const response = await call(url, { method: 'GET', headers: headers(false) });
    if (response.status === 404 || response.status === 204 || response.status === 403) return null;
    if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new Error(`${what} is not JSON`);
    }
  };

  return {
    async fetchToken() {
      const response = await call(launch.fetchUrl, { method: 'POST' });
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new FetchUrlError('', `the fetch URL answered HTTP ${response.status} without JSON`);
      }
      const answer = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      if (typeof answer['error-code'] === 'string' || typeof answer['error-code'] === 'number') {
        throw new FetchUrlError(String(answer['error-code']), typeof answer['error-text'] === 'string' ? answer['error-text'] : '');
      }
      if (!response.ok || typeof answer['auth-token'] !== 'string' || !answer['auth-token']) {
        throw new FetchUrlError('', `the fetch URL answered HTTP ${response.status} without an auth-token`);
      }
      token = answer['auth-token'];
    },
    async readLaunch() {
      const launchData = await getJson(stateUrl(LAUNCH_DATA_STATE_ID), LAUNCH_DATA_STATE_ID);
      if (launchData === null) throw new Error(`the LMS holds no ${LAUNCH_DATA_STATE_ID} for this launch`);
      const [preferences, memory] = await Promise.all([
        // The preferences are the learner's, read on startup (section 11); without them the browser's language counts.
        getJson(resource('agents/profile', { agent, profileId: PREFERENCES_PROFILE_ID }), PREFERENCES_PROFILE_ID).catch((error: unknown) => {
          log(`cmi5: ${(error as Error).message}`);
          return null;
        }),
        getJson(stateUrl(MEMORY_STATE_ID), MEMORY_STATE_ID),
      ]);
      return { launchData: parseLaunchData(launchData), languages: languagesOf(preferences), memory: parseMemory(memory) };
    },
    async sendStatements(statements, options = {}) {
      const response = await call(resource('statements', {}).replace(/\?$/, ''), {
        method: 'POST',
        headers: headers(true),
        body: JSON.stringify(statements),
        keepalive: options.keepalive ?? true,
      });
      if (!response.ok) throw new Error(`statements: HTTP ${response.status}`);
    },
    saveMemory(memory) {
      call(stateUrl(MEMORY_STATE_ID), { method: 'PUT', headers: headers(true), body: JSON.stringify(memory), keepalive: true })
        .then((response) => {
          if (!response.ok) log(`cmi5: saving ${MEMORY_STATE_ID} answered HTTP ${response.status}`);
        })
        .catch((error: unknown) => log(`cmi5: saving ${MEMORY_STATE_ID}: ${(error as Error).message}`));
    },
    sendOnLeave(statements) {
      if (!statements.length) return;
      this.sendStatements(statements, { keepalive: true }).catch((error: unknown) => log(`cmi5: ${(error as Error).message}`));
    },
  };
}
