import type { Queryable } from '../db/types';
import { recordAudit } from './audit';
import { dropDraft, hasDraft, lockDraft } from './drafts';
import { recordAnswerKeyChanges } from './answerKeyChanges';
import { currentSnapshot, recordPublication } from './publications';
import { collectionSnapshot, materialSnapshot } from './snapshots';

/** Who made a publication and why: the audit log's actor name and the publication's message. */
export interface PublishedBy {
  actor: string;
  message: string;
  /** The audit log's action: `publish` (of a draft) or `import` (of a file). */
  action: 'publish' | 'import';
}

/**
 * Records what `models` holds now for a root as its current publication (inside the caller's
 * transaction, which has stored it and holds the import lock): its draft is forgotten (what is published
 * is its draft again), and both are in the audit log. An unchanged root makes no new publication.
 */
export async function publishStored(tx: Queryable, root: { id: string; modelName: 'Material' | 'Collection' }, by: PublishedBy): Promise<{ id: string; created: boolean }> {
  await lockDraft(tx, root.id);
  const droppedDraft = await hasDraft(tx, root.id);
  if (droppedDraft) await dropDraft(tx, root.id);
  const snapshot = root.modelName === 'Material' ? await materialSnapshot(tx, root.id) : await collectionSnapshot(tx, root.id);
  const before = await currentSnapshot(tx, root.id);
  const publication = await recordPublication(tx, { rootId: root.id, modelName: root.modelName, message: by.message, author: by.actor, snapshot });
  if (publication.created && root.modelName === 'Material') await recordAnswerKeyChanges(tx, root.id, before?.snapshot, snapshot);
  if (publication.created || droppedDraft) {
    await recordAudit(tx, {
      actor: by.actor,
      action: by.action,
      rootId: root.id,
      modelName: root.modelName,
      modelId: root.id,
      newValues: { publicationId: publication.id, message: by.message, ...(by.action === 'import' && droppedDraft ? { draftDropped: true } : {}) },
    });
  }
  return publication;
}
