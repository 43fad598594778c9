import { replaceImportedPermissions as replacePermissions } from './permissions';
import { duplicateIdIssues, formatPath, ImportFile, type Collection, type Material } from '../../model/material';
import { loadSanitizer, sanitizeContent } from '../content/sanitizeContent';
import type { ShareKind } from '../../model/pageData';
import type { Database, Queryable } from '../db/types';
import { announceContentChange } from './contentChanges';
import { replaceSearchIndex } from './searchIndex';
import { publishStored } from './publishStored';
import { ensureShare, listingProblem } from './shares';
import { flattenTree, type TreeRow } from './tree';

/** The file could not be stored; nothing was written. Each issue names the id or path at fault. */
export class ImportConflictError extends Error {
  constructor(readonly issues: string[]) {
    super(`Import failed:\n${issues.map((i) => `  ${i}`).join('\n')}`);
    this.name = 'ImportConflictError';
  }
}

export interface ImportedMaterial {
  id: string;
  publicId: string;
  title: string;
  models: number;
}

export interface ImportResult {
  rootModelName: 'Material' | 'Collection';
  rootId: string;
  title: string;
  /** The share of the root (for a collection: of the collection). */
  share: { publicId: string; kind: ShareKind; created: boolean; listed: boolean };
  /** The material itself, or the materials of the collection in item order. */
  materials: ImportedMaterial[];
}

/**
 * Stores a parsed material or collection in one transaction. Rows are upserted by id, so a
 * re-import updates in place and removes what disappeared; an id owned by another root is an
 * error. A collection stores itself and each material as its own root plus its item order.
 * Html is stored sanitised (server/content/sanitizeContent.ts): it is served as stored.
 */
/** Which share an import makes or finds; `listed` marks it for the landing page (true), unmarks it (false), or leaves it (undefined). */
export interface ImportShareOptions {
  share: ShareKind;
  listed?: boolean;
  /** Who imports, as the audit log names them (`import` when absent: a command on the database). */
  actor?: string;
  /** The message of the publications the import makes (default empty). */
  message?: string;
}

export async function importFile(db: Database, parsed: ImportFile, options: ImportShareOptions): Promise<ImportResult> {
  const problem = listingProblem(options.share, options.listed);
  if (problem) throw new ImportConflictError([problem]);
  const file = await prepareImport(parsed);
  const result = await db.transaction((tx) => storeImport(tx, file, options));
  // Cached share, coverage and model lookups start afresh, in this process and on every other server (./contentChanges.ts).
  await announceContentChange(db);
  return result;
}

/** A file ready to store: its html sanitised, a collection's ids checked. Throws ImportConflictError. */
export interface PreparedImport {
  readonly file: ImportFile;
}

/** The part of an import that needs no database (and may run while it opens): sanitising, checks. */
export async function prepareImport(parsed: ImportFile): Promise<PreparedImport> {
  await loadSanitizer();
  const file = sanitizeContent(ImportFile, parsed);
  if (file.modelName === 'Collection') {
    const issues = collectionIssues(file);
    if (issues.length) throw new ImportConflictError(issues);
  }
  return { file };
}

/**
 * A file prepared before, by this sanitiser version (the build's demo cache, server/content/demoCache.ts):
 * checked again with the schema (cheap), not sanitised again.
 */
export function preparedBefore(file: unknown): PreparedImport {
  return { file: ImportFile.parse(file) };
}

/**
 * Stores a prepared file inside the caller's transaction (the demo loader stores all its files in
 * one); the caller calls `announceContentChange()` after it committed.
 */
