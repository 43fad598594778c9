/*
 * The parts of an xAPI 2.0 statement (IEEE 9274.1.1) that describe a question as an interaction and
 * an answer as a result (Data 2.4.4.1, 2.4.5): each question kind says how it is one
 * (src/kinds/<kind>/<kind>.indexing.ts), the server puts them into statements (server/xapi/).
 */

export type LanguageMap = Record<string, string>;

export interface InteractionComponent {
  id: string;
  description?: LanguageMap;
}

export type InteractionType = 'choice' | 'fill-in' | 'long-fill-in' | 'matching' | 'other';

export interface ActivityDefinition {
  name?: LanguageMap;
  description?: LanguageMap;
  type?: string;
  interactionType?: InteractionType;
  correctResponsesPattern?: string[];
  choices?: InteractionComponent[];
  source?: InteractionComponent[];
  target?: InteractionComponent[];
}

export interface Score {
  scaled: number;
  raw: number;
  min: number;
  max: number;
}

export interface Result {
  success?: boolean;
  completion?: boolean;
  response?: string;
  score?: Score;
  extensions?: Record<string, unknown>;
}

/** A list of response parts in xAPI's notation. */
export const responseList = (items: readonly string[]) => items.join('[,]');

/** A language map of one text, or nothing for an empty text. */
export const languageMap = (language: string, value: string): LanguageMap | undefined => (value ? { [language]: value } : undefined);

/** A right-or-wrong question scores 1 or 0 of 1. */
export const rightOrWrong = (success: boolean): Result => ({ success, completion: true, score: { scaled: success ? 1 : 0, raw: success ? 1 : 0, min: 0, max: 1 } });
