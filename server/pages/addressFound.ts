import type { Queryable } from '../db/types';
import type { FeatureFlags } from '../../model/pageData';
import { findCollectionMaterial } from '../store/collections';
import type { MaterialAnswers } from '../store/materialAnswers';
import type { Share } from '../store/shares';
import { RESULTS_SEGMENT } from '../../model/resultsAddress';

/**
 * Whether a share page's address (the segments below `/s/{share}/`) names something the app shows, by
 * the app's routes (routes/materialRoutes.tsx, routes/collectionRoutes.tsx): a material's page (its root,
 * a chapter at any depth, `…/iframe/{id}`); a collection's grid, `/materials`, `/material/{publicId}`, `/search` (with
 * FULLTEXT_SEARCH), `/_results` on both and its materials' pages. An address that names nothing is answered 404 with the same
 * page, whose app then shows its not-found view: link checkers and LMSs read the status.
 */
export async function addressFound(db: Queryable, materials: MaterialAnswers, share: Share, trail: readonly string[], featureFlags: FeatureFlags): Promise<boolean> {
  if (!trail.length) return true;
  // The teacher's results screen (docs/results.md): the app asks the results call who may read them.
  if (trail.length === 1 && trail[0] === RESULTS_SEGMENT) return true;
  if (share.rootModelName === 'Material') return (await materials.page(share.rootId))?.namesPage(trail) ?? false;
  const [first, ...below] = trail;
  if (!below.length && first === 'materials') return true;
  if (!below.length && first === 'search') return featureFlags.FULLTEXT_SEARCH;
  // `/material` (leads to /materials) and `/material/{publicId}`, the full-page card of a material of the collection.
  if (first === 'material' && below.length <= 1) return !below.length || (await findCollectionMaterial(db, share.rootId, below[0])) !== null;
  const materialId = await findCollectionMaterial(db, share.rootId, first);
  if (!materialId) return false;
  return (await materials.page(materialId))?.namesPage(below) ?? false;
}