export async function storeImport(tx: Queryable, prepared: PreparedImport, options: ImportShareOptions): Promise<ImportResult> {
  const { file } = prepared;
  // Imports run one at a time, so the share lookup below cannot race with another import.
  await lockImports(tx);
  // An import is a publication of every root it stores (unless a root is unchanged); drafts give way to it.
  const by = { actor: options.actor ?? 'import', message: options.message ?? '', action: 'import' } as const;
  if (file.modelName === 'Material') {
    const material = await storeMaterial(tx, file);
    await publishStored(tx, { id: file.id, modelName: 'Material' }, by);
    const share = await ensureShare(tx, { id: file.id, modelName: 'Material' }, options.share, options.listed);
    return { rootModelName: 'Material', rootId: file.id, title: file.title, share: { ...share, kind: options.share }, materials: [material] };
  }
  const materials: ImportedMaterial[] = [];
  for (const item of file.items) {
    materials.push(await storeMaterial(tx, item.material));
    await publishStored(tx, { id: item.material.id, modelName: 'Material' }, by);
  }
  await storeCollection(tx, file);
  await publishStored(tx, { id: file.id, modelName: 'Collection' }, by);
  const share = await ensureShare(tx, { id: file.id, modelName: 'Collection' }, options.share, options.listed);
  return { rootModelName: 'Collection', rootId: file.id, title: file.title, share: { ...share, kind: options.share }, materials };
}

/**
 * Serialises imports, publications and rollbacks (released with the transaction). Taken before any
 * root's draft lock (./drafts.ts lockDraft), so the two never wait for each other in opposite orders.
 */
