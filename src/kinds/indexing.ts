import type { ContentElement, ElementOf, ModelName } from '../../model/elements';
import type { KindIndexing, KindName, QuestionRules } from './kindRules';
import { textIndexing } from './text/text.indexing';
import { headingIndexing } from './heading/heading.indexing';
import { mathFormulaIndexing } from './mathFormula/mathFormula.indexing';
import { quoteIndexing } from './quote/quote.indexing';
import { separatorIndexing } from './separator/separator.indexing';
import { imageIndexing } from './image/image.indexing';
import { imageGalleryIndexing } from './imageGallery/imageGallery.indexing';
import { linkIndexing } from './link/link.indexing';
import { htmlEmbedIndexing } from './htmlEmbed/htmlEmbed.indexing';
import { codeIndexing } from './code/code.indexing';
import { hotspotIndexing } from './hotspot/hotspot.indexing';
import { choiceIndexing, choiceQuestion } from './choice/choice.indexing';
import { freeTextIndexing, freeTextQuestion } from './freeText/freeText.indexing';
import { clozeIndexing, clozeQuestion } from './cloze/cloze.indexing';
import { assignmentIndexing, assignmentQuestion } from './assignment/assignment.indexing';
import { polygonIndexing, polygonQuestion } from './polygon/polygon.indexing';
import { barrierIndexing } from './barrier/barrier.indexing';
import { certificateIndexing } from './certificate/certificate.indexing';
import { externalResourceIndexing } from './externalResource/externalResource.indexing';
import { columnsIndexing } from './columns/columns.indexing';
import { highlightedIndexing } from './highlighted/highlighted.indexing';
import { foldableIndexing } from './foldable/foldable.indexing';
import { chapterIndexing } from './chapter/chapter.indexing';
import { pathIndexing } from './path/path.indexing';
import { choiceName } from './choice/choice.name';
import { clozeName } from './cloze/cloze.name';
import { freeTextName } from './freeText/freeText.name';
import { assignmentName } from './assignment/assignment.name';
import { polygonName } from './polygon/polygon.name';
import { chapterName } from './chapter/chapter.name';
import { pathName } from './path/path.name';
import { externalResourceName } from './externalResource/externalResource.name';

/*
 * What the answers and the server read of every element kind by its modelName (./rules.ts has what
 * the first route reads): a module of its own, so the first route does not carry these.
 */

/** The answers of each question kind (null: no question); the score, barriers and learning records read them. */
export const KIND_QUESTIONS: { readonly [N in ModelName]: QuestionRules<ElementOf<N>> | null } = {
  Text: null,
  Heading: null,
  MathFormula: null,
  Quote: null,
  Separator: null,
  Image: null,
  ImageGallery: null,
  Link: null,
  HtmlElement: null,
  Code: null,
  Hotspot: null,
  ChoiceQuestion: choiceQuestion,
  FreeTextInput: freeTextQuestion,
  ClozeQuestion: clozeQuestion,
  AssignmentQuestion: assignmentQuestion,
  PolygonTargetExercise: polygonQuestion,
  Barrier: null,
  Certificate: null,
  IFrame: null,
  Columns: null,
  HighlightedElement: null,
  Foldable: null,
  Chapter: null,
  Path: null,
};

/** The name of each kind that can keep a barrier closed (it bears progress: spec section 3), null for the others. */
export const KIND_NAMES: { readonly [N in ModelName]: KindName | null } = {
  Text: null,
  Heading: null,
  MathFormula: null,
  Quote: null,
  Separator: null,
  Image: null,
  ImageGallery: null,
  Link: null,
  HtmlElement: null,
  Code: null,
  Hotspot: null,
  ChoiceQuestion: choiceName,
  FreeTextInput: freeTextName,
  ClozeQuestion: clozeName,
  AssignmentQuestion: assignmentName,
  PolygonTargetExercise: polygonName,
  Barrier: null,
  Certificate: null,
  IFrame: externalResourceName,
  Columns: null,
  HighlightedElement: null,
  Foldable: null,
  Chapter: chapterName,
  Path: pathName,
};

/** What the server reads of each kind (search, answer keys): the client's code never imports it. */
export const KIND_INDEXING: { readonly [N in ModelName]: KindIndexing<ElementOf<N>> } = {
  Text: textIndexing,
  Heading: headingIndexing,
  MathFormula: mathFormulaIndexing,
  Quote: quoteIndexing,
  Separator: separatorIndexing,
  Image: imageIndexing,
  ImageGallery: imageGalleryIndexing,
  Link: linkIndexing,
  HtmlElement: htmlEmbedIndexing,
  Code: codeIndexing,
  Hotspot: hotspotIndexing,
  ChoiceQuestion: choiceIndexing,
  FreeTextInput: freeTextIndexing,
  ClozeQuestion: clozeIndexing,
  AssignmentQuestion: assignmentIndexing,
  PolygonTargetExercise: polygonIndexing,
  Barrier: barrierIndexing,
  Certificate: certificateIndexing,
  IFrame: externalResourceIndexing,
  Columns: columnsIndexing,
  HighlightedElement: highlightedIndexing,
  Foldable: foldableIndexing,
  Chapter: chapterIndexing,
  Path: pathIndexing,
};

/** The answers of a question (null for an element that is no question). */
export const questionOf = <E extends ContentElement>(element: E) => KIND_QUESTIONS[element.modelName] as QuestionRules<E> | null;

/** The text that names an element for a learner: its title, else the start of its question or instructions. */
/** The kind's name in `language` (German unless English), or the modelName for a kind without one. */
export const kindNameOf = (modelName: ModelName, language: string): string => KIND_NAMES[modelName]?.[language === 'en' ? 'en' : 'de'] ?? modelName;

export const elementLabelText = (element: ContentElement): string => element.title || (questionOf(element)?.label(element) ?? '');

/** The answer key of a stored question model, or null for a model that is no question with one. */
export function answerKeyOf(model: Readonly<Record<string, unknown>>): unknown {
  const modelName = model.modelName;
  if (typeof modelName !== 'string' || !Object.hasOwn(KIND_INDEXING, modelName)) return null;
  return KIND_INDEXING[modelName as ModelName].answerKey?.(model) ?? null;
}
