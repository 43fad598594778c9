import type { Chapter, ContentElement, IFrame } from './elements';
import type { Material } from './material';
import { KIND_RULES } from '../src/kinds/rules';
import type { KindRules } from '../src/kinds/kindRules';

/** A chapter or the material itself: what a viewer page shows. */
export type PageNode = Material | Chapter;

/** The lists of child elements an element holds (containers), in reading order. */
export function childListsOf(element: ContentElement): readonly (readonly ContentElement[])[] {
  return (KIND_RULES[element.modelName] as KindRules<ContentElement>).children?.(element) ?? [];
}

/**
 * Elements shown on a page: the page's content and the content of its containers, but not the
 * inside of nested chapters (they are pages of their own).
 */
export function* elementsOnPage(content: readonly ContentElement[]): Generator<ContentElement> {
  for (const element of content) {
    yield element;
    if (element.modelName === 'Chapter') continue;
    for (const list of childListsOf(element)) yield* elementsOnPage(list);
  }
}

/**
 * A list split at its first barrier (spec section 4: only the first barrier splits a list): the
 * elements up to and with it, shown at once, and those after it, shown once it is unlocked.
 */
export function barrierSplit(elements: readonly ContentElement[]): { before: readonly ContentElement[]; barrierId: string | null; after: readonly ContentElement[] } {
  const at = elements.findIndex((e) => e.modelName === 'Barrier');
  return at < 0 ? { before: elements, barrierId: null, after: [] } : { before: elements.slice(0, at + 1), barrierId: elements[at].id, after: elements.slice(at + 1) };
}

/** Every element below a root, nested chapters included. */
export function* allElements(content: readonly ContentElement[]): Generator<ContentElement> {
  for (const element of content) {
    yield element;
    for (const list of childListsOf(element)) yield* allElements(list);
  }
}

/** The chapter with this publicId among the page's content (containers and paths included). */
export function findChapter(page: PageNode, publicId: string): Chapter | undefined {
  for (const element of elementsOnPage(page.content)) {
    if (element.modelName === 'Chapter' && element.publicId === publicId) return element;
  }
  return undefined;
}

export function findElementOnPage(page: PageNode, id: string): ContentElement | undefined {
  for (const element of elementsOnPage(page.content)) if (element.id === id) return element;
  return undefined;
}

export function findExternalResource(page: PageNode, id: string): IFrame | undefined {
  const element = findElementOnPage(page, id);
  return element?.modelName === 'IFrame' ? element : undefined;
}

export type ResolvedPath =
  | { kind: 'page'; trail: Chapter[] }
  | { kind: 'iframe'; trail: Chapter[]; resource: IFrame }
  | { kind: 'element'; element: ContentElement }
  | { kind: 'notFound' };

/**
 * Resolves the route below a material: `p1/p2/p3` is a chapter trail by publicId,
 * `…/iframe/{id}` an external resource of that chapter (or of the root page), and any other
 * `iframe/{id}` at the material root the embeddable view of that element (spec section 2).
 */
export function resolvePath(material: Material, segments: readonly string[]): ResolvedPath {
  const trail: Chapter[] = [];
  let page: PageNode = material;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === 'iframe' && i === segments.length - 2) {
      const id = segments[i + 1];
      if (trail.length === 0) {
        // An external resource of the root page opens as a page; any other element in the embeddable view.
        const resource = findExternalResource(material, id);
        if (resource) return { kind: 'iframe', trail, resource };
        for (const element of allElements(material.content)) if (element.id === id) return { kind: 'element', element };
        return { kind: 'notFound' };
      }
      const resource = findExternalResource(page, id);
      return resource ? { kind: 'iframe', trail, resource } : { kind: 'notFound' };
    }
    const chapter = findChapter(page, segment);
    if (!chapter) return { kind: 'notFound' };
    trail.push(chapter);
    page = chapter;
  }
  return { kind: 'page', trail };
}

/** Chapters directly reachable from a page, in order (for footer navigation). */
export function chaptersOnPage(page: PageNode): Chapter[] {
  return [...elementsOnPage(page.content)].filter((e): e is Chapter => e.modelName === 'Chapter');
}
