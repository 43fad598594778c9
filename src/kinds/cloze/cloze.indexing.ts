import type { ElementOf } from '../../../model/elements';
import type { KindIndexing, QuestionRules } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';
import { savedStrings } from '../../../model/savedFields';
import { gapsOf, isClozeCorrect } from './cloze.model';

type Cloze = ElementOf<'ClozeQuestion'>;

export const clozeQuestion: QuestionRules<Cloze> = {
  label: (element) => labelFromHtml(element.question),
  correct: (element, fields) => isClozeCorrect(gapsOf(element.content), savedStrings(fields.inputs)),
};

export const clozeIndexing: KindIndexing<Cloze> = {
  search: (element) => ({ title: [element.title], body: [{ html: element.question }, { richText: element.content }] }),
  // The gaps and their solutions live in the document.
  answerKey: (model) => ({ content: model.content }),
};
