import type { ElementOf } from '../../../model/elements';
import { QUESTION_TEXTS_MODULE, type KindIndexing, type QuestionRules } from '../kindRules';
import { labelFromHtml } from '../../../model/labelSnippet';
import { savedStrings } from '../../../model/savedFields';
import { responseList, rightOrWrong } from '../../../model/xapiActivity';
import { gapsOf, isClozeCorrect, isGapCorrect } from './cloze.model';
import { htmlToPlainText } from '../../../model/plainText';

type Cloze = ElementOf<'ClozeQuestion'>;

/** Most correct responses listed for a cloze (each gap's correct solutions multiply). */
const MAX_PATTERNS = 64;

/** Every combination of one correct solution per gap, up to MAX_PATTERNS (then the first solutions only). */
function correctResponses(question: Cloze): string[] {
  let patterns: string[][] = [[]];
  for (const gap of gapsOf(question.content)) {
    const solutions = [...new Set(gap.solutions.filter((s) => s.correct).map((s) => s.text.trim()))];
    patterns = patterns.flatMap((pattern) => solutions.map((solution) => [...pattern, solution]));
    if (patterns.length > MAX_PATTERNS) patterns = [patterns[0]];
  }
  return patterns.map((pattern) => `{case_matters=false}${responseList(pattern)}`);
}

export const clozeQuestion: QuestionRules<Cloze> = {
  label: (element) => labelFromHtml(element.question),
  correct: (element, fields) => isClozeCorrect(gapsOf(element.content), savedStrings(fields.inputs)),
};

/** A gap left empty in a wrong answer. */
export const EMPTY_GAP = '(empty)';

export const clozeIndexing: KindIndexing<Cloze> = {
  viewModules: ['src/kinds/cloze/ClozeQuestion.tsx', QUESTION_TEXTS_MODULE],
  answerReading: {
    field: 'inputs',
    read: (element, saved) => {
      const inputs = savedStrings(saved);
      const gaps = gapsOf(element.content);
      const right = isClozeCorrect(gaps, inputs);
      const mistakes = gaps.flatMap((gap, index) => (isGapCorrect(gap, inputs[index]) ? [] : [{ answer: (inputs[index] ?? '').trim() || EMPTY_GAP, gap: index + 1 }]));
      return { right, mistakes };
    },
  },
  accessibility: {
    htmlFields: (element) => [['question', element.question], ['feedbackPositive', element.feedbackPositive], ['feedbackNegative', element.feedbackNegative]],
    exerciseTexts: (element) => [['question', htmlToPlainText(element.question)]],
  },
  search: (element) => ({ title: [element.title], body: [{ html: element.question }, { richText: element.content }] }),
  // The gaps and their solutions live in the document.
  answerKey: (model) => ({ content: model.content }),
  interaction: {
    definition: (question) => ({ interactionType: 'fill-in', correctResponsesPattern: correctResponses(question) }),
    result: (question, fields) => {
      const inputs = savedStrings(fields.inputs);
      const gaps = gapsOf(question.content);
      return { ...rightOrWrong(isClozeCorrect(gaps, inputs)), response: responseList(gaps.map((_, i) => (inputs[i] ?? '').trim())) };
    },
  },
};
