import { questionOf } from '../src/kinds/indexing';
import type { Material } from './material';
import type { LearnerState } from './learnerState';
import { allElements } from './tree';

/*
 * The score of a material (issue 13: what an LMS receives as score and success): of its questions
 * that have a right answer (choice, cloze, assignment, find-the-spot; free texts have none), how
 * many the learner evaluated and answered right, from what the learner's state holds, with the same
 * rules the questions show their result by.
 */

export type Score = { questions: number; evaluated: number; correct: number };

export function scoreOf(material: Material, saved: LearnerState): Score {
  const score: Score = { questions: 0, evaluated: 0, correct: 0 };
  for (const element of allElements(material.content)) {
    const correct = questionOf(element)?.correct;
    if (!correct) continue;
    score.questions++;
    const fields = saved[element.id] ?? {};
    if (fields.evaluated !== true) continue;
    score.evaluated++;
    if (correct(element, fields)) score.correct++;
  }
  return score;
}

/** The share of the questions answered right (0 to 1), or null for a material without questions. */
export function scaledScore(score: Score): number | null {
  return score.questions ? score.correct / score.questions : null;
}
