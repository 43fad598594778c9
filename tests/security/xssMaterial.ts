import type { MaterialInput } from '../../model/material';
import { ownEmbedPayloads, ownLatexPayloads, ownXssUrls } from './xssPayloads';

/*
 * The material the XSS suite fills: every element kind once or more, so that every html field of the
 * schema appears, each at a place where the viewer shows it (feedback of each kind after an
 * evaluation, foldable and barrier contents, hotspot spots, chapter cards, path steps, sub-pages).
 * Html fields hold placeholders (`htmlSlot('Text.content.html')`), filled with payloads later
 * (xssCollection.ts); plain-text fields get their strings from `plain`, which also says where the
 * string must then show as text.
 */

type Element = MaterialInput['content'][number];
type Point = { x: number; y: number };

const PLACEHOLDER = /^@@html:([A-Za-z.[\]]+)@@$/;

/** The placeholder of an html field, named as htmlFieldsOf (htmlFields.ts) names it. */
export const htmlSlot = (field: string) => `@@html:${field}@@`;

/** The field a placeholder names, or null for any other string. */
export const slotField = (html: string): string | null => PLACEHOLDER.exec(html)?.[1] ?? null;

/** A page of the share: the collection page or a page of material `m`; or the root page of the material share. */
export type PageKey = 'collection' | 'materialShare' | `${number}:${'material' | 'chapter' | 'step' | 'iframe'}`;

/** Where a plain-text field's string must show: in an element `selector` matches on `page`, as text or in an attribute. */
export interface PlainTextCheck {
  field: string;
  text: string;
  page: PageKey;
  selector: string;
  attribute?: string;
}

/** Takes the next plain-text payload for `field` and records where it must show. */
export type Plain = (field: string, page: PageKey, selector: string, attribute?: string) => string;

/** What the visit needs to know of material `m` to open everything that shows html only on interaction. */
export interface MaterialPlan {
  index: number;
  publicId: string;
  chapterPublicId: string;
  stepPublicId: string;
  iframeStepId: string;
  foldableId: string;
  hotspotId: string;
  spotIds: string[];
  /** Single choice answered right (its first choice), multiple choice answered wrong (its second), neutral. */
  choices: { id: string; choiceId: string }[];
  freeTextId: string;
  cloze: { id: string; answer: string }[];
  polygons: { id: string; point: Point }[];
  barrierId: string;
  /** The elements at the root of each of its pages, which the visit waits for. */
  rootIds: Record<'material' | 'chapter' | 'step', string[]>;
}

const ASSETS = {
  photo: { file: 'wasser/regen.jpg', width: 1600, height: 900, aspectRatio: 1.7778 },
  lake: { file: 'wasser/see.jpg', width: 1500, height: 1000, aspectRatio: 1.5 },
  map: { file: 'wasser/karte-auenbach-en.png', width: 1200, height: 900, aspectRatio: 1.3333 },
} as const;

const square = (x: number, y: number) => [{ x, y }, { x: x + 0.1, y }, { x: x + 0.1, y: y + 0.1 }, { x, y: y + 0.1 }];
const at = (id: string) => `[id="${id}"]`;

