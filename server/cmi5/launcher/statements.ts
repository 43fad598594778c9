import type { Cmi5Verb, LaunchData, PendingStatement } from '../../../machines/cmi5Launcher';

/*
 * The cmi5 defined statements of the AU (cmi5 specification section 9), built from what the chart
 * decided (machines/cmi5Launcher.ts) and the launch. Browser code of the launch page; pure.
 */

export const CMI5_VERB_IDS: Readonly<Record<Cmi5Verb, string>> = {
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
};
/** Section 9.6.2.1: on every cmi5 defined statement. */
export const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
/** Section 9.6.2.2: on the cmi5 defined statements whose result has success or completion, and only on those. */
export const MOVE_ON_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
/** Section 9.6.3.2: on passed and failed judged against the LMS's masteryScore. */
export const MASTERY_SCORE_EXTENSION = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
/** Section 9.6.3.1: the LMS's session id, in every statement's context (it comes with the contextTemplate). */
export const SESSION_ID_EXTENSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';

/** The launch's part of every statement. */
export type Cmi5Session = {
  /** The `actor` launch parameter: an Agent with an account (section 9.2), used as given. */
  actor: Record<string, unknown>;
  /** The `activityId` launch parameter: every statement's object (section 9.4). */
  activityId: string;
  registration: string;
  launchData: LaunchData;
  /** When initialized was stated: the start of every duration. */
  startedAt: number;
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An ISO 8601 duration of `ms` (hours, minutes, seconds to the hundredth, as xAPI keeps them). */
export function isoDuration(ms: number): string {
  const centis = Math.max(0, Math.round(ms / 10));
  const hours = Math.floor(centis / 360000);
  const minutes = Math.floor((centis % 360000) / 6000);
  const seconds = (centis % 6000) / 100;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds}S`;
}

/** The verbs whose result carries success or completion (and so the moveOn category). */
const MOVE_ON_VERBS: readonly Cmi5Verb[] = ['completed', 'passed', 'failed'];

/**
 * The context of a statement: the LMS's contextTemplate, never overwritten (section 10.2.1), with the
 * registration, the cmi5 category (and moveOn where it applies) added to what the template lists, and
 * the masteryScore extension on passed and failed.
 */
export function contextOf(verb: Cmi5Verb, session: Cmi5Session): Json {
  const template = structuredClone(session.launchData.contextTemplate);
  const activities = isObject(template.contextActivities) ? template.contextActivities : {};
  const category = Array.isArray(activities.category) ? activities.category : isObject(activities.category) ? [activities.category] : [];
  const has = (id: string) => category.some((activity) => isObject(activity) && activity.id === id);
  const added = [CMI5_CATEGORY, ...(MOVE_ON_VERBS.includes(verb) ? [MOVE_ON_CATEGORY] : [])].filter((id) => !has(id));
  const extensions = isObject(template.extensions) ? template.extensions : {};
  const judged = (verb === 'passed' || verb === 'failed') && session.launchData.masteryScore !== null;
  return {
    ...template,
    registration: typeof template.registration === 'string' ? template.registration : session.registration,
    contextActivities: { ...activities, category: [...category, ...added.map((id) => ({ objectType: 'Activity', id }))] },
    ...(judged || Object.keys(extensions).length
      ? { extensions: { ...extensions, ...(judged && !(MASTERY_SCORE_EXTENSION in extensions) ? { [MASTERY_SCORE_EXTENSION]: session.launchData.masteryScore } : {}) } }
      : {}),
  };
}

/** The result of a statement: only the properties its verb carries (sections 9.5.1 to 9.5.4). */
export function resultOf(statement: PendingStatement, session: Cmi5Session): Json | undefined {
  const duration = isoDuration(statement.at - session.startedAt);
  const score = statement.score === undefined ? {} : { score: { scaled: Math.round(statement.score * 10000) / 10000 } };
  switch (statement.verb) {
    case 'initialized':
      return undefined;
    case 'completed':
      return { completion: true, duration };
    case 'passed':
      return { success: true, ...score, duration };
    case 'failed':
      return { success: false, ...score, duration };
    case 'terminated':
      return { duration };
  }
}

/** The statement (xAPI, valid for 1.0.3 and 2.0). */
export function cmi5Statement(statement: PendingStatement, session: Cmi5Session): Json {
  const result = resultOf(statement, session);
  return {
    id: statement.id,
    actor: session.actor,
    verb: { id: CMI5_VERB_IDS[statement.verb], display: { 'en-US': statement.verb } },
    object: { objectType: 'Activity', id: session.activityId },
    ...(result ? { result } : {}),
    context: contextOf(statement.verb, session),
    timestamp: new Date(statement.at).toISOString(),
  };
}
