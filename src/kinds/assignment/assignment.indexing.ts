import type { ElementOf } from '../../../model/elements';
import type { KindIndexing, QuestionRules, StoredModel } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';
import { savedStringLists } from '../../../model/savedFields';
import { isAssignmentCorrect } from './assignment.model';

type Assignment = ElementOf<'AssignmentQuestion'>;

const listOf = (value: unknown) => (Array.isArray(value) ? (value as StoredModel[]) : []);
const itemKeys = (list: unknown) => listOf(list).map((item) => ({ id: item.id, type: item.type, text: item.text, image: item.image }));

export const assignmentQuestion: QuestionRules<Assignment> = {
  label: (element) => labelFromHtml(element.instructions),
  correct: (element, fields) => isAssignmentCorrect(element.zones, savedStringLists(fields.assignedItemIds)),
};

export const assignmentIndexing: KindIndexing<Assignment> = {
  search: (element) => ({
    title: [element.title],
    body: [
      { html: element.instructions },
      ...element.zones.flatMap((zone) => [zone.title, ...zone.items.map((item) => item.text)]),
      ...element.disruptors.map((item) => item.text),
    ],
  }),
  answerKey: (model) => ({ zones: listOf(model.zones).map((zone) => ({ id: zone.id, items: itemKeys(zone.items) })), disruptors: itemKeys(model.disruptors) }),
};
