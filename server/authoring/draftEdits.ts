/**
 * The changes the model calls make to a draft, on its rows in memory (server/store/drafts.ts): pure
 * functions that answer the rows after the change, or throw an HttpError naming the field at fault.
 * Whether the result is still a valid material is checked afterwards, on the whole tree (./editDraft.ts).
 *
 * Places are kept, not renumbered: a deleted model keeps its position among its siblings, so restoring it
 * brings it back exactly where it was; an insertion moves the siblings at and after its place one on.
 */
import { randomBytes } from 'node:crypto';
import { HttpError } from '../http/errors';
import { visibleRows, type DraftRow } from '../store/drafts';
import { flattenTree, isChildArray, type JsonObject } from '../store/tree';

const at = (status: number, path: string, message: string) => new HttpError(status, message, [{ path, message }]);
export const CONFLICT_MESSAGE = 'The resource has been modified. Please reload the page.';

/** A new model id: 96 random bits, base64url (16 characters). */
export const newModelId = (): string => randomBytes(12).toString('base64url');

/** Fields no call changes: what a model is, and where it is. */
const FIXED_FIELDS = new Set(['id', 'modelName']);

function visibleRow(rows: readonly DraftRow[], id: string, path = 'model.id'): DraftRow {
  const row = visibleRows(rows).find((r) => r.id === id);
  if (!row) throw at(404, path, 'Not found');
  return row;
}

/** The rows below `parentId` in `field` (deleted ones too), in their order. */
const siblingsOf = (rows: readonly DraftRow[], parentId: string, field: string) =>
  rows.filter((r) => r.parentId === parentId && r.parentField === field).sort((a, b) => a.position - b.position);

/** The fields of a row whose values are lists of child models (in the rows, not in `fields`). */
const childFieldsOf = (rows: readonly DraftRow[], id: string) => new Set(rows.filter((r) => r.parentId === id).map((r) => r.parentField as string));

/**
 * `model/update`: `newValues` replace fields of the model (null removes one); `oldValues` must hold what
 * each of those fields is now (absent: a field the model does not have), else 409, so that of two authors
 * changing one field one wins and the other hears of it.
 */
export function updateFields(rows: readonly DraftRow[], id: string, newValues: JsonObject, oldValues: JsonObject): DraftRow[] {
  const row = visibleRow(rows, id);
  const childFields = childFieldsOf(rows, id);
  const current = (key: string): unknown => row.fields[key];
  for (const [key, value] of Object.entries(newValues)) {
    if (FIXED_FIELDS.has(key)) throw at(400, `newValues.${key}`, `${key} cannot be changed`);
    if (childFields.has(key) || isChildArray(value)) {
      throw at(400, `newValues.${key}`, 'A list of models changes through model/create, model/delete, model/restore and model/copy');
    }
    if (!(key in oldValues)) throw at(400, `oldValues.${key}`, 'Required: the value this field has now');
  }
  for (const [key, value] of Object.entries(oldValues)) {
    if (!(key in newValues)) throw at(400, `oldValues.${key}`, 'Only fields that newValues changes');
    if (JSON.stringify(current(key) ?? null) !== JSON.stringify(value ?? null)) throw at(409, `oldValues.${key}`, CONFLICT_MESSAGE);
  }
  const fields: JsonObject = { ...row.fields };
  for (const [key, value] of Object.entries(newValues)) {
    if (value === null) delete fields[key];
    else fields[key] = value;
  }
  const publicId = typeof fields.publicId === 'string' ? fields.publicId : null;
  return rows.map((r) => (r.id === id ? { ...r, fields, publicId } : r));
}

/** Where `model/create` puts a new model: into the list `attribute` of the model `id`, at `index` (default: the end). */
export interface AppendTo {
  id: string;
  modelName: string;
  attribute: string;
  index?: number;
}

/** Gives every model of a new subtree an id (a given one is kept; it must be new: checked by the caller). */
function withIds(model: JsonObject): JsonObject {
  const copy: JsonObject = { ...model, id: typeof model.id === 'string' ? model.id : newModelId() };
  for (const [key, value] of Object.entries(copy)) {
    if (isChildArray(value)) copy[key] = value.map((child) => withIds(child as JsonObject));
    else if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null && 'modelName' in v)) {
      copy[key] = value.map((child) => (typeof child === 'object' && child !== null && 'modelName' in child ? withIds(child as JsonObject) : child));
    }
  }
  return copy;
}

