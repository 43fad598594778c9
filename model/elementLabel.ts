import type { ContentElement } from './elements';

const MAX_SNIPPET = 80;

function plain(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

function snippet(text: string): string {
  return text.length > MAX_SNIPPET ? `${text.slice(0, MAX_SNIPPET - 1).trimEnd()}…` : text;
}

/** The text that names an element for a learner: its title, else the start of its question or instructions. */
export function elementLabelText(element: ContentElement): string {
  if (element.title) return element.title;
  switch (element.modelName) {
    case 'ChoiceQuestion':
      return snippet(plain(element.question));
    case 'ClozeQuestion':
      return snippet(plain(element.question));
    case 'FreeTextInput':
      return snippet(plain(element.instructions.html));
    case 'AssignmentQuestion':
      return snippet(plain(element.instructions));
    case 'PolygonTargetExercise':
      return snippet(plain(element.question.html));
    default:
      return '';
  }
}
