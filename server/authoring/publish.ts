import { formatPath, Material } from '../../model/material';
import { MAINTENANCE_TIMEOUT_MS } from '../db/deadlines';
import type { Database, Queryable } from '../db/types';
import { HttpError } from '../http/errors';
import { recordAudit } from '../store/audit';
import { draftTree, dropDraft, hasDraft, lockDraft, readDraftRows } from '../store/drafts';
import { ImportConflictError, lockImports, storeMaterial } from '../store/import';
import { recordAnswerKeyChanges } from '../store/answerKeyChanges';
import { currentSnapshot, deletePublication, findPublication, makeCurrent } from '../store/publications';
import { publishStored } from '../store/publishStored';
import { restoreCollection, type CollectionSnapshot } from '../store/snapshots';
import { announceContentChange } from '../store/contentChanges';

/*
 * Publishing (issue 24): a root's draft becomes what its shares show, as a new publication; an older
 * publication becomes current again (a rollback); one no share shows is removed. Each runs in one
 * transaction under the import lock and the root's draft lock, is in the audit log, and is announced to
 * every server afterwards (./contentChanges.ts), so learners are sent it on their next call.
 */

const conflict = (message: string, issues: string[]) => new HttpError(409, message, issues.map((issue) => ({ path: '', message: issue })));

/** Stores a material as published, keeping who may open it; a clash of ids with another root is a 409. */
async function storePublished(tx: Queryable, material: Material): Promise<void> {
  try {
    await storeMaterial(tx, material, { permissions: 'keep' });
  } catch (error) {
    if (error instanceof ImportConflictError) throw conflict('The material cannot be published as it is', error.issues);
    throw error;
  }
}

/**
 * Publishes the root's draft (a material changed through the model calls) or, without one, what it
 * shows now: a collection, or a material with no unpublished change (a publication with a message of
 * its own, or none when nothing changed since the current one).
 */
export async function publishRoot(db: Database, root: { id: string; modelName: 'Material' | 'Collection' }, by: { actor: string; message: string }): Promise<{ id: string; created: boolean }> {
  const outcome = await db.withDeadline(MAINTENANCE_TIMEOUT_MS).transaction(async (tx) => {
    await lockImports(tx);
    await lockDraft(tx, root.id);
    if (root.modelName === 'Material' && (await hasDraft(tx, root.id))) {
      const parsed = Material.safeParse(draftTree(await readDraftRows(tx, root.id), root.id));
      if (!parsed.success) throw conflict('The draft is not a valid material', parsed.error.issues.map((i) => `${formatPath(i.path) || '(material)'}: ${i.message}`));
      await storePublished(tx, parsed.data);
    }
    return publishStored(tx, root, { ...by, action: 'publish' });
  });
  if (outcome.created) await announceContentChange(db);
  return outcome;
}

/**
 * Makes the publication `id` current again (update to a publication): its snapshot is stored as what
 * learners see, the root's draft is forgotten. Answers false when the publication does not exist.
 */
export async function rollBackTo(db: Database, id: string, actor: string): Promise<boolean> {
  const done = await db.withDeadline(MAINTENANCE_TIMEOUT_MS).transaction(async (tx) => {
    await lockImports(tx);
    const found = await findPublication(tx, id);
    if (!found) return false;
    await lockDraft(tx, found.modelId);
    if (found.current && !(await hasDraft(tx, found.modelId))) return true;
    if (found.modelName === 'Material') {
      const parsed = Material.safeParse(found.snapshot);
      if (!parsed.success) throw conflict('This publication is no longer a valid material', parsed.error.issues.map((i) => `${formatPath(i.path) || '(material)'}: ${i.message}`));
      await storePublished(tx, parsed.data);
    } else {
      const missing = await restoreCollection(tx, found.snapshot as CollectionSnapshot);
      if (missing.length) throw conflict('Materials of this publication are gone', missing.map((materialId) => `material "${materialId}" no longer exists`));
    }
    const droppedDraft = await hasDraft(tx, found.modelId);
    await dropDraft(tx, found.modelId);
    if (found.modelName === 'Material') await recordAnswerKeyChanges(tx, found.modelId, (await currentSnapshot(tx, found.modelId))?.snapshot, found.snapshot);
    await makeCurrent(tx, found.modelId, found.id);
    await recordAudit(tx, {
      actor,
      action: 'rollback',
      rootId: found.modelId,
      modelName: found.modelName,
      modelId: found.modelId,
      newValues: { publicationId: found.id, ...(droppedDraft ? { draftDropped: true } : {}) },
    });
    return true;
  });
  if (done) await announceContentChange(db);
  return done;
}

/** Removes a publication no share shows (`current`: it is shown, and stays). */
export async function unpublish(db: Database, id: string, actor: string): Promise<'removed' | 'current' | 'missing'> {
  return db.transaction(async (tx) => {
    const found = await findPublication(tx, id);
    if (!found) return 'missing';
    await lockDraft(tx, found.modelId);
    if (!(await deletePublication(tx, id))) return 'current';
    await recordAudit(tx, { actor, action: 'unpublish', rootId: found.modelId, modelName: found.modelName, modelId: found.modelId, oldValues: { publicationId: id, message: found.message } });
    return 'removed';
  });
}
