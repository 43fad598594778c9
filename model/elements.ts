import { z } from 'zod';
import { Text } from '../src/kinds/text/text.schema';
import { Heading } from '../src/kinds/heading/heading.schema';
import { MathFormula } from '../src/kinds/mathFormula/mathFormula.schema';
import { Quote } from '../src/kinds/quote/quote.schema';
import { Separator } from '../src/kinds/separator/separator.schema';
import { Image } from '../src/kinds/image/image.schema';
import { ImageGallery } from '../src/kinds/imageGallery/imageGallery.schema';
import { Link } from '../src/kinds/link/link.schema';
import { HtmlElement } from '../src/kinds/htmlEmbed/htmlEmbed.schema';
import { Code } from '../src/kinds/code/code.schema';
import { HotspotSpot, Hotspot } from '../src/kinds/hotspot/hotspot.schema';
import { Choice, ChoiceQuestion } from '../src/kinds/choice/choice.schema';
import { FreeTextInput } from '../src/kinds/freeText/freeText.schema';
import { ClozeQuestion } from '../src/kinds/cloze/cloze.schema';
import { AssignmentQuestionItem, AssignmentQuestionZone, AssignmentQuestion } from '../src/kinds/assignment/assignment.schema';
import { Point, PolygonTargetExercise } from '../src/kinds/polygon/polygon.schema';
import { Barrier } from '../src/kinds/barrier/barrier.schema';
import { Certificate } from '../src/kinds/certificate/certificate.schema';
import { IFrame } from '../src/kinds/externalResource/externalResource.schema';
import { columnsSchema, type ColumnsSchema } from '../src/kinds/columns/columns.schema';
import { highlightedSchema, type HighlightedSchema } from '../src/kinds/highlighted/highlighted.schema';
import { foldableSchema, type FoldableSchema } from '../src/kinds/foldable/foldable.schema';
import { ChapterEvaluationType, chapterSchema, type ChapterSchema } from '../src/kinds/chapter/chapter.schema';
import { pathSchema } from '../src/kinds/path/path.schema';

/*
 * Every content element of spec section 3. Learner state (selected, evaluated, value, progress, …)
 * is not part of content: it lives in userdata and the element's actor. Objects are strict so an
 * author's typo is reported instead of silently dropped.
 */

/* Every kind's schema stands in its folder (src/kinds/<kind>/<kind>.schema.ts). */
export { ChapterEvaluationType, Text, Heading, MathFormula, Quote, Separator, Image, ImageGallery, Link, HtmlElement, Code, HotspotSpot, Hotspot, Choice, ChoiceQuestion, FreeTextInput, ClozeQuestion, AssignmentQuestionItem, AssignmentQuestionZone, AssignmentQuestion, Point, PolygonTargetExercise, Barrier, Certificate, IFrame };

/* Containers hold any element: their schemas (in their folders) read the union through a getter when they parse (zod 4's recursive objects). */

export const Columns: ColumnsSchema<ContentElementSchema> = columnsSchema(() => ContentElement);
export const HighlightedElement: HighlightedSchema<ContentElementSchema> = highlightedSchema(() => ContentElement);
export const Foldable: FoldableSchema<ContentElementSchema> = foldableSchema(() => ContentElement);
export const Chapter: ChapterSchema<ContentElementSchema> = chapterSchema(() => ContentElement);
/** A step of a path: a chapter or an external resource. */
export const PathStep = z.discriminatedUnion('modelName', [Chapter, IFrame]);
export const Path = pathSchema(() => PathStep);

type ContentElementSchema = z.ZodDiscriminatedUnion<
  [
    typeof Text, typeof Heading, typeof MathFormula, typeof Quote, typeof Separator, typeof Image,
    typeof ImageGallery, typeof Link, typeof HtmlElement, typeof Code, typeof Hotspot, typeof ChoiceQuestion,
    typeof FreeTextInput, typeof ClozeQuestion, typeof AssignmentQuestion, typeof PolygonTargetExercise,
    typeof Barrier, typeof Certificate, typeof IFrame, typeof Columns, typeof HighlightedElement,
    typeof Foldable, typeof Chapter, typeof Path,
  ]
>;

export const ContentElement: ContentElementSchema = z.discriminatedUnion('modelName', [
  Text, Heading, MathFormula, Quote, Separator, Image, ImageGallery, Link, HtmlElement, Code, Hotspot,
  ChoiceQuestion, FreeTextInput, ClozeQuestion, AssignmentQuestion, PolygonTargetExercise, Barrier,
  Certificate, IFrame, Columns, HighlightedElement, Foldable, Chapter, Path,
]);

export type ContentElement = z.infer<typeof ContentElement>;
export type ModelName = ContentElement['modelName'];
export type ElementOf<N extends ModelName> = Extract<ContentElement, { modelName: N }>;
export type Chapter = z.infer<typeof Chapter>;
export type Path = z.infer<typeof Path>;

export const MODEL_NAMES = ContentElement.options.map((o) => o.shape.modelName.value) as ModelName[];
