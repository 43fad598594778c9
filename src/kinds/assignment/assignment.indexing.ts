import type { ElementOf } from '../../../model/elements';
import { plainAnswer, QUESTION_TEXTS_MODULE, type KindIndexing, type QuestionRules, type StoredModel } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';
import { savedStringLists } from '../../../model/savedFields';
import { languageMap, responseList, rightOrWrong, type InteractionComponent } from '../../../model/xapiActivity';
import { allItems, isAssignmentCorrect, isItemCorrectInZone } from './assignment.model';
import { htmlToPlainText } from '../../../model/plainText';

type Assignment = ElementOf<'AssignmentQuestion'>;

const listOf = (value: unknown) => (Array.isArray(value) ? (value as StoredModel[]) : []);
const itemKeys = (list: unknown) => listOf(list).map((item) => ({ id: item.id, type: item.type, text: item.text, image: item.image }));

export const assignmentQuestion: QuestionRules<Assignment> = {
  label: (element) => labelFromHtml(element.instructions),
  correct: (element, fields) => isAssignmentCorrect(element.zones, savedStringLists(fields.assignedItemIds)),
};

export const assignmentIndexing: KindIndexing<Assignment> = {
  viewModules: ['src/kinds/assignment/AssignmentQuestion.tsx', QUESTION_TEXTS_MODULE],
  answerReading: {
    field: 'assignedItemIds',
    read: (element, saved) => {
      const assignments = savedStringLists(saved);
      const right = isAssignmentCorrect(element.zones, assignments);
      const items = new Map([...element.zones.flatMap((zone) => zone.items), ...element.disruptors].map((item) => [item.id, item]));
      const mistakes = element.zones.flatMap((zone) =>
        (assignments[zone.id] ?? [])
          .filter((itemId) => !isItemCorrectInZone(zone, itemId))
          .map((itemId) => ({ answer: `${plainAnswer(items.get(itemId)?.text) || itemId} → ${zone.title || zone.id}`, gap: null })),
      );
      return { right, mistakes };
    },
  },
  accessibility: {
    htmlFields: (element) => [['instructions', element.instructions]],
    exerciseTexts: (element) => [
      ['instructions', htmlToPlainText(element.instructions)],
      ...element.zones.map((z, i) => [`zones[${i}].title`, z.title] as const),
      ...element.zones.flatMap((z, i) => z.items.map((item, j) => [`zones[${i}].items[${j}].text`, item.text ?? ''] as const)),
      ...element.disruptors.map((item, i) => [`disruptors[${i}].text`, item.text ?? ''] as const),
    ],
  },
  search: (element) => ({
    title: [element.title],
    body: [
      { html: element.instructions },
      ...element.zones.flatMap((zone) => [zone.title, ...zone.items.map((item) => item.text)]),
      ...element.disruptors.map((item) => item.text),
    ],
  }),
  answerKey: (model) => ({ zones: listOf(model.zones).map((zone) => ({ id: zone.id, items: itemKeys(zone.items) })), disruptors: itemKeys(model.disruptors) }),
  interaction: {
    definition: (question, { language }) => ({
      interactionType: 'matching',
      source: allItems(question).map((item): InteractionComponent => ({ id: item.id, description: languageMap(language, item.text ?? '') })),
      target: question.zones.map((zone): InteractionComponent => ({ id: zone.id, description: languageMap(language, zone.title) })),
      correctResponsesPattern: [responseList(question.zones.flatMap((zone) => zone.items.map((item) => `${item.id}[.]${zone.id}`)))],
    }),
    result: (question, fields) => {
      const assignments = savedStringLists(fields.assignedItemIds);
      const pairs = question.zones.flatMap((zone) => (assignments[zone.id] ?? []).map((item) => `${item}[.]${zone.id}`));
      return { ...rightOrWrong(isAssignmentCorrect(question.zones, assignments)), response: responseList(pairs) };
    },
  },
};
