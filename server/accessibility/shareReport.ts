import { accessibilityReport } from '../../model/accessibility/report';
import type { A11yReport } from '../../model/accessibility/findings';
import { formatIssues, Material } from '../../model/material';
import type { Queryable } from '../db/types';
import { loadCollection } from '../store/collections';
import { loadMaterial } from '../store/models';
import { getSettings } from '../store/settings';
import { findShare } from '../store/shares';

/** A stored material that its schema no longer takes (written by hand into the database). */
export class UnreadableMaterialError extends Error {}

async function parsedMaterial(db: Queryable, id: string): Promise<Material> {
  const stored = await loadMaterial(db, id);
  const parsed = Material.safeParse(stored);
  if (!parsed.success) throw new UnreadableMaterialError(`The stored material ${id} does not pass its schema: ${formatIssues(parsed.error).join('; ')}`);
  return parsed.data;
}

/**
 * The accessibility report (model/accessibility/report.ts) of what a share shows: its material, or
 * each material of its collection, with the installation's theme; null for an unknown share.
 */
export async function shareAccessibilityReport(db: Queryable, shareId: string): Promise<A11yReport | null> {
  const share = await findShare(db, shareId);
  if (!share) return null;
  const theme = (await getSettings(db)).themeColorOverrides;
  if (share.rootModelName === 'Material') {
    const material = await parsedMaterial(db, share.rootId);
    return accessibilityReport({ modelName: 'Material', id: material.id, title: material.title }, [material], theme);
  }
  const collection = await loadCollection(db, share.rootId);
  if (!collection) return null;
  const materials: Material[] = [];
  for (const item of collection.items) materials.push(await parsedMaterial(db, item.material_snapshot.id));
  return accessibilityReport({ modelName: 'Collection', id: collection.id, title: collection.title }, materials, theme);
}
