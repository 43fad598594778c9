import { formatCertificateDate } from '../../i18n';
import type { Certificate, ContentElement } from '../../model/elements';
import type { Lang } from '../../model/pageData';
import type { CertificateDocument } from './buildCertificatePdf';
import { htmlToParagraphs } from './htmlText';
import { certificateAnswers, withoutQuestionsBlock } from './questionsBlock';

/** The fixed words of the PDF in the learner's language. */
export type CertificateLabels = {
  issuedFor: string;
  material: string;
  answers: string;
  issuedOn: (date: string) => string;
  validity: (validity: string) => string;
};

export type CertificateFacts = {
  lang: Lang;
  /** The full name the certificate is issued for. */
  issuedFor: string;
  /** ISO date-time the certificate was issued (the machine's issueDate). */
  issueDate: string;
  materialName: string;
  /** The material's elements, to find the free texts the `[questions]` block names. */
  elements: Iterable<ContentElement>;
  /** The learner's last value of a free text, by id. */
  valueOf: (id: string) => unknown;
  labels: CertificateLabels;
};

/**
 * What the PDF prints for one certificate: its text without the `[questions]` block (the
 * description when the text is empty), the answered free texts of that block, the issue date as
 * 2-digit day, long month and year in `{lang}-CH`, and the validity.
 */
export function certificateDocument(element: Certificate, facts: CertificateFacts): Omit<CertificateDocument, 'logo'> {
  const text = htmlToParagraphs(withoutQuestionsBlock(element.content));
  return {
    lang: facts.lang,
    title: element.title,
    issuedForLabel: facts.labels.issuedFor,
    issuedFor: facts.issuedFor,
    materialLabel: facts.labels.material,
    materialName: facts.materialName,
    paragraphs: text.length > 0 ? text : htmlToParagraphs(element.description),
    answersHeading: facts.labels.answers,
    answers: certificateAnswers(element.content, facts.elements, facts.valueOf),
    issueDateLine: facts.labels.issuedOn(formatCertificateDate(facts.issueDate, facts.lang)),
    validityLine: element.validity.trim() ? facts.labels.validity(element.validity.trim()) : '',
    issueDate: facts.issueDate,
  };
}
