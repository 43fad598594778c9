import type { ElementOf } from '../../../model/elements';
import type { KindIndexing, QuestionRules } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';

export const freeTextQuestion: QuestionRules<ElementOf<'FreeTextInput'>> = {
  label: (element) => labelFromHtml(element.instructions.html),
};

export const freeTextIndexing: KindIndexing<ElementOf<'FreeTextInput'>> = {
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
