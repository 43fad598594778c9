import type { ContentElement, Image } from '../elements';
import type { Material } from '../material';
import { recogniseEmbed } from '../embedProviders';
import { htmlToPlainText } from '../plainText';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast';
import type { A11yFinding, A11yProblem, A11yReport } from './findings';
import { htmlFacts } from './htmlFacts';
import { checkLanguage } from './language';
import { colourOnlyReference, isPlaceholderAlt, vagueLinkName } from './wording';

/*
 * The accessibility report of a material or a collection (each of its materials): pure checks over
 * the parsed content, in reading order. What each check decides is documented in docs/accessibility.md.
 *
 * Headings: every page (the material's, each chapter's) has its title as the only h1; a Heading
 * element renders as h(max(2, level)), an h1–h6 inside html as it is. In reading order (columns
 * left, then right; foldables and highlighted panels inline), a heading may go at most one level
 * deeper than the one before it, the first one at most h2. A chapter's content is a page of its own.
 */

/** The theme an installation applies (its settings' themeColorOverrides). */
export interface A11yTheme {
  primary?: string;
}

/** The background the theme's primary colour meets, and the text colour on primary buttons. */
const WHITE = '#ffffff';

interface Page {
  material: { id: string; title: string };
  chapters: string[];
  /** The level of the last heading on the page (the page title: 1). */
  level: number;
  findings: A11yFinding[];
}

interface At {
  elementId: string;
  kind: string;
  field: string;
}

function report(page: Page, problem: A11yProblem, at: At, values: Record<string, string> = {}): void {
  page.findings.push({ problem, material: page.material, chapters: page.chapters, ...at, values });
}

