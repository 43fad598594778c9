import type { Material } from '../../model/material';
import type { Queryable } from '../db/types';
import { buildTree, type JsonObject, type TreeRow } from './tree';

/** A row of `models` as the database answers it. */
export interface ModelRecord {
  id: string;
  root_id: string;
  parent_id: string | null;
  parent_field: string | null;
  position: number;
  model_name: string;
  public_id: string | null;
  fields: JsonObject;
  created_at: Date | string;
}

const COLUMNS = 'id, root_id, parent_id, parent_field, position, model_name, public_id, fields, created_at';

/** A stored row as the tree code reads it (columns beyond the tree's are left out). */
export function toTreeRow(r: Omit<ModelRecord, 'created_at'>): TreeRow {
  return {
    id: r.id,
    rootId: r.root_id,
    parentId: r.parent_id,
    parentField: r.parent_field,
    position: r.position,
    modelName: r.model_name,
    publicId: r.public_id,
    fields: r.fields,
  };
}

export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The material with this root id, as `Material.parse` gave it on import (created_at filled in when the file had none). */
export async function loadMaterial(db: Queryable, rootId: string): Promise<Material | null> {
  const records = await db.query<ModelRecord>(`SELECT ${COLUMNS} FROM models WHERE root_id = $1`, [rootId]);
  const root = records.find((r) => r.id === rootId);
  if (!root || root.model_name !== 'Material') return null;
  const tree = buildTree(records.map(toTreeRow), rootId);
  if (tree.created_at === undefined) tree.created_at = toIso(root.created_at);
  return tree as Material;
}

/** One model and everything below it; a Material comes back as `loadMaterial` gives it. */
export async function loadSubtree(db: Queryable, id: string): Promise<JsonObject | null> {
  const records = await db.query<ModelRecord>(
    `WITH RECURSIVE sub AS (
       SELECT ${COLUMNS} FROM models WHERE id = $1
       UNION ALL
       SELECT m.id, m.root_id, m.parent_id, m.parent_field, m.position, m.model_name, m.public_id, m.fields, m.created_at
       FROM models m JOIN sub ON m.parent_id = sub.id
     )
     SELECT * FROM sub`,
    [id],
  );
  const top = records.find((r) => r.id === id);
  if (!top) return null;
  const tree = buildTree(records.map(toTreeRow), id);
  if (top.model_name === 'Material' && tree.created_at === undefined) tree.created_at = toIso(top.created_at);
  return tree;
}

/** Where a model sits: its root and model name. */
export async function findModel(db: Queryable, id: string): Promise<{ id: string; rootId: string; modelName: string } | null> {
  const [row] = await db.query<{ id: string; root_id: string; model_name: string }>(
    'SELECT id, root_id, model_name FROM models WHERE id = $1',
    [id],
  );
  return row ? { id: row.id, rootId: row.root_id, modelName: row.model_name } : null;
}

/** Models of one name within some roots, optionally narrowed by id and publicId, in tree order of their roots. */
export async function findModels(
  db: Queryable,
  query: { modelName: string; rootIds: readonly string[]; id?: string; publicId?: string },
): Promise<{ id: string; rootId: string; modelName: string }[]> {
  const rows = await db.query<{ id: string; root_id: string; model_name: string }>(
    `SELECT m.id, m.root_id, m.model_name
     FROM models m
     JOIN jsonb_array_elements_text($2::jsonb) WITH ORDINALITY AS r(root_id, ord) ON r.root_id = m.root_id
     WHERE m.model_name = $1
       AND ($3::text IS NULL OR m.id = $3)
       AND ($4::text IS NULL OR m.public_id = $4)
     ORDER BY r.ord, m.created_at, m.id`,
    [query.modelName, JSON.stringify(query.rootIds), query.id ?? null, query.publicId ?? null],
  );
  return rows.map((r) => ({ id: r.id, rootId: r.root_id, modelName: r.model_name }));
}

/** Where each of several models sits, by id (ids not found are missing from the map). */
export async function findModelsByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, { id: string; rootId: string; modelName: string }>> {
  const rows = await db.query<{ id: string; root_id: string; model_name: string }>(
    'SELECT id, root_id, model_name FROM models WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))',
    [JSON.stringify([...new Set(ids)])],
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, rootId: r.root_id, modelName: r.model_name }]));
}