/** Material `m` with every element kind; html fields are placeholders. */
export function xssMaterial(m: number, plain: Plain): { material: MaterialInput; plan: MaterialPlan } {
  const id = (name: string) => `x${m}-${name}`;
  const page = (kind: 'material' | 'chapter' | 'step' | 'iframe'): PageKey => `${m}:${kind}`;
  const onPage = page('material');
  const text = (name: string): Element => ({ modelName: 'Text', id: id(name), content: { html: htmlSlot('Text.content.html') } });
  const plan: MaterialPlan = {
    index: m,
    publicId: `xss-${m}`,
    chapterPublicId: `xss-${m}-chapter`,
    stepPublicId: `xss-${m}-step`,
    iframeStepId: id('step-resource'),
    foldableId: id('foldable'),
    hotspotId: id('hotspot'),
    spotIds: [id('spot-1'), id('spot-2')],
    choices: [
      { id: id('choice-right'), choiceId: id('choice-right-a') },
      { id: id('choice-wrong'), choiceId: id('choice-wrong-b') },
      { id: id('choice-neutral'), choiceId: id('choice-neutral-a') },
    ],
    freeTextId: id('free-text'),
    cloze: [{ id: id('cloze-right'), answer: '42' }, { id: id('cloze-wrong'), answer: '7' }],
    polygons: [{ id: id('polygon-right'), point: { x: 0.35, y: 0.45 } }, { id: id('polygon-wrong'), point: { x: 0.85, y: 0.1 } }],
    barrierId: id('barrier'),
    rootIds: { material: [], chapter: [id('chapter-heading'), id('chapter-text')], step: [id('step-text')] },
  };

  const choiceQuestion = (name: string, type: 'sc' | 'mc', feedback: 'feedbackPositive' | 'feedbackNegative' | 'feedbackNeutral'): Element => ({
    modelName: 'ChoiceQuestion', id: id(name), type, useNeutralFeedback: feedback === 'feedbackNeutral',
    question: htmlSlot('ChoiceQuestion.question'),
    choices: [
      { id: id(`${name}-a`), text: htmlSlot('Choice.text'), correct: true },
      { id: id(`${name}-b`), text: htmlSlot('Choice.text'), correct: false },
    ],
    submitText: plain('ChoiceQuestion.submitText', onPage, `${at(id(name))} button`),
    [feedback]: htmlSlot(`ChoiceQuestion.${feedback}`),
  });
  const cloze = (name: string, feedback: 'feedbackPositive' | 'feedbackNegative', url: string): Element => ({
    modelName: 'ClozeQuestion', id: id(name), question: htmlSlot('ClozeQuestion.question'),
    content: [{
      type: 'p',
      children: [
        { text: plain('ClozeQuestion.content[].text', onPage, at(id(name))) },
        { type: 'gap', id: id(`${name}-gap`), mode: 'textinput', solutions: [{ text: '42', correct: true }], children: [{ text: '' }] },
        { type: 'a', url, children: [{ text: `rich-text link ${url}` }] },
      ],
    }],
    [feedback]: htmlSlot(`ClozeQuestion.${feedback}`),
  });
  const polygon = (name: string, feedback: 'feedbackPositive' | 'feedbackNegative'): Element => ({
    modelName: 'PolygonTargetExercise', id: id(name), asset: { ...ASSETS.map },
    polygons: [{ id: id(`${name}-target`), points: square(0.3, 0.4) }],
    question: { html: htmlSlot('PolygonTargetExercise.question.html') },
    [feedback]: { html: htmlSlot(`PolygonTargetExercise.${feedback}.html`) },
  });
  const url = (k: number) => ownXssUrls[(m * 3 + k) % ownXssUrls.length];

  const content: Element[] = [
    { modelName: 'Heading', id: id('heading'), content: { html: htmlSlot('Heading.content.html') } },
    text('text'),
    { modelName: 'Image', id: id('image'), asset: { ...ASSETS.photo }, caption: htmlSlot('Image.caption'), alt: plain('Image.alt', onPage, `${at(id('image'))} img`, 'alt') },
    {
      modelName: 'ImageGallery', id: id('gallery'),
      content: [1, 2].map((n) => ({ modelName: 'Image' as const, id: id(`gallery-${n}`), asset: { ...ASSETS.lake }, caption: htmlSlot('Image.caption') })),
    },
    { modelName: 'Link', id: id('link-card'), url: 'https://example.invalid/link', mode: 'card', caption: htmlSlot('Link.caption'), text: plain('Link.text', onPage, at(id('link-card'))) },
    { modelName: 'Link', id: id('link-url'), url: url(0), mode: 'url', text: 'a link with a script url' },
    {
      modelName: 'Hotspot', id: plan.hotspotId, asset: { ...ASSETS.lake }, caption: htmlSlot('Hotspot.caption'),
      elements: [{ x: 0.3, y: 0.3 }, { x: 0.7, y: 0.6 }].map((spot, n) => ({
        id: plan.spotIds[n], ...spot, content: htmlSlot('Hotspot.elements[].content'),
        title: plain('HotspotSpot.title', onPage, `${at(plan.hotspotId)} button[aria-label]`, 'aria-label'),
      })),
    },
    choiceQuestion('choice-right', 'sc', 'feedbackPositive'),
    choiceQuestion('choice-wrong', 'mc', 'feedbackNegative'),
    choiceQuestion('choice-neutral', 'sc', 'feedbackNeutral'),
    {
      modelName: 'FreeTextInput', id: plan.freeTextId, instructions: { html: htmlSlot('FreeTextInput.instructions.html') },
      feedback: { html: htmlSlot('FreeTextInput.feedback.html') }, placeholder: plain('FreeTextInput.placeholder', onPage, `${at(plan.freeTextId)} textarea`, 'placeholder'),
    },
    cloze('cloze-right', 'feedbackPositive', url(1)),
    cloze('cloze-wrong', 'feedbackNegative', url(2)),
    {
      modelName: 'AssignmentQuestion', id: id('assignment'), instructions: htmlSlot('AssignmentQuestion.instructions'),
      zones: [{ id: id('zone'), title: plain('AssignmentQuestionZone.title', onPage, at(id('assignment'))), items: [{ id: id('item'), text: plain('AssignmentQuestionItem.text', onPage, at(id('assignment'))) }] }],
      disruptors: [{ id: id('disruptor'), text: plain('AssignmentQuestionItem.text', onPage, at(id('assignment'))) }],
    },
    polygon('polygon-right', 'feedbackPositive'),
    polygon('polygon-wrong', 'feedbackNegative'),
    { modelName: 'Quote', id: id('quote'), text: plain('Quote.text', onPage, at(id('quote'))), author: plain('Quote.author', onPage, at(id('quote'))) },
    { modelName: 'Code', id: id('code'), mode: 'html', content: plain('Code.content', onPage, at(id('code'))) },
    ...[0, 1].map((k): Element => ({ modelName: 'MathFormula', id: id(`math-${k}`), content: ownLatexPayloads[(m * 2 + k) % ownLatexPayloads.length] })),
    { modelName: 'HtmlElement', id: id('embed'), content: { html: ownEmbedPayloads[m % ownEmbedPayloads.length] } },
    { modelName: 'Separator', id: id('separator') },
    { modelName: 'Foldable', id: plan.foldableId, title: plain('Foldable.title', onPage, at(plan.foldableId)), content: [text('folded-text')] },
    { modelName: 'HighlightedElement', id: id('highlighted'), content: [text('highlighted-text')] },
    { modelName: 'Columns', id: id('columns'), left: [text('left-text')], right: [{ modelName: 'Heading', id: id('right-heading'), content: { html: htmlSlot('Heading.content.html') } }] },
    {
      // Alone at the top of its list, the barrier may be passed at once; the text after it shows only then.
      modelName: 'HighlightedElement', id: id('barrier-panel'),
      content: [
        {
          modelName: 'Barrier', id: plan.barrierId, mode: 'all', content: htmlSlot('Barrier.content'), unlockedContent: htmlSlot('Barrier.unlockedContent'),
          buttonLabel: plain('Barrier.buttonLabel', onPage, `${at(plan.barrierId)} button`),
        },
        text('behind-barrier'),
      ],
    },
    {
      modelName: 'Certificate', id: id('certificate'), title: plain('Certificate.title', onPage, at(id('certificate'))),
      description: htmlSlot('Certificate.description'), content: htmlSlot('Certificate.content'), validity: plain('Certificate.validity', onPage, at(id('certificate'))),
    },
    {
      modelName: 'IFrame', id: id('resource'), title: plain('IFrame.title', onPage, at(id('resource'))), url: 'https://example.invalid/resource',
      description: htmlSlot('IFrame.description'),
    },
    {
      modelName: 'Chapter', id: id('chapter'), publicId: plan.chapterPublicId, title: plain('Chapter.title', page('chapter'), 'h1'),
      description: htmlSlot('Chapter.description'),
      content: [{ modelName: 'Heading', id: id('chapter-heading'), content: { html: htmlSlot('Heading.content.html') } }, text('chapter-text')],
    },
    {
      modelName: 'Path', id: id('path'),
      content: [
        {
          modelName: 'Chapter', id: id('step-chapter'), publicId: plan.stepPublicId, title: 'A chapter on the path',
          pathTitle: plain('Chapter.pathTitle', onPage, at(id('path'))), pathDescription: htmlSlot('Chapter.pathDescription'), content: [text('step-text')],
        },
        { modelName: 'IFrame', id: plan.iframeStepId, title: 'A resource with a script url', url: url(3), pathDescription: htmlSlot('IFrame.pathDescription') },
      ],
    },
  ];

  plan.rootIds.material = content.map((e) => e.id);
  const material: MaterialInput = {
    modelName: 'Material',
    id: id('material'),
    publicId: plan.publicId,
    title: plain('Material.title', onPage, 'h1'),
    created_at: '2026-01-01T00:00:00Z',
    description: htmlSlot('Material.description'),
    content,
  };
  return { material, plan };
}

/** More html fields of the cheap kinds (shown at once), so that every payload gets a field of its own. */
export function fillerElements(m: number, count: number): Element[] {
  return Array.from({ length: count }, (_, n): Element =>
    n % 2 === 0
      ? { modelName: 'Text', id: `x${m}-filler-${n}`, content: { html: htmlSlot('Text.content.html') } }
      : { modelName: 'Heading', id: `x${m}-filler-${n}`, level: 3, content: { html: htmlSlot('Heading.content.html') } },
  );
}
