import type { ElementOf } from '../../../model/elements';
import { QUESTION_TEXTS_MODULE, type KindIndexing, type QuestionRules } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';
import { savedPoints } from '../../../model/savedFields';
import { responseList, rightOrWrong } from '../../../model/xapiActivity';
import { isPolygonExerciseCorrect } from './polygon.model';
import { htmlToPlainText } from '../../../model/plainText';

type Polygon = ElementOf<'PolygonTargetExercise'>;

export const polygonQuestion: QuestionRules<Polygon> = {
  label: (element) => labelFromHtml(element.question.html),
  correct: (element, fields) => isPolygonExerciseCorrect(savedPoints(fields.points), element.polygons),
};

export const polygonIndexing: KindIndexing<Polygon> = {
  viewModules: ['src/kinds/polygon/PolygonTargetExercise.tsx', QUESTION_TEXTS_MODULE],
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
