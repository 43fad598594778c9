/* The parts of an xAPI 2.0 statement (IEEE 9274.1.1) this server sends. */

import type { ActivityDefinition, LanguageMap, Result } from '../../model/xapiActivity';

export type { ActivityDefinition, InteractionComponent, InteractionType, LanguageMap, Result, Score } from '../../model/xapiActivity';

export interface Activity {
  objectType: 'Activity';
  id: string;
  definition?: ActivityDefinition;
}

export interface Agent {
  objectType: 'Agent';
  name?: string;
  account: { homePage: string; name: string };
}

export interface Statement {
  id: string;
  actor: Agent;
  verb: { id: string; display: LanguageMap };
  object: Activity;
  result?: Result;
  context: {
    registration: string;
    platform: string;
    language: string;
    contextActivities: { parent?: Activity[]; grouping?: Activity[] };
  };
  timestamp: string;
}

export const VERBS = {
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  progressed: 'http://adlnet.gov/expapi/verbs/progressed',
  experienced: 'http://adlnet.gov/expapi/verbs/experienced',
} as const;
export type Verb = keyof typeof VERBS;

export const ACTIVITY_TYPES = {
  course: 'http://adlnet.gov/expapi/activities/course',
  module: 'http://adlnet.gov/expapi/activities/module',
  interaction: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  link: 'http://adlnet.gov/expapi/activities/link',
} as const;

/** The cmi5 progress extension: an integer 0–100. */
export const PROGRESS_EXTENSION = 'https://w3id.org/xapi/cmi5/result/extensions/progress';

/** What `context.platform` says. */
export const PLATFORM = 'Lernwerk';
