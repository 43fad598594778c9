import type { ElementOf } from '../../model/elements';
import { htmlToPlainText } from '../../model/plainText';
import { savedPoints, savedStringLists, savedStrings } from '../../model/savedFields';
import { isAssignmentCorrect, isItemCorrectInZone } from '../../src/kinds/assignment/assignment.model';
import { isChoiceQuestionCorrect } from '../../src/kinds/choice/choice.model';
import { gapsOf, isClozeCorrect, isGapCorrect } from '../../src/kinds/cloze/cloze.model';
import { foundPolygonIndexes, isMarkCorrect, isPolygonExerciseCorrect } from '../../src/kinds/polygon/polygon.model';

/*
 * How each question kind with right answers reads a saved answer for the results (docs/results.md):
 * whether it is right (the kind's own rule) and, when wrong, what a teacher reads as its mistakes.
 */

/** One mistake of a wrong answer; a cloze names its gap (1-based) so each gap has its own ranking. */
export type Mistake = { answer: string; gap: number | null };

export interface AnswerReading<E> {
  /** The learner-state field that holds the answer. */
  readonly field: 'selected' | 'inputs' | 'assignedItemIds' | 'points';
  readonly read: (element: E, saved: unknown) => { right: boolean; mistakes: Mistake[] };
}

export const NOTHING_CHOSEN = '(nothing chosen)';
export const EMPTY_GAP = '(empty)';
export const MARK_OUTSIDE = 'a mark outside every correct area';
export const AREA_MISSED = 'a correct area without a mark';

const plain = (html: string | undefined) => htmlToPlainText(html ?? '').trim();

const choice: AnswerReading<ElementOf<'ChoiceQuestion'>> = {
  field: 'selected',
  read: (element, saved) => {
    const selected = savedStrings(saved);
    const right = isChoiceQuestionCorrect(element.choices, selected);
    const texts = element.choices.filter((c) => selected.includes(c.id)).map((c) => plain(c.text) || c.id);
    return { right, mistakes: right ? [] : [{ answer: texts.length ? texts.join('; ') : NOTHING_CHOSEN, gap: null }] };
  },
};

const cloze: AnswerReading<ElementOf<'ClozeQuestion'>> = {
  field: 'inputs',
  read: (element, saved) => {
    const inputs = savedStrings(saved);
    const gaps = gapsOf(element.content);
    const right = isClozeCorrect(gaps, inputs);
    const mistakes = gaps.flatMap((gap, index) => (isGapCorrect(gap, inputs[index]) ? [] : [{ answer: (inputs[index] ?? '').trim() || EMPTY_GAP, gap: index + 1 }]));
    return { right, mistakes };
  },
};

const assignment: AnswerReading<ElementOf<'AssignmentQuestion'>> = {
  field: 'assignedItemIds',
  read: (element, saved) => {
    const assignments = savedStringLists(saved);
    const right = isAssignmentCorrect(element.zones, assignments);
    const items = new Map([...element.zones.flatMap((zone) => zone.items), ...element.disruptors].map((item) => [item.id, item]));
    const mistakes = element.zones.flatMap((zone) =>
      (assignments[zone.id] ?? [])
        .filter((itemId) => !isItemCorrectInZone(zone, itemId))
        .map((itemId) => ({ answer: `${plain(items.get(itemId)?.text) || itemId} → ${zone.title || zone.id}`, gap: null })),
    );
    return { right, mistakes };
  },
};

const polygon: AnswerReading<ElementOf<'PolygonTargetExercise'>> = {
  field: 'points',
  read: (element, saved) => {
    const marks = savedPoints(saved);
    const right = isPolygonExerciseCorrect(marks, element.polygons);
    const mistakes: Mistake[] = [];
    if (marks.some((mark) => !isMarkCorrect(mark, element.polygons))) mistakes.push({ answer: MARK_OUTSIDE, gap: null });
    if (foundPolygonIndexes(marks, element.polygons).length < element.polygons.filter((p) => p.isCorrect).length) mistakes.push({ answer: AREA_MISSED, gap: null });
    return { right, mistakes };
  },
};

/** The question kinds with right answers, by modelName (free text has none: its texts are listed instead). */
export const ANSWER_READINGS = {
  ChoiceQuestion: choice,
  ClozeQuestion: cloze,
  AssignmentQuestion: assignment,
  PolygonTargetExercise: polygon,
} as const;

export type ReadableQuestionName = keyof typeof ANSWER_READINGS;
export const ANSWER_FIELDS = [...new Set(Object.values(ANSWER_READINGS).map((reading) => reading.field))];

export const isReadableQuestion = (modelName: string): modelName is ReadableQuestionName => Object.hasOwn(ANSWER_READINGS, modelName);
