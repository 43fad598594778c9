import type { ElementOf } from '../../../model/elements';
import { QUESTION_TEXTS_MODULE, type KindIndexing, type QuestionRules } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';
import { savedPoints } from '../../../model/savedFields';
import { responseList, rightOrWrong } from '../../../model/xapiActivity';
import { isPolygonExerciseCorrect } from './polygon.model';

type Polygon = ElementOf<'PolygonTargetExercise'>;

export const polygonQuestion: QuestionRules<Polygon> = {
  label: (element) => labelFromHtml(element.question.html),
  correct: (element, fields) => isPolygonExerciseCorrect(savedPoints(fields.points), element.polygons),
};

export const polygonIndexing: KindIndexing<Polygon> = {
  viewModules: ['src/kinds/polygon/PolygonTargetExercise.tsx', QUESTION_TEXTS_MODULE],
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
