import type { ElementOf } from '../../../model/elements';
import { plainAnswer, QUESTION_TEXTS_MODULE, type KindIndexing, type QuestionRules, type StoredModel } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';
import { savedStrings } from '../../../model/savedFields';
import { htmlToPlainText } from '../../../model/plainText';
import { languageMap, responseList, rightOrWrong, type InteractionComponent } from '../../../model/xapiActivity';
import { isChoiceQuestionCorrect } from './choice.model';

type Choice = ElementOf<'ChoiceQuestion'>;

const choicesOf = (model: StoredModel) => (Array.isArray(model.choices) ? (model.choices as StoredModel[]) : []);

export const choiceQuestion: QuestionRules<Choice> = {
  label: (element) => labelFromHtml(element.question),
  correct: (element, fields) => isChoiceQuestionCorrect(element.choices, savedStrings(fields.selected)),
};

/** A wrong answer that chose nothing. */
export const NOTHING_CHOSEN = '(nothing chosen)';

export const choiceIndexing: KindIndexing<Choice> = {
  viewModules: ['src/kinds/choice/ChoiceQuestion.tsx', QUESTION_TEXTS_MODULE],
  answerReading: {
    field: 'selected',
    read: (element, saved) => {
      const selected = savedStrings(saved);
      const right = isChoiceQuestionCorrect(element.choices, selected);
      const texts = element.choices.filter((c) => selected.includes(c.id)).map((c) => plainAnswer(c.text) || c.id);
      return { right, mistakes: right ? [] : [{ answer: texts.length ? texts.join('; ') : NOTHING_CHOSEN, gap: null }] };
    },
  },
  accessibility: {
    htmlFields: (element) => [
      ['question', element.question],
      ...element.choices.map((choice, i) => [`choices[${i}].text`, choice.text] as const),
      ['feedbackPositive', element.feedbackPositive],
      ['feedbackNegative', element.feedbackNegative],
      ['feedbackNeutral', element.feedbackNeutral],
    ],
    exerciseTexts: (element) => [['question', htmlToPlainText(element.question)], ...element.choices.map((c, i) => [`choices[${i}].text`, htmlToPlainText(c.text)] as const)],
  },
  search: (element) => ({ title: [element.title], body: [{ html: element.question }, ...element.choices.map((choice) => ({ html: choice.text }))] }),
  answerKey: (model) => ({
    type: model.type,
    choices: choicesOf(model).map((choice) => ({ id: choice.id, type: choice.type, text: choice.text, image: choice.image, correct: choice.correct })),
  }),
  interaction: {
    definition: (question, { language }) => ({
      interactionType: 'choice',
      choices: question.choices.map((c): InteractionComponent => ({ id: c.id, description: languageMap(language, htmlToPlainText(c.text)) })),
      correctResponsesPattern: [responseList(question.choices.filter((c) => c.correct).map((c) => c.id))],
    }),
    result: (question, fields) => {
      const selected = savedStrings(fields.selected);
      return { ...rightOrWrong(isChoiceQuestionCorrect(question.choices, selected)), response: responseList(question.choices.filter((c) => selected.includes(c.id)).map((c) => c.id)) };
    },
  },
};