export async function lockImports(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('lernwerk.import'))`);
}

/**
 * Ids must be unique across the whole collection (the Collection schema checks this too; callers
 * may hand over objects that did not pass it).
 */
function collectionIssues(collection: Collection): string[] {
  return duplicateIdIssues({ ...collection, content: [] }).map((i) => `${formatPath(i.path)}: ${i.message}`);
}

/**
 * Stores a material as learners will see it (inside the caller's transaction, under the import lock). A
 * file's declared permissions replace those it declared before; a publication of a draft (`permissions:
 * 'keep'`) has none of its own and leaves them.
 */
export async function storeMaterial(tx: Queryable, file: Material, options: { permissions: 'replace' | 'keep' } = { permissions: 'replace' }): Promise<ImportedMaterial> {
  // Who may open it is kept apart from what learners are sent (./permissions.ts).
  const { permissions, ...material } = file;
  const rows = flattenTree(material);
  await assertOwnership(tx, material.id, 'Material', rows);
  await upsertRows(tx, rows, material.created_at ?? null);
  await deleteVanished(tx, material.id, rows);
  if (options.permissions === 'replace') await replacePermissions(tx, material.id, permissions ?? []);
  await replaceSearchIndex(tx, material);
  return { id: material.id, publicId: material.publicId, title: material.title, models: rows.length };
}

async function storeCollection(tx: Queryable, collection: Collection): Promise<void> {
  const { items, permissions, ...own } = collection;
  const rows = flattenTree(own);
  await assertOwnership(tx, collection.id, 'Collection', rows);
  const foreignItems = await tx.query<{ id: string; collection_id: string }>(
    `SELECT id, collection_id FROM collection_items
     WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND collection_id <> $2`,
    [JSON.stringify(items.map((i) => i.id)), collection.id],
  );
  if (foreignItems.length) {
    throw new ImportConflictError(foreignItems.map((r) => `item id "${r.id}" already belongs to collection "${r.collection_id}"`));
  }
  await upsertRows(tx, rows, null);
  await deleteVanished(tx, collection.id, rows);
  await replacePermissions(tx, collection.id, permissions ?? []);
  await tx.query(
    `INSERT INTO collection_items (id, collection_id, material_id, position)
     SELECT r.id, $2, r.material_id, r.position
     FROM jsonb_to_recordset($1::jsonb) AS r(id text, material_id text, position int)
     ON CONFLICT (id) DO UPDATE SET material_id = EXCLUDED.material_id, position = EXCLUDED.position`,
    [JSON.stringify(items.map((item, position) => ({ id: item.id, material_id: item.material.id, position }))), collection.id],
  );
  await tx.query(
    `DELETE FROM collection_items WHERE collection_id = $1 AND id NOT IN (SELECT jsonb_array_elements_text($2::jsonb))`,
    [collection.id, JSON.stringify(items.map((i) => i.id))],
  );
}

/** Every id of the tree is new or already belongs to this root, and the root keeps its model name. */
async function assertOwnership(tx: Queryable, rootId: string, modelName: string, rows: readonly TreeRow[]): Promise<void> {
  const taken = await tx.query<{ id: string; root_id: string; root_model_name: string; model_name: string }>(
    `SELECT m.id, m.root_id, m.model_name, r.model_name AS root_model_name
     FROM models m JOIN models r ON r.id = m.root_id
     WHERE m.id IN (SELECT jsonb_array_elements_text($1::jsonb))
       AND (m.root_id <> $2 OR (m.id = $2 AND m.model_name <> $3))`,
    [JSON.stringify(rows.map((r) => r.id)), rootId, modelName],
  );
  if (!taken.length) return;
  throw new ImportConflictError(
    taken.map((t) =>
      t.root_id === t.id
        ? `id "${t.id}" already belongs to a ${t.root_model_name} "${t.root_id}"; ids must be unique across all materials and collections`
        : `id "${t.id}" already belongs to ${t.model_name} in ${t.root_model_name} "${t.root_id}"; ids must be unique across all materials and collections`,
    ),
  );
}

async function upsertRows(tx: Queryable, rows: readonly TreeRow[], rootCreatedAt: string | null): Promise<void> {
  const records = rows.map((r) => ({
    id: r.id,
    root_id: r.rootId,
    parent_id: r.parentId,
    parent_field: r.parentField,
    position: r.position,
    model_name: r.modelName,
    public_id: r.publicId,
    fields: r.fields,
    created_at: r.parentId === null ? rootCreatedAt : null,
  }));
  // Foreign keys are checked at the end of the statement, so one statement may insert parents and children.
  await tx.query(
    `INSERT INTO models (id, root_id, parent_id, parent_field, position, model_name, public_id, fields, created_at)
     SELECT r.id, r.root_id, r.parent_id, r.parent_field, r.position, r.model_name, r.public_id, r.fields, COALESCE(r.created_at, now())
     FROM jsonb_to_recordset($1::jsonb) AS r(
       id text, root_id text, parent_id text, parent_field text, position int, model_name text, public_id text, fields jsonb, created_at timestamptz)
     ON CONFLICT (id) DO UPDATE SET
       root_id = EXCLUDED.root_id,
       parent_id = EXCLUDED.parent_id,
       parent_field = EXCLUDED.parent_field,
       position = EXCLUDED.position,
       model_name = EXCLUDED.model_name,
       public_id = EXCLUDED.public_id,
       fields = EXCLUDED.fields,
       created_at = CASE WHEN EXCLUDED.parent_id IS NULL AND (EXCLUDED.fields ? 'created_at') THEN EXCLUDED.created_at ELSE models.created_at END,
       updated_at = CASE
         WHEN (models.parent_id, models.parent_field, models.position, models.model_name, models.public_id, models.fields)
              IS DISTINCT FROM (EXCLUDED.parent_id, EXCLUDED.parent_field, EXCLUDED.position, EXCLUDED.model_name, EXCLUDED.public_id, EXCLUDED.fields)
         THEN now() ELSE models.updated_at END`,
    [JSON.stringify(records)],
  );
}

/** Removes the rows of the root that are no longer in the file (after the upsert, so moved children survive). */
async function deleteVanished(tx: Queryable, rootId: string, rows: readonly TreeRow[]): Promise<void> {
  await tx.query(`DELETE FROM models WHERE root_id = $1 AND id NOT IN (SELECT jsonb_array_elements_text($2::jsonb))`, [
    rootId,
    JSON.stringify(rows.map((r) => r.id)),
  ]);
}
