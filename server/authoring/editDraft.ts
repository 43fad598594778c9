import { formatPath, Material } from '../../model/material';
import { loadSanitizer, sanitizeContent } from '../content/sanitizeContent';
import { MAINTENANCE_TIMEOUT_MS } from '../db/deadlines';
import type { Database, Queryable } from '../db/types';
import { HttpError } from '../http/errors';
import { recordAudit, type AuditEntry } from '../store/audit';
import { draftRows, draftTree, lockDraft, saveDraftRows, takenIds, visibleRows, type DraftRow } from '../store/drafts';
import { flattenTree, type JsonObject } from '../store/tree';

/** What an edit of a draft answers: the rows after it, and optionally the id of the model it made. */
export interface DraftEdit {
  rows: DraftRow[];
  /** Ids of models the edit made: they must be new to the installation. */
  newIds?: readonly string[];
}

/**
 * The draft after `edit`, when it is still a valid material: checked with the import's schema (a 400
 * naming the path in the material otherwise, and nothing is written) and its html sanitised as an
 * import sanitises it. Places and deleted models are kept as they are.
 */
export async function checkedDraft(rows: readonly DraftRow[], rootId: string): Promise<DraftRow[]> {
  const tree = draftTree(rows, rootId);
  const parsed = Material.safeParse(tree);
  if (!parsed.success) {
    throw new HttpError(
      400,
      'The change would make the material invalid',
      parsed.error.issues.map((issue) => ({ path: formatPath(issue.path) || '(material)', message: issue.message })),
    );
  }
  await loadSanitizer();
  const clean = new Map(flattenTree(sanitizeContent(Material, parsed.data) as { id: string; modelName: string }).map((row) => [row.id, row]));
  const shown = new Set(visibleRows(rows).map((row) => row.id));
  return rows.map((row) => {
    const sanitized = shown.has(row.id) ? clean.get(row.id) : undefined;
    return sanitized ? { ...row, fields: sanitized.fields, publicId: sanitized.publicId } : row;
  });
}

/**
 * Changes the draft of `rootId` in one transaction under its draft lock: reads its rows (made from what
 * is published when it has none), applies `edit`, checks and sanitises the result, writes what changed
 * and records it in the audit log. A root with no model at all is a 404 at `path`.
 */
export async function editDraft(
  db: Database,
  rootId: string,
  audit: Omit<AuditEntry, 'rootId'>,
  edit: (rows: DraftRow[]) => DraftEdit,
  path = 'model.id',
): Promise<{ rows: DraftRow[]; changed: number }> {
  return db.withDeadline(MAINTENANCE_TIMEOUT_MS).transaction(async (tx: Queryable) => {
    await lockDraft(tx, rootId);
    const before = await draftRows(tx, rootId);
    if (!before.length) throw new HttpError(404, 'Not found', [{ path, message: 'Not found' }]);
    const edited = edit(before.map((row) => ({ ...row })));
    if (edited.newIds?.length) {
      const taken = await takenIds(tx, edited.newIds);
      if (taken.length) throw new HttpError(409, 'Ids are taken', taken.map((id) => ({ path: 'model.id', message: `The id "${id}" is taken` })));
    }
    const after = await checkedDraft(edited.rows, rootId);
    const changed = await saveDraftRows(tx, before, after);
    if (changed) await recordAudit(tx, { ...audit, rootId });
    return { rows: after, changed };
  });
}

/** The model `id` of a draft as a tree (what the model calls answer). */
export function draftModel(rows: readonly DraftRow[], id: string): JsonObject {
  return draftTree(rows, id);
}
