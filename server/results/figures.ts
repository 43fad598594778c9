import type { ContentElement } from '../../model/elements';
import type { Material } from '../../model/material';
import { htmlToPlainText } from '../../model/plainText';
import { RESULTS_COUNTS, type LearnerKind, type LearnerResult, type QuestionResult, type Results, type ResultsQuery, type StopResult, type WrongAnswer } from '../../model/results';
import { elementLabelText, questionOf } from '../../src/kinds/indexing';
import type { Queryable } from '../db/types';
import { outlineOf, type Milestone } from './outline';
import { ANSWER_FIELDS, answerReadingOf } from './wrongAnswers';

/*
 * A share's results (docs/results.md) from SQL over its stored events: one query per table, each a scan
 * of the share's events by the primary key's (share_id, learner_key) prefix; what the kinds' rules
 * decide (right or wrong, what a mistake is called) runs on the distinct answers SQL grouped.
 */

/** Most common wrong answers listed per question (per gap on a cloze). */
export const TOP_WRONG = 3;
/** A learner counts as completed at this progress (floating point sums of a collection's materials). */
const COMPLETE = 1 - 1e-9;

/** `$2` from and `$3` to, each null for an open end. */
const IN_RANGE = '($2::timestamptz IS NULL OR e.client_at >= $2) AND ($3::timestamptz IS NULL OR e.client_at < $3)';

interface LearnerRow {
  learner_key: string;
  last_at: Date;
  guest_name: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  lti: boolean;
  progress: number;
  issue_date: string | null;
}

async function learnerRows(db: Queryable, shareId: string, range: ResultsQuery, materialIds: readonly string[]): Promise<LearnerRow[]> {
  return db.query<LearnerRow>(
    `WITH active AS (
       SELECT e.learner_key, min(e.user_id) AS user_id, min(e.guest_session_id) AS guest_session_id, max(e.client_at) AS last_at
       FROM userdata_events e WHERE e.share_id = $1 AND ${IN_RANGE}
       GROUP BY e.learner_key
     ),
     certificate AS (
       SELECT DISTINCT ON (e.learner_key) e.learner_key, e.value #>> '{}' AS issue_date
       FROM userdata_events e
       WHERE e.share_id = $1 AND e.model_name = 'Certificate' AND e.field = 'issueDate' AND jsonb_typeof(e.value) = 'string'
       ORDER BY e.learner_key, e.client_at DESC, e.seq DESC
     )
     SELECT a.learner_key, a.last_at, g.name AS guest_name, u.firstname, u.lastname, u.email, c.issue_date,
       (EXISTS (SELECT 1 FROM lti_learners l WHERE l.user_id = a.user_id) OR EXISTS (SELECT 1 FROM lti_guests lg WHERE lg.guest_session_id = a.guest_session_id)) AS lti,
       COALESCE((SELECT sum(p.value) FROM root_progress p WHERE p.share_id = $1 AND p.learner_key = a.learner_key AND p.model_id = ANY($4::text[])), 0)::float8
         / cardinality($4::text[]) AS progress
     FROM active a
     LEFT JOIN certificate c ON c.learner_key = a.learner_key
     LEFT JOIN guest_sessions g ON g.public_id = a.guest_session_id
     LEFT JOIN users u ON u.id = a.user_id
     WHERE a.user_id IS NOT NULL OR g.name IS NOT NULL
     ORDER BY a.learner_key`,
    [shareId, range.from, range.to, materialIds],
  );
}

interface AnswerRow {
  model_id: string;
  answer: unknown;
  learners: number;
}

