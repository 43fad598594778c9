/**
 * The cmi5 rules for the statements an AU sends (cmi5 specification section 9), as the LMS of the
 * tests (./localCmi5Lms.ts) checks each statement it receives, on top of the xAPI 2.0 rules
 * (./statementSchema.ts). Written from the specification; the CATAPULT test suite checks the same
 * things of an LMS's AU.
 */
import { isDeepStrictEqual } from 'node:util';

export const CMI5_VERBS = {
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
} as const;
const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVE_ON_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
export const SESSION_ID = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const MASTERY_SCORE = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';

/** What the LMS launched: the values every statement of the session must carry. */
export type Cmi5LaunchFacts = {
  actor: Record<string, unknown>;
  activityId: string;
  registration: string;
  sessionId: string;
  /** The AU's id from the course structure: the publisher id activity of the contextTemplate's grouping. */
  publisherId: string;
  masteryScore: number | null;
};

type Json = Record<string, unknown>;
const ids = (list: unknown): string[] => (Array.isArray(list) ? list.map((a) => (a as Json)?.id as string) : []);

/** The verb's short name; null for a verb cmi5 does not define. */
export const verbOf = (statement: Json): keyof typeof CMI5_VERBS | null =>
  (Object.entries(CMI5_VERBS).find(([, id]) => id === (statement.verb as Json)?.id)?.[0] as keyof typeof CMI5_VERBS) ?? null;

/** The problems of one cmi5 defined statement of the launch ([] when none). */
export function cmi5Problems(statement: Json, launch: Cmi5LaunchFacts): string[] {
  const problems: string[] = [];
  const verb = verbOf(statement);
  if (!verb) return [`verb ${JSON.stringify((statement.verb as Json)?.id)} is not a cmi5 verb an AU sends`];
  if (!isDeepStrictEqual(statement.actor, launch.actor)) problems.push('actor is not the launch\'s actor (9.2)');
  if ((statement.object as Json)?.id !== launch.activityId) problems.push('object.id is not the launch\'s activityId (9.4)');
  const context = (statement.context ?? {}) as Json;
  if (context.registration !== launch.registration) problems.push('context.registration is not the launch\'s (9.6.1)');
  if ((context.extensions as Json)?.[SESSION_ID] !== launch.sessionId) problems.push('context.extensions lacks the session id (9.6.3.1)');
  const activities = (context.contextActivities ?? {}) as Json;
  if (!ids(activities.grouping).includes(launch.publisherId)) problems.push('contextActivities.grouping lacks the publisher id of the contextTemplate (9.6.2.3)');
  const category = ids(activities.category);
  if (!category.includes(CMI5_CATEGORY)) problems.push('contextActivities.category lacks the cmi5 category (9.6.2.1)');
  const movesOn = verb === 'completed' || verb === 'passed' || verb === 'failed';
  if (category.includes(MOVE_ON_CATEGORY) !== movesOn) problems.push(`the moveOn category ${movesOn ? 'is missing' : 'must not be there'} (9.6.2.2)`);
  const result = (statement.result ?? {}) as Json;
  const has = (key: string) => key in result;
  if (verb === 'initialized' && Object.keys(result).length) problems.push('initialized carries a result');
  if (verb !== 'initialized' && typeof result.duration !== 'string') problems.push(`${verb} has no duration (9.5.4.1)`);
  if (verb === 'completed' && result.completion !== true) problems.push('completed without completion true (9.5.3)');
  if (verb !== 'completed' && has('completion')) problems.push(`${verb} carries completion (9.5.3)`);
  if (verb === 'passed' && result.success !== true) problems.push('passed without success true (9.5.2)');
  if (verb === 'failed' && result.success !== false) problems.push('failed without success false (9.5.2)');
  if (verb !== 'passed' && verb !== 'failed' && (has('success') || has('score'))) problems.push(`${verb} carries success or score (9.5.1, 9.5.2)`);
  const scaled = (result.score as Json | undefined)?.scaled;
  if ((verb === 'passed' || verb === 'failed') && launch.masteryScore !== null) {
    if ((context.extensions as Json)?.[MASTERY_SCORE] !== launch.masteryScore) problems.push(`${verb} lacks the masteryScore extension (9.6.3.2)`);
    if (typeof scaled === 'number' && (verb === 'passed' ? scaled < launch.masteryScore : scaled >= launch.masteryScore)) problems.push(`${verb} with score ${scaled} against masteryScore ${launch.masteryScore} (9.3.4, 9.3.5)`);
  }
  if (typeof statement.timestamp !== 'string' || !statement.timestamp.endsWith('Z')) problems.push('timestamp is not UTC (9.7)');
  return problems;
}

/** The ordering rules of one session (9.3), over its statements in timestamp order. */
export function sessionOrderProblems(statements: readonly Json[]): string[] {
  const sorted = [...statements].sort((a, b) => Date.parse(a.timestamp as string) - Date.parse(b.timestamp as string));
  const verbs = sorted.map(verbOf);
  const problems: string[] = [];
  if (verbs.length && verbs[0] !== 'initialized') problems.push(`the first statement is ${verbs[0]}, not initialized`);
  const last = verbs.indexOf('terminated');
  if (last >= 0 && last !== verbs.length - 1) problems.push('a statement follows terminated');
  for (const verb of Object.keys(CMI5_VERBS)) if (verbs.filter((v) => v === verb).length > 1) problems.push(`${verb} twice in a session`);
  if (verbs.includes('passed') && verbs.includes('failed')) problems.push('passed and failed in one session');
  return problems;
}
