import { z } from 'zod';
import { Asset, commonFields, EmbedCode, Html, HtmlField, ImageRatio, ModelId, PublicId } from './common';
import { RichTextDocument } from './richText';

/*
 * Every content element of spec section 3. Learner state (selected, evaluated, value, progress, …)
 * is not part of content: it lives in userdata and the element's actor. Objects are strict so an
 * author's typo is reported instead of silently dropped.
 */

export const Text = z.strictObject({
  ...commonFields,
  modelName: z.literal('Text'),
  content: HtmlField,
  size: z.enum(['p-ultra-small', 'p-small', 'p-regular', 'p-big']).default('p-regular'),
});

export const Heading = z.strictObject({
  ...commonFields,
  modelName: z.literal('Heading'),
  content: HtmlField,
  level: z.number().int().min(1).max(6).default(2),
});

export const MathFormula = z.strictObject({
  ...commonFields,
  modelName: z.literal('MathFormula'),
  /** LaTeX source; empty shows "Mathematical formula is missing". */
  content: z.string().default(''),
});

export const Quote = z.strictObject({
  ...commonFields,
  modelName: z.literal('Quote'),
  text: z.string().default(''),
  author: z.string().default(''),
});

export const Separator = z.strictObject({ ...commonFields, modelName: z.literal('Separator') });

export const Image = z.strictObject({
  ...commonFields,
  modelName: z.literal('Image'),
  asset: Asset,
  alt: z.string().optional(),
  caption: z.optional(Html),
  ratio: z._default(ImageRatio, 'default'),
  aspectRatio: z.number().positive().optional(),
  /** default shows the whole image (contain); crop fills the frame (cover) around the focus point. */
  cropMode: z.enum(['default', 'crop']).default('default'),
});

export const ImageGallery = z.strictObject({
  ...commonFields,
  modelName: z.literal('ImageGallery'),
  content: z.array(Image).min(1, 'a gallery needs at least one image'),
  ratio: z._default(ImageRatio, '16-9'),
});

/** The link/embed element: an embedded frame, a link card or a plain link. */
export const Link = z.strictObject({
  ...commonFields,
  modelName: z.literal('Link'),
  url: z.string(),
  mode: z.enum(['embed', 'card', 'url']).default('card'),
  caption: z.optional(Html),
  aspectRatio: z.number().positive().optional(),
  text: z.string().optional(),
  openInCurrentTab: z.boolean().default(false),
});

/** Embed code; accepted only as an iframe string (spec section 5). */
export const HtmlElement = z.strictObject({
  ...commonFields,
  modelName: z.literal('HtmlElement'),
  content: z.strictObject({ html: EmbedCode }),
});

export const Code = z.strictObject({
  ...commonFields,
  modelName: z.literal('Code'),
  content: z.string(),
  mode: z
    .enum([
      'c_cpp', 'csharp', 'css', 'dockerfile', 'golang', 'html', 'java', 'javascript', 'json', 'latex', 'less',
      'markdown', 'mysql', 'nginx', 'php', 'python', 'sh', 'sql', 'stylus', 'text', 'typescript', 'xml', 'yaml',
    ])
    .default('javascript'),
});

export const HotspotSpot = z.strictObject({
  id: ModelId,
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  title: z.string(),
  content: z._default(Html, ''),
});

export const Hotspot = z.strictObject({
  ...commonFields,
  modelName: z.literal('Hotspot'),
  asset: Asset,
  caption: z.optional(Html),
  ratio: z._default(ImageRatio, 'default'),
  /** Shows "n of total" on each spot. */
  order: z.boolean().default(false),
  elements: z.array(HotspotSpot).min(1, 'a hotspot image needs at least one spot'),
});

export const Choice = z.strictObject({
  id: ModelId,
  modelName: z.literal('Choice').default('Choice'),
  text: Html,
  correct: z.boolean(),
});

export const ChoiceQuestion = z.strictObject({
  ...commonFields,
  modelName: z.literal('ChoiceQuestion'),
  type: z.enum(['sc', 'mc']),
  question: Html,
  choices: z.array(Choice).min(2, 'a choice question needs at least two choices'),
  randomizeOrder: z.boolean().default(false),
  useNeutralFeedback: z.boolean().default(false),
  submitText: z.string().optional(),
  feedbackPositive: z.optional(Html),
  feedbackNegative: z.optional(Html),
  feedbackNeutral: z.optional(Html),
});

export const FreeTextInput = z.strictObject({
  ...commonFields,
  modelName: z.literal('FreeTextInput'),
  instructions: HtmlField,
  placeholder: z.string().optional(),
  useGenerativeFeedback: z.boolean().default(false),
  feedback: z.optional(HtmlField),
  submitText: z.string().optional(),
});