/** Makes room at `index` of the visible siblings: answers the position to take and the rows with the later siblings moved on. */
function makeRoom(rows: readonly DraftRow[], parentId: string, field: string, index: number | undefined, path: string): { position: number; rows: DraftRow[] } {
  const all = siblingsOf(rows, parentId, field);
  const visible = new Set(visibleRows(rows).map((r) => r.id));
  const shown = all.filter((r) => visible.has(r.id));
  if (index !== undefined && index > shown.length) throw at(400, path, `The list has ${shown.length} models: the index is at most ${shown.length}`);
  if (index === undefined || index === shown.length) {
    return { position: all.length ? all[all.length - 1].position + 1 : 0, rows: [...rows] };
  }
  const position = shown[index].position;
  return { position, rows: rows.map((r) => (r.parentId === parentId && r.parentField === field && r.position >= position ? { ...r, position: r.position + 1 } : r)) };
}

/**
 * `model/create` below an existing model: the new model (with the models of its lists: a question with its
 * choices) goes into `appendTo.attribute` of `appendTo.id` at `appendTo.index`. Answers the rows and the
 * new model's id.
 */
export function createModel(rows: readonly DraftRow[], model: JsonObject, appendTo: AppendTo): { rows: DraftRow[]; id: string } {
  const parent = visibleRow(rows, appendTo.id, 'appendTo.id');
  if (parent.modelName !== appendTo.modelName) throw at(404, 'appendTo.id', 'Not found');
  const tree = withIds(model);
  const made = flattenTree(tree as { id: string; modelName: string });
  const room = makeRoom(rows, parent.id, appendTo.attribute, appendTo.index, 'appendTo.index');
  // A list that was empty is a plain field of its parent until it holds models.
  const next = room.rows.map((r) => {
    if (r.id !== parent.id || !Array.isArray(r.fields[appendTo.attribute])) return r;
    const { [appendTo.attribute]: _emptied, ...fields } = r.fields;
    return { ...r, fields };
  });
  const added: DraftRow[] = made.map((r, i) => ({
    ...r,
    rootId: parent.rootId,
    ...(i === 0 ? { parentId: parent.id, parentField: appendTo.attribute, position: room.position } : {}),
    deleted: false,
  }));
  return { rows: [...next, ...added], id: tree.id as string };
}

/** The ids of a model and everything below it (deleted ones too). */
function subtreeIds(rows: readonly DraftRow[], id: string): Set<string> {
  const ids = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (r.parentId !== null && ids.has(r.parentId) && !ids.has(r.id)) {
        ids.add(r.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** `model/delete`: the model and its subtree leave the draft (kept, to be restored). The root cannot. Deleting a deleted model changes nothing. */
export function deleteModel(rows: readonly DraftRow[], id: string): DraftRow[] {
  const row = rows.find((r) => r.id === id);
  if (!row) throw at(404, 'model.id', 'Not found');
  if (row.parentId === null) throw at(400, 'model.id', 'A material is not deleted through model/delete');
  if (row.deleted) return [...rows];
  visibleRow(rows, id);
  return rows.map((r) => (r.id === id ? { ...r, deleted: true } : r));
}

/** `model/restore`: a deleted model comes back where it was, with its subtree. Its parent must be in the draft. */
export function restoreModel(rows: readonly DraftRow[], id: string): DraftRow[] {
  const row = rows.find((r) => r.id === id);
  if (!row || row.parentId === null) throw at(404, 'model.id', 'Not found');
  visibleRow(rows, row.parentId, 'model.id');
  if (!row.deleted) return [...rows];
  return rows.map((r) => (r.id === id ? { ...r, deleted: false } : r));
}

/**
 * `model/copy`: a deep copy of the model (what is in the draft of its subtree) with new ids, and new
 * publicIds where the original has one, right after the original. Answers the rows and the copy's id.
 */
export function copyModel(rows: readonly DraftRow[], id: string): { rows: DraftRow[]; id: string } {
  const original = visibleRow(rows, id);
  if (original.parentId === null) throw at(400, 'model.id', 'A material is copied by importing it under new ids');
  const inDraft = new Set(visibleRows(rows).map((r) => r.id));
  const copied = [...subtreeIds(rows, id)].filter((x) => inDraft.has(x));
  const ids = new Map(copied.map((x) => [x, newModelId()]));
  // Right after the original: the siblings after it move on by one.
  const shifted = rows.map((r) =>
    r.parentId === original.parentId && r.parentField === original.parentField && r.position > original.position ? { ...r, position: r.position + 1 } : r,
  );
  const copies: DraftRow[] = rows
    .filter((r) => ids.has(r.id))
    .map((r) => {
      const publicId = r.publicId === null ? null : `${r.publicId.slice(0, 73)}-${randomBytes(3).toString('hex')}`;
      return {
        ...r,
        id: ids.get(r.id) as string,
        parentId: r.id === id ? r.parentId : (ids.get(r.parentId as string) as string),
        position: r.id === id ? r.position + 1 : r.position,
        publicId,
        fields: publicId === null ? r.fields : { ...r.fields, publicId },
        deleted: false,
      };
    });
  return { rows: [...shifted, ...copies], id: ids.get(id) as string };
}
