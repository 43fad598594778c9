import type { Chapter } from '../../model/elements';
import type { Material } from '../../model/material';
import { chaptersOnPage, type PageNode } from '../../model/tree';

/** Where a navigation goes: a router path (trailing slash) and the element to scroll to there. */
export type NavTarget = { to: string; scrollTo?: string };

export function pagePath(base: string, trail: readonly Chapter[]): string {
  return `${base}/${trail.map((c) => `${c.publicId}/`).join('')}`;
}

/**
 * Footer navigation: the previous/next sibling chapter, addressed by the ancestors' publicIds;
 * with no sibling, the parent page scrolled to the chapter's anchor (spec section 2).
 */
export function siblingTargets(material: Material, trail: readonly Chapter[], base: string): { back?: NavTarget; forward?: NavTarget } {
  if (trail.length === 0) {
    const first = chaptersOnPage(material)[0];
    return { forward: first ? { to: pagePath(base, [first]) } : undefined };
  }
  const current = trail[trail.length - 1];
  const parentTrail = trail.slice(0, -1);
  const parent: PageNode = parentTrail.length ? parentTrail[parentTrail.length - 1] : material;
  const siblings = chaptersOnPage(parent);
  const index = siblings.findIndex((c) => c.id === current.id);
  const toParent: NavTarget = { to: pagePath(base, parentTrail), scrollTo: current.id };
  const previous = siblings[index - 1];
  const next = siblings[index + 1];
  return {
    back: previous ? { to: pagePath(base, [...parentTrail, previous]) } : toParent,
    forward: next ? { to: pagePath(base, [...parentTrail, next]) } : toParent,
  };
}
