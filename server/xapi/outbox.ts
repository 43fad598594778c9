import type { Database, Queryable } from '../db/types';
import type { Statement } from './statement';

/*
 * The outbox of statements (table xapi_outbox, migration 016): written with the tracked events they
 * follow from, taken by senders in claims (a lease: another sender takes a statement only after it
 * ran out), marked sent, or parked with the LRS's reason.
 */

export interface OutboxEntry {
  statementId: string;
  learnerKey: string;
  statement: Statement;
}

/** Adds statements in their order; a statement id already there adds nothing (a tracked event stored again). */
export async function enqueueStatements(tx: Queryable, statements: readonly Statement[]): Promise<number> {
  if (!statements.length) return 0;
  const rows = statements.map((s) => ({ id: s.id, learner: s.actor.account.name, at: s.timestamp, statement: s }));
  const inserted = await tx.query<{ statement_id: string }>(
    `INSERT INTO xapi_outbox (statement_id, learner_key, statement, event_at)
     SELECT x->>'id', x->>'learner', x->'statement', (x->>'at')::timestamptz
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(x, ord)
     ORDER BY r.ord
     ON CONFLICT (statement_id) DO NOTHING
     RETURNING statement_id`,
    [JSON.stringify(rows)],
  );
  return inserted.length;
}

/**
 * Takes up to `limit` waiting statements for `leaseMs`, oldest first, keeping each learner's order:
 * a statement is not taken while an earlier one of its learner waits for its next attempt or is
 * held by another sender. Claims are made one at a time (a transaction-scoped advisory lock), so
 * two senders never hold statements of one learner at once; FOR UPDATE SKIP LOCKED keeps a claim
 * from waiting on rows that are being marked sent.
 */
export async function claimStatements(db: Database, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('lernwerk.xapi.claim'))`);
    const rows = await tx.query<{ statement_id: string; learner_key: string; statement: Statement }>(
      `WITH picked AS (
         SELECT o.statement_id, o.seq FROM xapi_outbox o
         WHERE o.sent_at IS NULL AND o.parked_at IS NULL
           AND o.next_attempt_at <= now() AND (o.claimed_until IS NULL OR o.claimed_until < now())
           AND NOT EXISTS (
             SELECT 1 FROM xapi_outbox e
             WHERE e.learner_key = o.learner_key AND e.seq < o.seq AND e.sent_at IS NULL AND e.parked_at IS NULL
               AND (e.next_attempt_at > now() OR e.claimed_until >= now())
           )
         ORDER BY o.seq
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE xapi_outbox o SET claimed_until = now() + ($2::int * interval '1 millisecond'), attempts = o.attempts + 1
       FROM picked WHERE o.statement_id = picked.statement_id
       RETURNING o.statement_id, o.learner_key, o.statement, o.seq`,
      [limit, leaseMs],
    );
    return rows
      .sort((a, b) => Number((a as unknown as { seq: number }).seq) - Number((b as unknown as { seq: number }).seq))
      .map((r) => ({ statementId: r.statement_id, learnerKey: r.learner_key, statement: r.statement }));
  });
}

const idsParam = (ids: readonly string[]) => JSON.stringify(ids);

export async function markSent(db: Queryable, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.query(
    `UPDATE xapi_outbox SET sent_at = now(), claimed_until = NULL, attempts = 0
     WHERE statement_id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [idsParam(ids)],
  );
}

export async function park(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query(`UPDATE xapi_outbox SET parked_at = now(), parked_reason = $2, claimed_until = NULL WHERE statement_id = $1`, [id, reason.slice(0, 2000)]);
}

/** Gives statements back for another attempt after `delayMs` (the LRS was away or asked to wait). */
export async function retryLater(db: Queryable, ids: readonly string[], delayMs: number): Promise<void> {
  if (!ids.length) return;
  await db.query(
    `UPDATE xapi_outbox SET claimed_until = NULL, next_attempt_at = now() + ($2::int * interval '1 millisecond')
     WHERE statement_id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [idsParam(ids), Math.round(delayMs)],
  );
}

/**
 * Deletes up to `limit` statements sent before `before` (oldest events first), never one that waits
 * or is parked: answers how many went. Candidates are found through the event time (a statement is
 * sent after its event), so a run reads no more than the old part of the table.
 */
export async function pruneSent(db: Queryable, before: Date, limit: number): Promise<number> {
  // The conditions again outside: a row a resend made waiting meanwhile is checked anew, and stays.
  const [row] = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM xapi_outbox
       WHERE statement_id IN (
         SELECT statement_id FROM xapi_outbox
         WHERE event_at < $1 AND sent_at < $1 AND parked_at IS NULL
         ORDER BY event_at
         LIMIT $2
       )
       AND sent_at < $1 AND parked_at IS NULL
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM gone`,
    [before.toISOString(), limit],
  );
  return Number(row.n);
}

export interface OutboxStatus {
  /** Statements not yet sent and not parked. */
  waiting: number;
  /** The oldest of them: when it was written and its id. */
  oldestWaiting: { statementId: string; createdAt: string; attempts: number } | null;
  sent: number;
  parked: { statementId: string; parkedAt: string; reason: string }[];
  parkedCount: number;
}

export async function outboxStatus(db: Queryable, parkedLimit = 50): Promise<OutboxStatus> {
  const [counts] = await db.query<{ waiting: number; sent: number; parked: number }>(
    `SELECT count(*) FILTER (WHERE sent_at IS NULL AND parked_at IS NULL)::int AS waiting,
            count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent,
            count(*) FILTER (WHERE parked_at IS NOT NULL)::int AS parked
     FROM xapi_outbox`,
  );
  const [oldest] = await db.query<{ statement_id: string; created_at: Date; attempts: number }>(
    `SELECT statement_id, created_at, attempts FROM xapi_outbox WHERE sent_at IS NULL AND parked_at IS NULL ORDER BY seq LIMIT 1`,
  );
  const parked = await db.query<{ statement_id: string; parked_at: Date; parked_reason: string }>(
    `SELECT statement_id, parked_at, parked_reason FROM xapi_outbox WHERE parked_at IS NOT NULL ORDER BY parked_at DESC, seq DESC LIMIT $1`,
    [parkedLimit],
  );
  return {
    waiting: Number(counts.waiting),
    oldestWaiting: oldest ? { statementId: oldest.statement_id, createdAt: new Date(oldest.created_at).toISOString(), attempts: oldest.attempts } : null,
    sent: Number(counts.sent),
    parked: parked.map((r) => ({ statementId: r.statement_id, parkedAt: new Date(r.parked_at).toISOString(), reason: r.parked_reason })),
    parkedCount: Number(counts.parked),
  };
}

/** Sends again every statement whose event happened at or after `since` (into a new LRS): answers how many. */
export async function resendSince(db: Queryable, since: Date): Promise<number> {
  const rows = await db.query<{ statement_id: string }>(
    `UPDATE xapi_outbox SET sent_at = NULL, parked_at = NULL, parked_reason = NULL, attempts = 0, next_attempt_at = now(), claimed_until = NULL
     WHERE event_at >= $1 AND (sent_at IS NOT NULL OR parked_at IS NOT NULL)
     RETURNING statement_id`,
    [since.toISOString()],
  );
  return rows.length;
}