/** Per question: the answers at the learners' first evaluation in the range, each with how many gave it (null: evaluated with nothing saved). */
function firstEvaluationAnswers(db: Queryable, shareId: string, range: ResultsQuery): Promise<AnswerRow[]> {
  return db.query<AnswerRow>(
    `WITH first AS MATERIALIZED (
       SELECT DISTINCT ON (e.learner_key, e.model_id) e.learner_key, e.model_id, e.client_at, e.seq
       FROM userdata_events e
       WHERE e.share_id = $1 AND e.field = 'evaluated' AND e.value = 'true'::jsonb AND ${IN_RANGE}
       ORDER BY e.learner_key, e.model_id, e.client_at, e.seq
     ),
     answer AS (
       SELECT DISTINCT ON (a.learner_key, a.model_id) a.learner_key, a.model_id, a.value
       FROM userdata_events a JOIN first f ON f.learner_key = a.learner_key AND f.model_id = a.model_id
       WHERE a.share_id = $1 AND a.field = ANY($4::text[]) AND (a.client_at, a.seq) < (f.client_at, f.seq)
       ORDER BY a.learner_key, a.model_id, a.client_at DESC, a.seq DESC
     )
     SELECT f.model_id, ans.value AS answer, count(*)::int AS learners
     FROM first f LEFT JOIN answer ans ON ans.learner_key = f.learner_key AND ans.model_id = f.model_id
     GROUP BY f.model_id, ans.value`,
    [shareId, range.from, range.to, ANSWER_FIELDS],
  );
}

/** The learners' latest free texts saved in the range. */
function freeTexts(db: Queryable, shareId: string, range: ResultsQuery): Promise<{ learner_key: string; model_id: string; text: string }[]> {
  return db.query(
    `SELECT * FROM (
       SELECT DISTINCT ON (e.learner_key, e.model_id) e.learner_key, e.model_id, e.value #>> '{}' AS text
       FROM userdata_events e
       WHERE e.share_id = $1 AND e.model_name = 'FreeTextInput' AND e.field = 'value' AND ${IN_RANGE}
       ORDER BY e.learner_key, e.model_id, e.client_at DESC, e.seq DESC
     ) latest WHERE btrim(text) <> ''`,
    [shareId, range.from, range.to],
  );
}

/** Which elements each learner has events on in the range. */
function reachedElements(db: Queryable, shareId: string, range: ResultsQuery): Promise<{ learner_key: string; model_id: string }[]> {
  return db.query(`SELECT DISTINCT e.learner_key, e.model_id FROM userdata_events e WHERE e.share_id = $1 AND ${IN_RANGE}`, [shareId, range.from, range.to]);
}

function learnerOf(row: LearnerRow, index: number): LearnerResult {
  const kind: LearnerKind = row.lti ? 'lti' : row.guest_name !== null ? 'guest' : 'account';
  const accountName = [row.firstname, row.lastname].filter(Boolean).join(' ').trim();
  // An LTI account's address is made up (…@lti.invalid): never a name.
  const name = row.guest_name ?? (accountName || (kind === 'lti' ? '' : (row.email ?? '')));
  const progress = Math.max(0, Math.min(1, Number(row.progress)));
  return {
    key: `l${index + 1}`,
    kind,
    name,
    progress,
    completed: progress >= COMPLETE,
    lastActivity: new Date(row.last_at).toISOString(),
    certificateIssued: row.issue_date,
  };
}

/** The top `TOP_WRONG` of tallied mistakes (per gap on a cloze), most learners first, then by text. */
function topMistakes(tally: Map<string, WrongAnswer>): WrongAnswer[] {
  const byGap = new Map<number | null, WrongAnswer[]>();
  for (const wrong of tally.values()) byGap.set(wrong.gap, [...(byGap.get(wrong.gap) ?? []), wrong]);
  return [...byGap.keys()]
    .sort((a, b) => (a ?? 0) - (b ?? 0))
    .flatMap((gap) => (byGap.get(gap) ?? []).sort((a, b) => b.learners - a.learners || a.answer.localeCompare(b.answer)).slice(0, TOP_WRONG));
}

/** A chapter's title; a barrier's title, else its button's label, else the start of its text. */
function milestoneLabel(element: ContentElement): string {
  if (element.modelName !== 'Barrier') return elementLabelText(element);
  return element.title || element.buttonLabel || htmlToPlainText(element.content).trim().slice(0, 80) || 'Barrier';
}

