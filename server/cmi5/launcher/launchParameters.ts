import type { AuMemory, LaunchData } from '../../../machines/cmi5Launcher';
import { LAUNCH_MODES, MOVE_ON_VALUES, type LaunchMode, type MoveOn } from '../../../model/cmi5';

/*
 * What the LMS hands the AU, checked field by field (cmi5 sections 8.1, 10 and 11): the launch
 * parameters of the address, the LMS.LaunchData document, the learner preferences and the AU's own
 * state document. Plain checks, no zod: the launch script stays small (as the SCORM launcher's);
 * every error names the field.
 */

export type LaunchParameters = {
  /** The LMS's xAPI endpoint, ending in `/`. */
  endpoint: string;
  fetchUrl: string;
  actor: Record<string, unknown> & { account: { homePage: string; name: string }; name?: string };
  registration: string;
  activityId: string;
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`]+$/;

function httpUrl(value: string | null, name: string): string {
  if (!value) throw new Error(`${name} is missing`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} is not an http(s) URL`);
  return url.href;
}

/** The names of the cmi5 launch parameters (section 8.1). */
export const LAUNCH_PARAMETER_NAMES = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'] as const;

/** The launch parameters of `search` (a URL's query); throws naming the first that is missing or wrong. */
export function parseLaunchParameters(search: string): LaunchParameters {
  const query = new URLSearchParams(search);
  const endpoint = httpUrl(query.get('endpoint'), 'endpoint');
  const fetchUrl = httpUrl(query.get('fetch'), 'fetch');
  const actorText = query.get('actor');
  if (!actorText) throw new Error('actor is missing');
  let actor: unknown;
  try {
    actor = JSON.parse(actorText);
  } catch {
    throw new Error('actor is not JSON');
  }
  if (!isObject(actor) || (actor.objectType !== undefined && actor.objectType !== 'Agent')) throw new Error('actor is not an Agent');
  const account = actor.account;
  if (!isObject(account) || typeof account.homePage !== 'string' || typeof account.name !== 'string' || !account.name) {
    throw new Error('actor.account is not an account (homePage and name)');
  }
  if (actor.name !== undefined && typeof actor.name !== 'string') throw new Error('actor.name is not a string');
  const registration = query.get('registration') ?? '';
  if (!UUID.test(registration)) throw new Error('registration is not a UUID');
  const activityId = query.get('activityId') ?? '';
  if (!IRI.test(activityId)) throw new Error('activityId is not an IRI');
  return {
    endpoint: endpoint.endsWith('/') ? endpoint : `${endpoint}/`,
    fetchUrl,
    actor: actor as LaunchParameters['actor'],
    registration,
    activityId,
  };
}

/** Whether `search` carries any cmi5 launch parameter (a launch that went wrong, rather than a page opened by hand). */
export const hasAnyLaunchParameter = (search: string): boolean => {
  const query = new URLSearchParams(search);
  return LAUNCH_PARAMETER_NAMES.some((name) => query.has(name));
};

/** LMS.LaunchData (section 10.2); throws naming the field that is missing or wrong. */
export function parseLaunchData(value: unknown): LaunchData {
  if (!isObject(value)) throw new Error('LMS.LaunchData is not a JSON object');
  if (!isObject(value.contextTemplate)) throw new Error('LMS.LaunchData.contextTemplate is not an object');
  if (!LAUNCH_MODES.includes(value.launchMode as LaunchMode)) throw new Error(`LMS.LaunchData.launchMode is not Normal, Browse or Review: ${JSON.stringify(value.launchMode)}`);
  // moveOn is the LMS's rule; an AU may ignore it (section 10.2.5): an unknown value is kept as NotApplicable.
  const moveOn = MOVE_ON_VALUES.includes(value.moveOn as MoveOn) ? (value.moveOn as MoveOn) : 'NotApplicable';
  let masteryScore: number | null = null;
  if (value.masteryScore !== undefined && value.masteryScore !== null) {
    if (typeof value.masteryScore !== 'number' || !(value.masteryScore >= 0 && value.masteryScore <= 1)) throw new Error('LMS.LaunchData.masteryScore is not a number from 0 to 1');
    masteryScore = value.masteryScore;
  }
  let returnUrl: string | null = null;
  if (value.returnURL !== undefined && value.returnURL !== null && value.returnURL !== '') {
    // Only an http(s) address is followed (never javascript: or data:); another is ignored, the exit then ends here.
    try {
      returnUrl = typeof value.returnURL === 'string' ? httpUrl(value.returnURL, 'returnURL') : null;
    } catch {
      returnUrl = null;
    }
  }
  return { contextTemplate: value.contextTemplate, launchMode: value.launchMode as LaunchMode, moveOn, masteryScore, returnUrl };
}

/** The languages of cmi5LearnerPreferences (section 11.1), most preferred first; [] for none or a document without them. */
export function languagesOf(preferences: unknown): string[] {
  if (!isObject(preferences) || typeof preferences.languagePreference !== 'string') return [];
  return preferences.languagePreference.split(',').map((tag) => tag.trim()).filter(Boolean);
}

/** The AU's own state document; what it does not hold is as on a first launch. */
export function parseMemory(value: unknown): AuMemory {
  if (!isObject(value)) return { suspendData: '', completed: false, passed: false };
  return {
    suspendData: typeof value.suspendData === 'string' ? value.suspendData : '',
    completed: value.completed === true,
    passed: value.passed === true,
  };
}
