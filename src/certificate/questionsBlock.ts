import type { ContentElement } from '../../model/elements';
import { certificateQuestionIds, QUESTIONS_BLOCK } from '../kinds/certificate/certificateQuestions';
import { htmlToParagraphs } from './htmlText';

/** A certificate text without its `[questions] [id] …` block (spec section 5); tags inside the block stay, so the html stays whole. */
export function withoutQuestionsBlock(content: string): string {
  return content.replace(new RegExp(QUESTIONS_BLOCK.source, 'g'), (block) => block.match(/<[^>]*>/g)?.join('') ?? '');
}

/** One printed answer: the free text's instructions as the heading, the learner's text below. */
export type CertificateAnswer = { question: string; answer: string };

/**
 * The answers the certificate prints: the free-text elements its `[questions]` block names, in that
 * order, whose learner value is a non-blank string. `valueOf(id)` is the learner's last value.
 */
export function certificateAnswers(content: string, elements: Iterable<ContentElement>, valueOf: (id: string) => unknown): CertificateAnswer[] {
  const ids = [...new Set(certificateQuestionIds(content))];
  if (ids.length === 0) return [];
  const freeTexts = new Map<string, string>();
  for (const element of elements) {
    if (element.modelName === 'FreeTextInput') freeTexts.set(element.id, element.instructions.html);
  }
  return ids.flatMap((id) => {
    const instructions = freeTexts.get(id);
    const value = valueOf(id);
    if (instructions === undefined || typeof value !== 'string' || value.trim() === '') return [];
    return [{ question: htmlToParagraphs(instructions).join('\n'), answer: value.trim() }];
  });
}