const basename = (path: string) => path.split(/[/?#]/).filter(Boolean).pop() ?? path;

/** The html fields of an element, as `field` → html, in reading order. */
function htmlFieldsOf(element: ContentElement): [string, string][] {
  const fields: [string, string | undefined][] = [];
  switch (element.modelName) {
    case 'Text':
    case 'Heading':
      fields.push(['content.html', element.content.html]);
      break;
    case 'Image':
    case 'Link':
      fields.push(['caption', element.caption]);
      break;
    case 'ImageGallery':
      element.content.forEach((image, i) => fields.push([`content[${i}].caption`, image.caption]));
      break;
    case 'Hotspot':
      fields.push(['caption', element.caption]);
      element.elements.forEach((spot, i) => fields.push([`elements[${i}].content`, spot.content]));
      break;
    case 'ChoiceQuestion':
      fields.push(['question', element.question]);
      element.choices.forEach((choice, i) => fields.push([`choices[${i}].text`, choice.text]));
      fields.push(['feedbackPositive', element.feedbackPositive], ['feedbackNegative', element.feedbackNegative], ['feedbackNeutral', element.feedbackNeutral]);
      break;
    case 'FreeTextInput':
      fields.push(['instructions.html', element.instructions.html], ['feedback.html', element.feedback?.html]);
      break;
    case 'ClozeQuestion':
      fields.push(['question', element.question], ['feedbackPositive', element.feedbackPositive], ['feedbackNegative', element.feedbackNegative]);
      break;
    case 'AssignmentQuestion':
      fields.push(['instructions', element.instructions]);
      break;
    case 'PolygonTargetExercise':
      fields.push(['question.html', element.question.html], ['feedbackPositive.html', element.feedbackPositive?.html], ['feedbackNegative.html', element.feedbackNegative?.html]);
      break;
    case 'Barrier':
      fields.push(['content', element.content], ['unlockedContent', element.unlockedContent]);
      break;
    case 'Certificate':
      fields.push(['description', element.description], ['content', element.content]);
      break;
    case 'Chapter':
    case 'IFrame':
      fields.push(['description', element.description]);
      break;
    default:
      break;
  }
  return fields.filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '');
}

/** The texts of an exercise a learner reads to answer it, as `field` → plain text. */
function exerciseTextsOf(element: ContentElement): [string, string][] {
  switch (element.modelName) {
    case 'ChoiceQuestion':
      return [['question', htmlToPlainText(element.question)], ...element.choices.map((c, i): [string, string] => [`choices[${i}].text`, htmlToPlainText(c.text)])];
    case 'FreeTextInput':
      return [['instructions.html', htmlToPlainText(element.instructions.html)]];
    case 'ClozeQuestion':
      return [['question', htmlToPlainText(element.question)]];
    case 'AssignmentQuestion':
      return [
        ['instructions', htmlToPlainText(element.instructions)],
        ...element.zones.map((z, i): [string, string] => [`zones[${i}].title`, z.title]),
        ...element.zones.flatMap((z, i) => z.items.map((item, j): [string, string] => [`zones[${i}].items[${j}].text`, item.text ?? ''])),
        ...element.disruptors.map((item, i): [string, string] => [`disruptors[${i}].text`, item.text ?? '']),
      ];
    case 'PolygonTargetExercise':
      return [['question.html', htmlToPlainText(element.question.html)]];
    case 'Hotspot':
      return element.elements.map((spot, i): [string, string] => [`elements[${i}].title`, spot.title]);
    default:
      return [];
  }
}

/** An image's text for screen readers (`text`, from the field `at.field`) and its file. */
function checkImageText(page: Page, text: string | undefined, file: string, at: At) {
  const alt = text?.trim() ?? '';
  if (!alt) report(page, 'imageAltMissing', at, { file });
  else if (isPlaceholderAlt(alt, file)) report(page, 'imageAltPlaceholder', at, { alt, file });
}

/** An Image element's text for screen readers is its alt, else its asset's license title (spec section 3, src/kinds/image). */
function checkImageElement(page: Page, image: Image, prefix: string, at: { elementId: string; kind: string }) {
  const alt = image.alt?.trim() ? image.alt : image.asset.licenseTitle;
  checkImageText(page, alt, image.asset.file, { ...at, field: `${prefix}alt` });
}

function checkLinkName(page: Page, name: string, href: string, at: At) {
  const vague = vagueLinkName(name, href);
  if (vague === 'empty') report(page, 'linkNameEmpty', at, { href });
  else if (vague === 'url') report(page, 'linkNameUrl', at, { name, href });
  else if (vague === 'vague') report(page, 'linkNameVague', at, { name, href });
}

function checkHeading(page: Page, level: number, text: string, at: At) {
  if (level > page.level + 1) report(page, 'headingSkipsLevel', at, { from: `h${page.level}`, to: `h${level}`, text });
  page.level = level;
}

function checkHtml(page: Page, element: ContentElement, field: string, html: string) {
  const at = (f: string): At => ({ elementId: element.id, kind: element.modelName, field: f });
  const facts = htmlFacts(html);
  for (const image of facts.images) {
    if (image.alt === null) report(page, 'imageAltMissing', at(field), { file: basename(image.src) });
    else if (image.alt.trim() && isPlaceholderAlt(image.alt, basename(image.src))) report(page, 'imageAltPlaceholder', at(field), { alt: image.alt.trim(), file: basename(image.src) });
  }
  if (element.modelName !== 'Heading') for (const heading of facts.headings) checkHeading(page, heading.level, heading.text, at(field));
  for (const link of facts.links) checkLinkName(page, link.name, link.href, at(field));
  for (const video of facts.videos) if (!video.captioned) report(page, 'videoWithoutCaptions', at(field), { src: video.src });
}

function checkElement(page: Page, element: ContentElement): void {
  const at = (field: string): At => ({ elementId: element.id, kind: element.modelName, field });
  switch (element.modelName) {
    case 'Heading':
      checkHeading(page, Math.max(2, element.level), htmlToPlainText(element.content.html), at('level'));
      break;
    case 'Image':
      checkImageElement(page, element, '', at(''));
      break;
    case 'ImageGallery':
      element.content.forEach((image, i) => checkImageElement(page, image, `content[${i}].`, at('')));
      break;
    case 'Hotspot':
    case 'PolygonTargetExercise':
      // Their image's text for screen readers is the asset's license title (src/kinds/hotspot, src/kinds/polygon).
      checkImageText(page, element.asset.licenseTitle, element.asset.file, at('asset.licenseTitle'));
      break;
    case 'Link': {
      const named = (element.text ?? '').trim() || (element.title ?? '').trim();
      if (element.mode === 'embed') {
        const embed = recogniseEmbed(element.url);
        if (embed && !named && !embed.title?.trim()) report(page, 'embedWithoutTitle', at('text'), { src: embed.src });
      } else if (element.mode === 'url') checkLinkName(page, named || element.url, element.url, at('text'));
      else if (named) checkLinkName(page, named, element.url, at('text'));
      break;
    }
    case 'HtmlElement': {
      const frame = htmlFacts(element.content.html).frames[0];
      if (frame && !frame.title && !(element.title ?? '').trim()) report(page, 'embedWithoutTitle', at('content.html'), { src: frame.src });
      break;
    }
    case 'IFrame':
      if (!element.title.trim()) report(page, 'embedWithoutTitle', at('title'), { src: element.url });
      break;
    default:
      break;
  }
  for (const [field, html] of htmlFieldsOf(element)) checkHtml(page, element, field, html);
  for (const [field, text] of exerciseTextsOf(element)) {
    const words = colourOnlyReference(text);
    if (words) report(page, 'colourOnly', at(field), { words });
  }
  walkChildren(page, element);
}

function walkChildren(page: Page, element: ContentElement): void {
  switch (element.modelName) {
    case 'Columns':
      for (const child of [...element.left, ...element.right]) checkElement(page, child);
      break;
    case 'HighlightedElement':
    case 'Foldable':
      for (const child of element.content) checkElement(page, child);
      break;
    case 'Chapter': {
      const chapterPage: Page = { ...page, chapters: [...page.chapters, element.title], level: 1 };
      for (const child of element.content) checkElement(chapterPage, child);
      break;
    }
    case 'Path':
      for (const step of element.content) checkElement(page, step);
      break;
    default:
      break;
  }
}

/** The findings of one material, in reading order: its language, then its description and content. */
export function materialFindings(material: Material): A11yFinding[] {
  const page: Page = { material: { id: material.id, title: material.title }, chapters: [], level: 1, findings: [] };
  const language = checkLanguage(material.metadata);
  const at: At = { elementId: material.id, kind: 'Material', field: 'metadata' };
  if (language.state === 'missing') report(page, 'languageMissing', { ...at, field: language.key ? `metadata.${language.key}` : 'metadata' });
  if (language.state === 'invalid') report(page, 'languageInvalid', { ...at, field: `metadata.${language.key}` }, { value: language.value });
  const description = htmlFacts(material.description);
  for (const link of description.links) checkLinkName(page, link.name, link.href, { ...at, field: 'description' });
  for (const element of material.content) checkElement(page, element);
  return page.findings;
}

/** The installation's theme: its primary colour is the colour of links and of buttons with white text on them. */
export function themeFindings(theme: A11yTheme): A11yFinding[] {
  if (!theme.primary) return [];
  const ratio = contrastRatio(theme.primary, WHITE);
  if (ratio >= AA_TEXT_CONTRAST) return [];
  return [
    {
      problem: 'themeContrast',
      elementId: 'settings',
      kind: 'Settings',
      chapters: [],
      field: 'themeColorOverrides.primary',
      values: { colour: theme.primary, background: WHITE, ratio: (Math.floor(ratio * 100) / 100).toFixed(2), required: AA_TEXT_CONTRAST.toFixed(1) },
    },
  ];
}

/** The report of a material, or of a collection (`materials`: its materials in order). */
export function accessibilityReport(
  root: { modelName: 'Material' | 'Collection'; id: string; title: string },
  materials: readonly Material[],
  theme: A11yTheme,
): A11yReport {
  return {
    root: { modelName: root.modelName, id: root.id, title: root.title },
    materials: materials.length,
    findings: [...themeFindings(theme), ...materials.flatMap(materialFindings)],
  };
}
