import type { ContentElement, ElementOf, ModelName } from '../../model/elements';
import type { KindRules, StandInPart } from './kindRules';
import { textRules } from './text/text.rules';
import { headingRules } from './heading/heading.rules';
import { mathFormulaRules } from './mathFormula/mathFormula.rules';
import { quoteRules } from './quote/quote.rules';
import { separatorRules } from './separator/separator.rules';
import { imageRules } from './image/image.rules';
import { imageGalleryRules } from './imageGallery/imageGallery.rules';
import { linkRules } from './link/link.rules';
import { htmlEmbedRules } from './htmlEmbed/htmlEmbed.rules';
import { codeRules } from './code/code.rules';
import { hotspotRules } from './hotspot/hotspot.rules';
import { choiceRules } from './choice/choice.rules';
import { freeTextRules } from './freeText/freeText.rules';
import { clozeRules } from './cloze/cloze.rules';
import { assignmentRules } from './assignment/assignment.rules';
import { polygonRules } from './polygon/polygon.rules';
import { barrierRules } from './barrier/barrier.rules';
import { certificateRules } from './certificate/certificate.rules';
import { externalResourceRules } from './externalResource/externalResource.rules';
import { columnsRules } from './columns/columns.rules';
import { highlightedRules } from './highlighted/highlighted.rules';
import { foldableRules } from './foldable/foldable.rules';
import { chapterRules } from './chapter/chapter.rules';
import { pathRules } from './path/path.rules';

/*
 * Every element kind by its modelName, as the first route needs it: each record here and in
 * ./indexing.ts is exhaustive, so a kind left out does not compile; a kind's folder holds what goes
 * into them (src/kinds/<kind>/<kind>.rules.ts).
 */

/** What the viewer, the server and the tools read of each kind (the first route has it: keep it small). */
export const KIND_RULES: { readonly [N in ModelName]: KindRules<ElementOf<N>> } = {
  Text: textRules,
  Heading: headingRules,
  MathFormula: mathFormulaRules,
  Quote: quoteRules,
  Separator: separatorRules,
  Image: imageRules,
  ImageGallery: imageGalleryRules,
  Link: linkRules,
  HtmlElement: htmlEmbedRules,
  Code: codeRules,
  Hotspot: hotspotRules,
  ChoiceQuestion: choiceRules,
  FreeTextInput: freeTextRules,
  ClozeQuestion: clozeRules,
  AssignmentQuestion: assignmentRules,
  PolygonTargetExercise: polygonRules,
  Barrier: barrierRules,
  Certificate: certificateRules,
  IFrame: externalResourceRules,
  Columns: columnsRules,
  HighlightedElement: highlightedRules,
  Foldable: foldableRules,
  Chapter: chapterRules,
  Path: pathRules,
};

const rulesOf = <E extends ContentElement>(element: E) => KIND_RULES[element.modelName] as KindRules<E>;

/** Whether the element is a question: it bears progress once evaluated (spec section 4). */
export const isQuestion = (element: ContentElement): boolean => rulesOf(element).question === true;

/** Elements that bear progress (spec section 3): questions, chapters, paths and external resources. */
export const isTracked = (element: ContentElement): boolean => isQuestion(element) || rulesOf(element).tracksProgress === true;

/** Whether the kind has a statechart the viewer spawns for each of its elements. */
export const isStateful = (modelName: ModelName): boolean => KIND_RULES[modelName].stateful === true;

/** Whether elements of the kind show their stand-in in the app until they come near the viewport. */
export const dozesAsStandIn = (modelName: ModelName): boolean => KIND_RULES[modelName].standIn?.dozes === true;

/** Whether an element of this kind draws beyond its box (its page never skips it off screen). */
export const drawsBeyondItsBox = (modelName: ModelName): boolean => KIND_RULES[modelName].drawsBeyondItsBox === true;

/** What a stand-in of the element shows (nothing for kinds without one). */
export const standInParts = (element: ContentElement): StandInPart[] => rulesOf(element).standIn?.parts(element) ?? [];
