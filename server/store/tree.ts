/**
 * How a content tree is stored: every model becomes one row. An array field whose entries are all
 * objects with an `id` and a `modelName` (content, left, right, choices, zones, items, disruptors,
 * gallery content, …) becomes child rows (parent_field = the key, position = the index); every
 * other field stays in `fields` exactly as it was. `buildTree(flattenTree(x))` deep-equals `x`.
 */

export type JsonObject = Record<string, unknown>;

export interface TreeRow {
  id: string;
  rootId: string;
  parentId: string | null;
  parentField: string | null;
  position: number;
  modelName: string;
  publicId: string | null;
  /** Every field but id, modelName and the child arrays. */
  fields: JsonObject;
}

interface ModelLike extends JsonObject {
  id: string;
  modelName: string;
}

function isModelLike(value: unknown): value is ModelLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as JsonObject).id === 'string' &&
    typeof (value as JsonObject).modelName === 'string'
  );
}

/** A non-empty array of models; an empty array stays a field so it comes back as `[]`. */
export function isChildArray(value: unknown): value is ModelLike[] {
  return Array.isArray(value) && value.length > 0 && value.every(isModelLike);
}

/** The rows of a tree, parents before their children. */
export function flattenTree(root: { id: string; modelName: string }): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (node: ModelLike, parentId: string | null, parentField: string | null, position: number) => {
    const fields: JsonObject = {};
    const children: [string, ModelLike[]][] = [];
    for (const [key, value] of Object.entries(node)) {
      if (key === 'id' || key === 'modelName' || value === undefined) continue;
      if (isChildArray(value)) children.push([key, value]);
      else fields[key] = value;
    }
    rows.push({
      id: node.id,
      rootId: root.id,
      parentId,
      parentField,
      position,
      modelName: node.modelName,
      publicId: typeof node.publicId === 'string' ? node.publicId : null,
      fields,
    });
    for (const [key, list] of children) list.forEach((child, index) => visit(child, node.id, key, index));
  };
  visit(root as ModelLike, null, null, 0);
  return rows;
}

/** Builds the tree below `topId` from rows holding at least that subtree (any order). */
export function buildTree(rows: readonly TreeRow[], topId: string): JsonObject {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const childrenOf = new Map<string, TreeRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const build = (row: TreeRow): JsonObject => {
    const node: JsonObject = { id: row.id, modelName: row.modelName, ...row.fields };
    const children = (childrenOf.get(row.id) ?? []).sort((a, b) => a.position - b.position);
    for (const child of children) {
      const field = child.parentField as string;
      const list = (node[field] as JsonObject[] | undefined) ?? [];
      list.push(build(child));
      node[field] = list;
    }
    return node;
  };
  const top = byId.get(topId);
  if (!top) throw new Error(`model ${topId} is not among the rows`);
  return build(top);
}
