import { z } from 'zod';

/*
 * A share's results for those who may read them (the `results` ability, docs/results.md): the query of
 * `GET /api/shares/{shareId}/results` and `…/results.csv`, and what the JSON answer holds.
 */

const IsoDate = z.iso.date('a date (YYYY-MM-DD) or a date and time with offset (ISO 8601)');
const IsoDateTime = z.iso.datetime({ offset: true, message: 'a date (YYYY-MM-DD) or a date and time with offset (ISO 8601)' });
const DateOrDateTime = z.union([IsoDate, IsoDateTime], { error: 'a date (YYYY-MM-DD) or a date and time with offset (ISO 8601)' });

const DAY_MS = 86_400_000;

/** The start of a bound: a date is its UTC midnight. */
const startOf = (value: string) => (value.length === 10 ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value));

/**
 * Which tracked events count: `from` (inclusive) and `to` (a date: through the end of that UTC day; a
 * date and time: until that instant, exclusive). Either may be left out.
 */
export const ResultsQuery = z
  .strictObject({ from: DateOrDateTime.optional(), to: DateOrDateTime.optional() })
  .transform((query) => ({
    from: query.from === undefined ? null : new Date(startOf(query.from)),
    to: query.to === undefined ? null : new Date(query.to.length === 10 ? startOf(query.to) + DAY_MS : startOf(query.to)),
  }))
  .refine((range) => range.from === null || range.to === null || range.from < range.to, { path: ['to'], message: 'to must be after from' });
export type ResultsQuery = z.output<typeof ResultsQuery>;

/** What the answer counts, in words (the answer says it, so a reader of the figures knows). */
export const RESULTS_COUNTS = {
  learners: 'guests with a saved name, accounts and LTI learners who have at least one tracked event on the share in the date range',
  progress: "the learner's latest progress on the share's material (on a collection share the mean over its materials), whatever the date range",
  answered: 'learners who evaluated the question at least once in the date range (free text: who saved a text)',
  rightAtFirstEvaluation: 'learners whose answer at their first evaluation in the date range was right',
  wrongAnswers: 'the wrong answers at the first evaluation, the three most common with how many learners gave them',
  stops: 'learners who have not completed, by the furthest barrier they unlocked or chapter they worked in (in reading order)',
} as const;

export type LearnerKind = 'guest' | 'account' | 'lti';

export interface LearnerResult {
  /** An opaque key of the learner on this answer (not an account or session id). */
  key: string;
  kind: LearnerKind;
  name: string;
  /** 0 to 1. */
  progress: number;
  completed: boolean;
  /** ISO 8601. */
  lastActivity: string;
  /** The issue date of a certificate of the share, if the learner has one (ISO 8601). */
  certificateIssued: string | null;
}

export interface WrongAnswer {
  /** What was answered, as a teacher reads it: choice texts, a gap's input, "item → zone", or a polygon miss. */
  answer: string;
  /** For a cloze: which gap (1-based); else null. */
  gap: number | null;
  learners: number;
}

export interface QuestionResult {
  elementId: string;
  kind: string;
  label: string;
  /** The chapters around the question, outermost first (on a collection share the material's title first). */
  path: string[];
  answered: number;
  /** Null for a question without right answers (free text). */
  rightAtFirstEvaluation: number | null;
  wrongAnswers: WrongAnswer[];
  /** Free text only: the learners' latest texts. */
  texts?: { learner: string; text: string }[];
}

export interface StopResult {
  elementId: string;
  kind: 'Barrier' | 'Chapter';
  label: string;
  path: string[];
  learners: number;
}

export interface Results {
  shareId: string;
  from: string | null;
  to: string | null;
  counts: typeof RESULTS_COUNTS;
  learners: LearnerResult[];
  questions: QuestionResult[];
  stops: StopResult[];
}
