import type { ElementOf } from '../../../model/elements';
import { QUESTION_TEXTS_MODULE, type KindIndexing, type Mistake, type QuestionRules } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';
import { savedPoints } from '../../../model/savedFields';
import { responseList, rightOrWrong } from '../../../model/xapiActivity';
import { foundPolygonIndexes, isMarkCorrect, isPolygonExerciseCorrect } from './polygon.model';
import { htmlToPlainText } from '../../../model/plainText';

type Polygon = ElementOf<'PolygonTargetExercise'>;

export const polygonQuestion: QuestionRules<Polygon> = {
  label: (element) => labelFromHtml(element.question.html),
  correct: (element, fields) => isPolygonExerciseCorrect(savedPoints(fields.points), element.polygons),
};

/** The mistakes of a wrong answer: a mark outside every correct area, a correct area without a mark. */
export const MARK_OUTSIDE = 'a mark outside every correct area';
export const AREA_MISSED = 'a correct area without a mark';

export const polygonIndexing: KindIndexing<Polygon> = {
  viewModules: ['src/kinds/polygon/PolygonTargetExercise.tsx', QUESTION_TEXTS_MODULE],
  answerReading: {
    field: 'points',
    read: (element, saved) => {
      const marks = savedPoints(saved);
      const right = isPolygonExerciseCorrect(marks, element.polygons);
      const mistakes: Mistake[] = [];
      if (marks.some((mark) => !isMarkCorrect(mark, element.polygons))) mistakes.push({ answer: MARK_OUTSIDE, gap: null });
      if (foundPolygonIndexes(marks, element.polygons).length < element.polygons.filter((p) => p.isCorrect).length) mistakes.push({ answer: AREA_MISSED, gap: null });
      return { right, mistakes };
    },
  },
  accessibility: {
    // Its image's text for screen readers is the asset's license title, as the viewer gives it.
    check: (element, checks) => checks.imageText(element.asset.licenseTitle, element.asset.file, 'asset.licenseTitle'),
    htmlFields: (element) => [['question.html', element.question.html], ['feedbackPositive.html', element.feedbackPositive?.html], ['feedbackNegative.html', element.feedbackNegative?.html]],
    exerciseTexts: (element) => [['question.html', htmlToPlainText(element.question.html)]],
  },
  search: (element) => ({ title: [element.title], body: [{ html: element.question.html }] }),
  answerKey: (model) => ({ polygons: model.polygons }),
  interaction: {
    // The marks are points on the image: no response pattern can list the right ones.
    definition: () => ({ interactionType: 'other' }),
    result: (question, fields) => {
      const marks = savedPoints(fields.points);
      return { ...rightOrWrong(isPolygonExerciseCorrect(marks, question.polygons)), response: responseList(marks.map((p) => `${p.x.toFixed(4)},${p.y.toFixed(4)}`)) };
    },
  },
};
