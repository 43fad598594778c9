import { isAssignmentCorrect, type Assignments } from '../kinds/assignment/assignment.model';
import { isChoiceQuestionCorrect } from '../kinds/choice/choice.model';
import { gapsOf, isClozeCorrect } from '../kinds/cloze/cloze.model';
import type { Material } from './material';
import type { LearnerState } from './learnerState';
import { isPolygonExerciseCorrect, type Point } from '../kinds/polygon/polygon.model';
import { allElements } from './tree';

/*
 * The score of a material (issue 13: what an LMS receives as score and success): of its questions
 * that have a right answer (choice, cloze, assignment, find-the-spot; free texts have none), how
 * many the learner evaluated and answered right, from what the learner's state holds, with the same
 * rules the questions show their result by.
 */

export type Score = { questions: number; evaluated: number; correct: number };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const isPoint = (value: unknown): value is Point =>
  typeof value === 'object' && value !== null && typeof (value as Point).x === 'number' && typeof (value as Point).y === 'number';

function assignmentsOf(value: unknown): Assignments {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([zone, ids]) => [zone, strings(ids)]));
}

export function scoreOf(material: Material, saved: LearnerState): Score {
  const score: Score = { questions: 0, evaluated: 0, correct: 0 };
  for (const element of allElements(material.content)) {
    let correct: (fields: Record<string, unknown>) => boolean;
    switch (element.modelName) {
      case 'ChoiceQuestion':
        correct = (fields) => isChoiceQuestionCorrect(element.choices, strings(fields.selected));
        break;
      case 'ClozeQuestion':
        correct = (fields) => isClozeCorrect(gapsOf(element.content), strings(fields.inputs));
        break;
      case 'AssignmentQuestion':
        correct = (fields) => isAssignmentCorrect(element.zones, assignmentsOf(fields.assignedItemIds));
        break;
      case 'PolygonTargetExercise':
        correct = (fields) => isPolygonExerciseCorrect(Array.isArray(fields.points) ? fields.points.filter(isPoint) : [], element.polygons);
        break;
      default:
        continue;
    }
    score.questions++;
    const fields = saved[element.id] ?? {};
    if (fields.evaluated !== true) continue;
    score.evaluated++;
    if (correct(fields)) score.correct++;
  }
  return score;
}

/** The share of the questions answered right (0 to 1), or null for a material without questions. */
export function scaledScore(score: Score): number | null {
  return score.questions ? score.correct / score.questions : null;
}
