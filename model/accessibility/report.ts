import type { ContentElement, Image } from '../elements';
import type { Material } from '../material';
import { childListsOf } from '../tree';
import type { A11yChecks, KindAccessibility } from '../../src/kinds/kindRules';
import { KIND_INDEXING } from '../../src/kinds/indexing';
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

function checkHtml(page: Page, element: ContentElement, field: string, html: string, htmlIsHeading: boolean) {
  const at = (f: string): At => ({ elementId: element.id, kind: element.modelName, field: f });
  const facts = htmlFacts(html);
  for (const image of facts.images) {
    if (image.alt === null) report(page, 'imageAltMissing', at(field), { file: basename(image.src) });
    else if (image.alt.trim() && isPlaceholderAlt(image.alt, basename(image.src))) report(page, 'imageAltPlaceholder', at(field), { alt: image.alt.trim(), file: basename(image.src) });
  }
  if (!htmlIsHeading) for (const heading of facts.headings) checkHeading(page, heading.level, heading.text, at(field));
  for (const link of facts.links) checkLinkName(page, link.name, link.href, at(field));
  for (const video of facts.videos) if (!video.captioned) report(page, 'videoWithoutCaptions', at(field), { src: video.src });
}

/** The checks a kind asks for (src/kinds/<kind>/<kind>.indexing.ts `accessibility`), on its element of the page. */
function checksOn(page: Page, element: ContentElement): A11yChecks {
  const at = (field: string): At => ({ elementId: element.id, kind: element.modelName, field });
  return {
    heading: (level, text, field) => checkHeading(page, level, text, at(field)),
    imageText: (text, file, field) => checkImageText(page, text, file, at(field)),
    image: (image, prefix) => checkImageElement(page, image, prefix, at('')),
    linkName: (name, href, field) => checkLinkName(page, name, href, at(field)),
    report: (problem, field, values) => report(page, problem, at(field), values),
  };
}

/** An element's checks, then its html fields and the texts of its exercise, then its children, in reading order. */
function checkElement(page: Page, element: ContentElement): void {
  const accessibility = KIND_INDEXING[element.modelName].accessibility as KindAccessibility<ContentElement> | undefined;
  const at = (field: string): At => ({ elementId: element.id, kind: element.modelName, field });
  accessibility?.check?.(element, checksOn(page, element));
  for (const [field, html] of accessibility?.htmlFields?.(element) ?? []) {
    if (typeof html === 'string' && html.trim() !== '') checkHtml(page, element, field, html, accessibility?.htmlIsHeading === true);
  }
  for (const [field, text] of accessibility?.exerciseTexts?.(element) ?? []) {
    const words = colourOnlyReference(text);
    if (words) report(page, 'colourOnly', at(field), { words });
  }
  const title = accessibility?.pageTitle?.(element);
  const childPage: Page = title === undefined ? page : { ...page, chapters: [...page.chapters, title], level: 1 };
  for (const children of childListsOf(element)) for (const child of children) checkElement(childPage, child);
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
