import type { TextSelection } from '../../machines/annotation';

/*
 * Anchoring annotations in a text element (spec sections 3 and 7: reference, from, to, text). Offsets
 * are character offsets (UTF-16 code units, as String.prototype.slice counts) in the element's
 * `textContent`: the same whatever inline markup (bold, italic, links, other annotations' marks) the
 * text is split into. Pure DOM: no React, no layout.
 */

/** The attribute of the marks that show an annotation in the text. */
export const ANNOTATION_MARK_ATTRIBUTE = 'data-annotation-id';

/** Characters before (`node`, `offset`) in `element`'s text (a DOM boundary point inside it). */
export function textOffsetOf(element: Element, node: Node, offset: number): number {
  const range = element.ownerDocument.createRange();
  range.setStart(element, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/**
 * The selection inside one element with an id, as an annotation's anchor: the element is `within`
 * when given, otherwise the nearest ancestor of the selected range matching `selector` (default
 * `[id]`). Null when nothing is selected, the selection is collapsed or blank, or it leaves the element.
 */
export function anchorFromSelection(selection: Selection | null, options: { within?: Element; selector?: string } = {}): TextSelection | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const common = range.commonAncestorContainer;
  const start = common.nodeType === Node.ELEMENT_NODE ? (common as Element) : common.parentElement;
  const element = options.within ?? start?.closest(options.selector ?? '[id]') ?? null;
  if (!element || !element.id) return null;
  if (!element.contains(range.startContainer) || !element.contains(range.endContainer)) return null;
  const from = textOffsetOf(element, range.startContainer, range.startOffset);
  const to = textOffsetOf(element, range.endContainer, range.endOffset);
  const text = (element.textContent ?? '').slice(from, to);
  if (to <= from || text.trim() === '') return null;
  return { reference: element.id, from, to, text };
}

export type TextRange = Pick<TextSelection, 'from' | 'to' | 'text'>;

/**
 * Where `range` lies in `content` now: at its offsets if the text is still there (`exact`), else the
 * occurrence of its text nearest to `from` (`moved`: the material changed around it), else
 * `orphaned` (the text is gone).
 */
export function locateRange(content: string, range: TextRange): { status: 'exact' | 'moved'; from: number; to: number } | { status: 'orphaned' } {
  if (!range.text) return { status: 'orphaned' };
  if (content.slice(range.from, range.to) === range.text) return { status: 'exact', from: range.from, to: range.to };
  let best = -1;
  for (let at = content.indexOf(range.text); at !== -1; at = content.indexOf(range.text, at + 1)) {
    if (best === -1 || Math.abs(at - range.from) < Math.abs(best - range.from)) best = at;
    if (at > range.from) break; // later ones are only farther away
  }
  return best === -1 ? { status: 'orphaned' } : { status: 'moved', from: best, to: best + range.text.length };
}

export type WrapResult =
  | { status: 'exact' | 'moved'; from: number; to: number; marks: HTMLElement[] }
  | { status: 'orphaned'; marks: [] };

function textNodesOf(element: Element): Text[] {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/**
 * Wraps the text of `range` in `element` in `<mark data-annotation-id="{annotationId}">` elements, one
 * per text node it covers (bold, italic and other marks keep their structure). Re-anchors by the text
 * when the offsets no longer hold it; `orphaned` (and nothing wrapped) when the text is gone.
 */
export function wrapAnchor(element: Element, range: TextRange, annotationId: string): WrapResult {
  const located = locateRange(element.textContent ?? '', range);
  if (located.status === 'orphaned') return { status: 'orphaned', marks: [] };
  const { from, to } = located;
  const doc = element.ownerDocument;
  const marks: HTMLElement[] = [];
  let position = 0;
  for (const node of textNodesOf(element)) {
    const length = node.data.length;
    const start = Math.max(from - position, 0);
    const end = Math.min(to - position, length);
    position += length;
    if (end <= start) {
      if (position >= to) break;
      continue;
    }
    let target = node;
    if (start > 0) target = target.splitText(start);
    if (end - start < target.data.length) target.splitText(end - start);
    const mark = doc.createElement('mark');
    mark.setAttribute(ANNOTATION_MARK_ATTRIBUTE, annotationId);
    target.parentNode!.insertBefore(mark, target);
    mark.appendChild(target);
    marks.push(mark);
    if (position >= to) break;
  }
  return { status: located.status, from, to, marks };
}

/**
 * Removes the marks of `annotationId` (of every annotation when omitted) from `element`, their text
 * staying in place; adjacent text nodes are merged again, so the element's DOM is as before wrapping.
 */
export function unwrapAnchor(element: Element, annotationId?: string): number {
  const marks = [...element.querySelectorAll<HTMLElement>(`mark[${ANNOTATION_MARK_ATTRIBUTE}]`)].filter(
    (mark) => annotationId === undefined || mark.getAttribute(ANNOTATION_MARK_ATTRIBUTE) === annotationId,
  );
  for (const mark of marks) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
  }
  if (marks.length) element.normalize();
  return marks.length;
}

/** Whether an annotation's passage is marked in the page (`anchored`), gone from its text (`orphaned`), or not on the page now (`unknown`). */
export type AnchorStatus = 'anchored' | 'orphaned' | 'unknown';

export type AnchoredAnnotation = TextRange & { id: string; reference: string };

/**
 * Marks every annotation of `annotations` in `root`'s document (its text element: the element whose
 * id is its `reference`) unless already marked, and tells of each whether its passage is there.
 * `decorate` gets every new mark. An annotation whose element is not on the page is `unknown`, unless
 * `references` (the ids of every element of the material) shows the element is gone: `orphaned`.
 */
export function anchorAnnotations(
  root: Document,
  annotations: readonly AnchoredAnnotation[],
  options: { references?: ReadonlySet<string>; decorate?: (mark: HTMLElement) => void } = {},
): Map<string, AnchorStatus> {
  const statuses = new Map<string, AnchorStatus>();
  for (const annotation of annotations) {
    // Marks only: the panel's cards carry the same attribute.
    if (root.querySelector(`mark[${ANNOTATION_MARK_ATTRIBUTE}="${CSS.escape(annotation.id)}"]`)) {
      statuses.set(annotation.id, 'anchored');
      continue;
    }
    const element = root.getElementById(annotation.reference);
    if (!element) {
      statuses.set(annotation.id, options.references && !options.references.has(annotation.reference) ? 'orphaned' : 'unknown');
      continue;
    }
    const result = wrapAnchor(element, annotation, annotation.id);
    if (result.status === 'orphaned') {
      statuses.set(annotation.id, 'orphaned');
      continue;
    }
    for (const mark of result.marks) options.decorate?.(mark);
    statuses.set(annotation.id, 'anchored');
  }
  return statuses;
}
