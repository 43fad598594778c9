import type { Highlight } from '../../model/highlight';
import type { FulltextHit, SearchCrumb } from '../../model/search';

/*
 * Where a full-text hit opens (spec section 2): the page the hit sits on, addressed by the publicIds
 * of its chapters (and, in a collection, of its material first), with `scrollTo` the hit's anchor and
 * `highlight` the words the search matched there (the search text when the hit names none).
 */

/** The route of the page a trail of crumbs ends on. A material share's routes start below its material. */
export function crumbPath(path: readonly SearchCrumb[], inCollection: boolean): string {
  const segments = (inCollection ? path : path.slice(1)).map((crumb) => encodeURIComponent(crumb.publicId));
  return segments.length ? `/${segments.join('/')}/` : '/';
}

export type HitTarget = { to: string; search: { scrollTo?: string; highlight?: Highlight } };

/**
 * The page of the hit, scrolled to its anchor (the outermost foldable, gallery, hotspot or path around
 * it, else the hit) and marking there what the search matched: the words its snippet marks, found by
 * their stems ("Wasserwerke" finds and marks "Wasserwerk"), else the query. A hit behind a barrier opens
 * at the barrier: what it hides shows only once the learner passes it. A material's own hit (its title) opens the material.
 */
export function hitTarget(hit: FulltextHit, query: string, inCollection: boolean): HitTarget {
  const to = crumbPath(hit.path, inCollection);
  if (hit.modelName === 'Material') return { to: inCollection ? `/${encodeURIComponent(materialPublicIdOf(hit))}/` : '/', search: {} };
  const highlight = hit.matchedWords.length ? hit.matchedWords : query.trim() || undefined;
  if (hit.barrierId) return { to, search: { scrollTo: hit.barrierId } };
  return { to, search: { scrollTo: hit.anchorId, highlight } };
}

/** A material hit has no crumbs: the material is the hit itself. */
const materialPublicIdOf = (hit: FulltextHit) => hit.path[0]?.publicId ?? hit.id;
