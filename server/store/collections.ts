import type { CollectionView } from '../../model/collectionView';
import type { Asset } from '../../model/common';
import type { Queryable } from '../db/types';
import { toIso } from './models';
import type { JsonObject } from './tree';

/** What a collection card shows of a material (spec section 3, Collection items). */
export async function loadCollection(db: Queryable, id: string): Promise<CollectionView | null> {
  const [root] = await db.query<{ id: string; public_id: string; fields: JsonObject }>(
    `SELECT id, public_id, fields FROM models WHERE id = $1 AND model_name = 'Collection' AND parent_id IS NULL`,
    [id],
  );
  if (!root) return null;
  const items = await db.query<{ item_id: string; material_id: string; public_id: string; fields: JsonObject; created_at: Date | string }>(
    `SELECT ci.id AS item_id, m.id AS material_id, m.public_id, m.fields, m.created_at
     FROM collection_items ci JOIN models m ON m.id = ci.material_id
     WHERE ci.collection_id = $1
     ORDER BY ci.position`,
    [id],
  );
  const f = root.fields;
  return withoutUndefined({
    modelName: 'Collection' as const,
    id: root.id,
    publicId: root.public_id,
    title: String(f.title ?? ''),
    description: String(f.description ?? ''),
    cover: f.cover as Asset | undefined,
    color: f.color as string | undefined,
    items: items.map((item) => ({
      id: item.item_id,
      material_snapshot: withoutUndefined({
        id: item.material_id,
        publicId: item.public_id,
        title: String(item.fields.title ?? ''),
        cover: item.fields.cover as Asset | undefined,
        color: item.fields.color as string | undefined,
        metadata: (item.fields.metadata as Record<string, string | string[]> | undefined) ?? {},
        created_at: typeof item.fields.created_at === 'string' ? item.fields.created_at : toIso(item.created_at),
        description: String(item.fields.description ?? ''),
        duration: item.fields.duration as string | undefined,
      }),
    })),
  });
}

/** Ids of the materials of a collection, in item order. */
export async function collectionMaterialIds(db: Queryable, collectionId: string): Promise<string[]> {
  const rows = await db.query<{ material_id: string }>(
    'SELECT material_id FROM collection_items WHERE collection_id = $1 ORDER BY position',
    [collectionId],
  );
  return rows.map((r) => r.material_id);
}

/** The material of a collection addressed by its publicId (the first one in item order). */
export async function findCollectionMaterial(db: Queryable, collectionId: string, publicId: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `SELECT m.id FROM collection_items ci JOIN models m ON m.id = ci.material_id
     WHERE ci.collection_id = $1 AND m.public_id = $2
     ORDER BY ci.position LIMIT 1`,
    [collectionId, publicId],
  );
  return row?.id ?? null;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