export interface ResultsInput {
  shareId: string;
  collectionShare: boolean;
  materials: readonly Material[];
  range: ResultsQuery;
}

/** The results of a share. Run inside one transaction, so the tables agree with each other. */
export async function shareResults(db: Queryable, input: ResultsInput): Promise<Results> {
  const { shareId, range, materials } = input;
  const outline = outlineOf(materials, input.collectionShare);
  const learnerRowsFound = await learnerRows(db, shareId, range, materials.map((m) => m.id));
  const learners = learnerRowsFound.map(learnerOf);
  const keyOf = new Map(learnerRowsFound.map((row, i) => [row.learner_key, learners[i]]));

  const questions = new Map<string, { result: QuestionResult; tally: Map<string, WrongAnswer> }>();
  for (const { element, path } of outline.elements) {
    if (!questionOf(element)) continue;
    const readable = answerReadingOf(element.modelName) !== undefined;
    questions.set(element.id, {
      result: {
        elementId: element.id,
        kind: element.modelName,
        label: elementLabelText(element),
        path,
        answered: 0,
        rightAtFirstEvaluation: readable ? 0 : null,
        wrongAnswers: [],
        ...(readable ? {} : { texts: [] }),
      },
      tally: new Map(),
    });
  }
  const elementById = new Map(outline.elements.map((placed) => [placed.element.id, placed.element]));

  for (const row of await firstEvaluationAnswers(db, shareId, range)) {
    const question = questions.get(row.model_id);
    const element = elementById.get(row.model_id);
    const reading = element && answerReadingOf(element.modelName);
    if (!question || !element || !reading) continue;
    const learnersGiving = Number(row.learners);
    question.result.answered += learnersGiving;
    const { right, mistakes } = reading.read(element, row.answer);
    if (right) question.result.rightAtFirstEvaluation = (question.result.rightAtFirstEvaluation ?? 0) + learnersGiving;
    // A learner repeating one mistake (two wrong placements alike) counts once for it.
    for (const mistake of new Map(mistakes.map((m) => [`${m.gap ?? ''}\n${m.answer}`, m])).entries()) {
      const [key, { answer, gap }] = mistake;
      const had = question.tally.get(key);
      question.tally.set(key, { answer, gap, learners: (had?.learners ?? 0) + learnersGiving });
    }
  }

  for (const row of await freeTexts(db, shareId, range)) {
    const question = questions.get(row.model_id);
    const learner = keyOf.get(row.learner_key);
    if (!question?.result.texts || !learner) continue;
    question.result.answered++;
    question.result.texts.push({ learner: learner.name, text: row.text });
  }

  const stops = new Map<Milestone, number>();
  const furthest = new Map<string, Milestone>();
  for (const row of await reachedElements(db, shareId, range)) {
    const learner = keyOf.get(row.learner_key);
    if (!learner || learner.completed) continue;
    for (const milestone of outline.witnessed.get(row.model_id) ?? []) {
      const had = furthest.get(row.learner_key);
      if (!had || had.index < milestone.index) furthest.set(row.learner_key, milestone);
    }
  }
  for (const milestone of furthest.values()) stops.set(milestone, (stops.get(milestone) ?? 0) + 1);

  return {
    shareId,
    from: range.from?.toISOString() ?? null,
    to: range.to?.toISOString() ?? null,
    counts: RESULTS_COUNTS,
    learners: learners.sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key)),
    questions: [...questions.values()].map(({ result, tally }) => ({
      ...result,
      wrongAnswers: topMistakes(tally),
      ...(result.texts ? { texts: result.texts.sort((a, b) => a.learner.localeCompare(b.learner)) } : {}),
    })),
    stops: [...stops.entries()]
      .map(([m, learnersStopped]): StopResult => ({ elementId: m.element.id, kind: m.element.modelName as StopResult['kind'], label: milestoneLabel(m.element), path: m.path, learners: learnersStopped }))
      .sort((a, b) => b.learners - a.learners || a.elementId.localeCompare(b.elementId)),
  };
}
