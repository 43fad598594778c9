import type { ContentElement, ModelName } from '../../../model/elements';
import type { RichTextNode } from '../../../model/richText';
import { choicePress, FOLDABLE_TITLE_PRESS, spotPress } from './pressReplay';

/**
 * Interactive kinds that, on a long page, show a light stand-in until they come near the viewport
 * (src/elements/dormant/DormantElement.tsx): their widgets, actors and code cost nothing before.
 */
export const DORMANT_KINDS: ReadonlySet<ModelName> = new Set<ModelName>([
  'ChoiceQuestion', 'ClozeQuestion', 'FreeTextInput', 'AssignmentQuestion', 'PolygonTargetExercise',
  'ImageGallery', 'Hotspot', 'Code', 'Certificate',
]);

/** Pages with at least this many elements mount their interactive elements when these come near the viewport. */
export const DORMANT_FROM_ELEMENTS = 120;

/**
 * What a stand-in shows: the element's own html (sanitised by the server) and plain texts, in reading
 * order. A part that stands for one of the element's controls names its press key (src/elements/dormant/pressReplay.ts).
 */
export type DormantPart = ({ html: string } | { text: string } | { code: string }) & { press?: string };

/** A cloze text as plain text; a gap shows as a blank (its solutions are not given away). */
function richText(nodes: readonly RichTextNode[]): string {
  return nodes
    .map((node) => {
      if ('text' in node) return node.text;
      if (node.type === 'gap') return ' ___ ';
      const inner = richText(node.children);
      return node.type === 'p' || node.type === 'li' || node.type === 'h1' ? `${inner}\n` : inner;
    })
    .join('');
}

/**
 * The text of an element, so the stand-in can be read, searched with the browser's find and
 * reached by assistive technology before the element itself mounts (or, in the server's first
 * paint, before the app runs).
 */
export function dormantParts(element: ContentElement): DormantPart[] {
  switch (element.modelName) {
    case 'ChoiceQuestion':
      return [{ html: element.question }, ...element.choices.map((choice) => ({ html: choice.text, press: choicePress(choice.id) }))];
    case 'ClozeQuestion':
      return [{ html: element.question }, { text: richText(element.content) }];
    case 'FreeTextInput':
      return [{ html: element.instructions.html }];
    case 'AssignmentQuestion':
      return [
        { html: element.instructions },
        ...element.zones.map((zone) => ({ text: zone.title })),
        ...[...element.zones.flatMap((zone) => zone.items), ...element.disruptors].flatMap((item) => (item.text ? [{ text: item.text }] : [])),
      ];
    case 'PolygonTargetExercise':
      return [{ html: element.question.html }];
    case 'ImageGallery':
      return element.content.flatMap((image): DormantPart[] => (image.caption ? [{ html: image.caption }] : image.alt ? [{ text: image.alt }] : []));
    case 'Hotspot':
      return [...(element.caption ? [{ html: element.caption }] : []), ...element.elements.flatMap((spot): DormantPart[] => [{ text: spot.title, press: spotPress(spot.id) }, { html: spot.content }])];
    case 'Code':
      return [{ code: element.content }];
    case 'Certificate':
      return [{ text: element.title }, { html: element.description }];
    // Kinds that never doze in the app, as the server's first paint shows them (src/elements/shell/ShellElement.tsx).
    case 'Foldable':
      return [{ text: element.title, press: FOLDABLE_TITLE_PRESS }];
    case 'Barrier':
      return element.content ? [{ html: element.content }] : [];
    case 'Path':
      return element.content.map((step) => ({ text: step.title }));
    case 'IFrame':
      return [{ text: element.title }];
    case 'Link':
      return [...(element.text ? [{ text: element.text }] : []), ...(element.caption ? [{ html: element.caption }] : [])];
    default:
      return [];
  }
}
