import type { Queryable } from '../db/types';

/** One change an author (or an import) made, as the audit log keeps it. */
export interface AuditEntry {
  /** Who: `user:ID EMAIL`, `admin-token` (a command through the admin routes), `import` (a command on the database). */
  actor: string;
  /** What: create, update, delete, restore, copy, publish, rollback, unpublish, import. */
  action: string;
  rootId: string | null;
  modelName: string | null;
  modelId: string | null;
  oldValues?: unknown;
  newValues?: unknown;
}

export interface AuditRecord extends AuditEntry {
  seq: number;
  at: string;
}

/** Records a change inside the transaction that made it (so a change and its record commit together). */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor, action, root_id, model_name, model_id, old_values, new_values) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      entry.actor,
      entry.action,
      entry.rootId,
      entry.modelName,
      entry.modelId,
      entry.oldValues === undefined ? null : JSON.stringify(entry.oldValues),
      entry.newValues === undefined ? null : JSON.stringify(entry.newValues),
    ],
  );
}

/** The log, newest first: all of it, or one root's; at most `limit` entries before `before` (a seq, for paging). */
export async function listAudit(db: Queryable, filter: { rootId?: string; before?: number; limit?: number } = {}): Promise<AuditRecord[]> {
  const rows = await db.query<{
    seq: number;
    at: Date | string;
    actor: string;
    action: string;
    root_id: string | null;
    model_name: string | null;
    model_id: string | null;
    old_values: unknown;
    new_values: unknown;
  }>(
    `SELECT seq, at, actor, action, root_id, model_name, model_id, old_values, new_values FROM audit_log
      WHERE ($1::text IS NULL OR root_id = $1) AND ($2::bigint IS NULL OR seq < $2)
      ORDER BY seq DESC LIMIT $3`,
    [filter.rootId ?? null, filter.before ?? null, filter.limit ?? 100],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    at: r.at instanceof Date ? r.at.toISOString() : new Date(r.at).toISOString(),
    actor: r.actor,
    action: r.action,
    rootId: r.root_id,
    modelName: r.model_name,
    modelId: r.model_id,
    ...(r.old_values === null ? {} : { oldValues: r.old_values }),
    ...(r.new_values === null ? {} : { newValues: r.new_values }),
  }));
}
