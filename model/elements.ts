import { z } from 'zod';
import { Asset, commonFields, PublicId } from './common';
import { pathStepFields } from './pathStep';
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

/*
 * Every content element of spec section 3. Learner state (selected, evaluated, value, progress, …)
 * is not part of content: it lives in userdata and the element's actor. Objects are strict so an
 * author's typo is reported instead of silently dropped.
 */

/* The leaf kinds' schemas stand in their folders (src/kinds/<kind>/<kind>.schema.ts); the containers' refer to the union and stay here. */
export { Text, Heading, MathFormula, Quote, Separator, Image, ImageGallery, Link, HtmlElement, Code, HotspotSpot, Hotspot, Choice, ChoiceQuestion, FreeTextInput, ClozeQuestion, AssignmentQuestionItem, AssignmentQuestionZone, AssignmentQuestion, Point, PolygonTargetExercise, Barrier, Certificate, IFrame };

export const ChapterEvaluationType = z.enum(['scrolling', 'selfCompletion', 'composite', 'other']);

/* Containers refer to ContentElement recursively through getters (zod 4's recursive objects). */

export const Columns = z.strictObject({
  ...commonFields,
  modelName: z.literal('Columns'),
  ratio: z.number().min(0).max(1).default(0.5),
  verticalAlign: z.enum(['top', 'middle', 'bottom']).default('top'),
  style: z.enum(['flow', 'flow-outline', 'stretch', 'plain']).default('plain'),
  get left(): z.ZodArray<ContentElementSchema> {
    return z.array(ContentElement);
  },
  get right(): z.ZodArray<ContentElementSchema> {
    return z.array(ContentElement);
  },
});

export const HighlightedElement = z.strictObject({
  ...commonFields,
  modelName: z.literal('HighlightedElement'),
  style: z.enum(['flow', 'flow-outline', 'stretch', 'plain']).default('flow'),
  get content(): z.ZodArray<ContentElementSchema> {
    return z.array(ContentElement);
  },
});

export const Foldable = z.strictObject({
  ...commonFields,
  modelName: z.literal('Foldable'),
  title: z.string(),
  folded: z.boolean().default(true),
  get content(): z.ZodArray<ContentElementSchema> {
    return z.array(ContentElement);
  },
});

export const Chapter = z.strictObject({
  ...commonFields,
  ...pathStepFields,
  modelName: z.literal('Chapter'),
  publicId: PublicId,
  title: z.string(),
  cover: z.optional(Asset),
  hideHeaderImage: z.boolean().default(false),
  evaluationType: ChapterEvaluationType.default('composite'),
  get content(): z.ZodArray<ContentElementSchema> {
    return z.array(ContentElement);
  },
});

export const Path = z.strictObject({
  ...commonFields,
  modelName: z.literal('Path'),
  publicId: z.optional(PublicId),
  get content(): z.ZodArray<z.ZodDiscriminatedUnion<[typeof Chapter, typeof IFrame]>> {
    return z.array(z.discriminatedUnion('modelName', [Chapter, IFrame])).min(1, 'a path needs at least one step');
  },
});

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
