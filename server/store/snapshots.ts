/**
 * What a publication freezes (./publications.ts): a material as learners are sent it (without its
 * permissions, which are not published), or a collection's own fields and the order of its items (each
 * material of a collection has publications of its own). And how two snapshots differ, model by model.
 */
import type { Queryable } from '../db/types';
import { loadMaterial } from './models';
import { flattenTree, type JsonObject } from './tree';

/** A collection as a publication keeps it: its row and its items (which material, in which order). */
export interface CollectionSnapshot {
  modelName: 'Collection';
  id: string;
  publicId: string | null;
  fields: JsonObject;
  items: { id: string; materialId: string }[];
}

export async function materialSnapshot(db: Queryable, rootId: string): Promise<JsonObject | null> {
  return (await loadMaterial(db, rootId)) as JsonObject | null;
}

export async function collectionSnapshot(db: Queryable, rootId: string): Promise<CollectionSnapshot | null> {
  const [root] = await db.query<{ public_id: string | null; fields: JsonObject }>(
    `SELECT public_id, fields FROM models WHERE id = $1 AND model_name = 'Collection' AND parent_id IS NULL`,
    [rootId],
  );
  if (!root) return null;
  const items = await db.query<{ id: string; material_id: string }>(`SELECT id, material_id FROM collection_items WHERE collection_id = $1 ORDER BY position`, [rootId]);
  return { modelName: 'Collection', id: rootId, publicId: root.public_id, fields: root.fields, items: items.map((i) => ({ id: i.id, materialId: i.material_id })) };
}

/**
 * Puts a collection back as `snapshot` has it (inside the caller's transaction, under the import lock).
 * Answers the ids of materials it names that are gone (nothing is written then).
 */
export async function restoreCollection(tx: Queryable, snapshot: CollectionSnapshot): Promise<string[]> {
  const materialIds = [...new Set(snapshot.items.map((i) => i.materialId))];
  const present = await tx.query<{ id: string }>(
    `SELECT id FROM models WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND model_name = 'Material' AND parent_id IS NULL`,
    [JSON.stringify(materialIds)],
  );
  const missing = materialIds.filter((id) => !present.some((row) => row.id === id));
  if (missing.length) return missing;
  await tx.query(`UPDATE models SET fields = $2::jsonb, public_id = $3, updated_at = now() WHERE id = $1`, [snapshot.id, JSON.stringify(snapshot.fields), snapshot.publicId]);
  await tx.query(`DELETE FROM collection_items WHERE collection_id = $1`, [snapshot.id]);
  await tx.query(
    `INSERT INTO collection_items (id, collection_id, material_id, position)
     SELECT r.id, $2, r.material_id, r.position FROM jsonb_to_recordset($1::jsonb) AS r(id text, material_id text, position int)`,
    [JSON.stringify(snapshot.items.map((item, position) => ({ id: item.id, material_id: item.materialId, position }))), snapshot.id],
  );
  return [];
}

/** Which models one snapshot has that the other has not, and which both have but differently (own fields, place or list order). */
export interface SnapshotChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

/** Every model of a snapshot by id, with what makes it what it is: its fields, its place, its lists' order. */
function modelsOf(snapshot: unknown): Map<string, string> {
  const root = snapshot as { id: string; modelName: string };
  if (root.modelName === 'Collection') {
    const collection = snapshot as CollectionSnapshot;
    return new Map([[collection.id, JSON.stringify(canonical({ fields: collection.fields, publicId: collection.publicId, items: collection.items }))]]);
  }
  const rows = flattenTree(root);
  return new Map(rows.map((row) => [row.id, JSON.stringify(canonical({ ...row, rootId: undefined }))]));
}

/** Keys sorted at every depth: jsonb does not keep the order a snapshot was written in. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .filter((key) => (value as JsonObject)[key] !== undefined)
      .map((key) => [key, canonical((value as JsonObject)[key])]),
  );
}

export function snapshotChanges(older: unknown, newer: unknown): SnapshotChanges {
  const before = modelsOf(older);
  const after = modelsOf(newer);
  return {
    added: [...after.keys()].filter((id) => !before.has(id)),
    removed: [...before.keys()].filter((id) => !after.has(id)),
    changed: [...after.keys()].filter((id) => before.has(id) && before.get(id) !== after.get(id)),
  };
}
