import type { ElementOf } from '../../../model/elements';
import { QUESTION_TEXTS_MODULE, type KindIndexing, type QuestionRules } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';
import { htmlToPlainText } from '../../../model/plainText';

export const freeTextQuestion: QuestionRules<ElementOf<'FreeTextInput'>> = {
  label: (element) => labelFromHtml(element.instructions.html),
};

export const freeTextIndexing: KindIndexing<ElementOf<'FreeTextInput'>> = {
  viewModules: ['src/kinds/freeText/FreeTextInput.tsx', QUESTION_TEXTS_MODULE],
  accessibility: {
    htmlFields: (element) => [['instructions.html', element.instructions.html], ['feedback.html', element.feedback?.html]],
    exerciseTexts: (element) => [['instructions.html', htmlToPlainText(element.instructions.html)]],
  },
  search: (element) => ({ title: [element.title], body: [{ html: element.instructions.html }] }),
  interaction: {
    // Any answer is right (no correctResponsesPattern) and none scores.
    definition: () => ({ interactionType: 'long-fill-in' }),
    result: (_question, fields, { sendFreeText }) => ({
      completion: true,
      ...(sendFreeText && typeof fields.value === 'string' ? { response: fields.value } : {}),
    }),
  },
};