export const ClozeQuestion = z.strictObject({
  ...commonFields,
  modelName: z.literal('ClozeQuestion'),
  question: z._default(Html, ''),
  /** Rich text whose gap nodes are the gaps, in reading order. */
  content: RichTextDocument,
  feedbackPositive: z.optional(Html),
  feedbackNegative: z.optional(Html),
  submitText: z.string().optional(),
});

export const AssignmentQuestionItem = z.strictObject({
  id: ModelId,
  modelName: z.literal('AssignmentQuestionItem').default('AssignmentQuestionItem'),
  type: z.enum(['text', 'image']).default('text'),
  text: z.string().optional(),
  image: z.optional(Asset),
});

export const AssignmentQuestionZone = z.strictObject({
  id: ModelId,
  modelName: z.literal('AssignmentQuestionZone').default('AssignmentQuestionZone'),
  type: z.enum(['text', 'image']).default('text'),
  title: z.string(),
  image: z.optional(Asset),
  /** The items that belong in this zone. */
  items: z.array(AssignmentQuestionItem).min(1, 'a zone needs at least one correct item'),
});

export const AssignmentQuestion = z.strictObject({
  ...commonFields,
  modelName: z.literal('AssignmentQuestion'),
  instructions: z._default(Html, ''),
  zones: z.array(AssignmentQuestionZone).min(1, 'an assignment needs at least one zone'),
  disruptors: z.array(AssignmentQuestionItem).default([]),
  submitText: z.string().optional(),
});

export const Point = z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

export const PolygonTargetExercise = z.strictObject({
  ...commonFields,
  modelName: z.literal('PolygonTargetExercise'),
  asset: Asset,
  polygons: z
    .array(z.strictObject({ id: z.optional(ModelId), points: z.array(Point).min(3, 'a polygon needs at least three points'), isCorrect: z.boolean().default(true) }))
    .min(1, 'a polygon exercise needs at least one polygon'),
  question: HtmlField,
  feedbackPositive: z.optional(HtmlField),
  feedbackNegative: z.optional(HtmlField),
  showAllPolygonsAfterEvaluation: z.boolean().default(false),
  submitText: z.string().optional(),
});

export const Barrier = z.strictObject({
  ...commonFields,
  modelName: z.literal('Barrier'),
  mode: z.enum(['all', 'last', 'unlocked']).default('all'),
  /** Mode unlocked: the barrier may be passed only while this is on (set by the author, not the learner). */
  unlocked: z.boolean().default(false),
  buttonLabel: z.string().optional(),
  content: z._default(Html, ''),
  unlockedContent: z._default(Html, ''),
});

export const Certificate = z.strictObject({
  ...commonFields,
  modelName: z.literal('Certificate'),
  title: z.string(),
  description: z._default(Html, ''),
  /** May hold a `[questions] [id] [id]` block naming free-text elements whose answers are printed. */
  content: z._default(Html, ''),
  validity: z.string().default(''),
  logo: z.optional(Asset),
});

/** Fields a chapter or external resource may carry when it is a step of a path (spec section 3, Path). */
const pathStepFields = {
  duration: z.string().optional(),
  description: z.optional(Html),
  pathTitle: z.string().optional(),
  pathCover: z.optional(Asset),
  pathDuration: z.string().optional(),
  pathDescription: z.optional(Html),
  pathSubmitText: z.string().optional(),
  pathEvaluationType: z.enum(['selfCompletion', 'openedCompletion']).optional(),
};

/** An external resource: a page shown in a frame on its own screen (`iframe/{id}`). */
export const IFrame = z.strictObject({
  ...commonFields,
  ...pathStepFields,
  modelName: z.literal('IFrame'),
  publicId: z.optional(PublicId),
  title: z.string(),
  url: z.string(),
  cover: z.optional(Asset),
  aspectRatio: z.number().positive().optional(),
});

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
export type IFrame = z.infer<typeof IFrame>;
export type ChoiceQuestion = z.infer<typeof ChoiceQuestion>;
export type ClozeQuestion = z.infer<typeof ClozeQuestion>;
export type FreeTextInput = z.infer<typeof FreeTextInput>;
export type AssignmentQuestion = z.infer<typeof AssignmentQuestion>;
export type PolygonTargetExercise = z.infer<typeof PolygonTargetExercise>;
export type Barrier = z.infer<typeof Barrier>;
export type Certificate = z.infer<typeof Certificate>;
export type Image = z.infer<typeof Image>;

export const MODEL_NAMES = ContentElement.options.map((o) => o.shape.modelName.value) as ModelName[];
