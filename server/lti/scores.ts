import type { Queryable } from '../db/types';

/** A score due at a platform's line item: the learner's progress of `progressAt`. */
export interface DueScore {
  platformId: string;
  lineItemUrl: string;
  sub: string;
  progress: number;
  progressAt: Date;
  version: number;
  /** Failed attempts since the change. */
  attempts: number;
}

interface DueRow {
  platform_id: string;
  line_item_url: string;
  sub: string;
  progress: number;
  progress_at: Date;
  progress_version: number | string;
  attempts: number;
}

/**
 * Records the line item a launch carried (AGS endpoint claim with `lineitem` and the score scope): from
 * now on the learner's progress on the share goes there. A new line item is due at once (Started,
 * with the progress the learner has already); a known one keeps its outbox state.
 */
export async function recordLineItem(db: Queryable, item: { platformId: string; lineItemUrl: string; sub: string; shareId: string; rootId: string; learnerKey: string }): Promise<void> {
  await db.query(
    `INSERT INTO lti_line_items (platform_id, line_item_url, sub, share_id, root_id, learner_key, progress, progress_at)
     SELECT $1, $2, $3, $4, $5, $6, COALESCE(rp.value, 0), COALESCE(rp.updated_at, now())
     FROM (SELECT 1) AS one LEFT JOIN root_progress rp ON rp.share_id = $4 AND rp.learner_key = $6 AND rp.model_id = $5
     ON CONFLICT (platform_id, line_item_url, sub) DO UPDATE SET share_id = EXCLUDED.share_id, root_id = EXCLUDED.root_id, learner_key = EXCLUDED.learner_key`,
    [item.platformId, item.lineItemUrl, item.sub, item.shareId, item.rootId, item.learnerKey],
  );
}

/** Copies the learners' newer progress (root_progress) to their line items; each copied change is due at once. Answers how many changed. */
export async function syncProgress(db: Queryable): Promise<number> {
  const rows = await db.query(
    `UPDATE lti_line_items li SET progress = rp.value, progress_at = rp.updated_at, progress_version = li.progress_version + 1, attempts = 0, next_attempt_at = now(), parked_reason = NULL
     FROM root_progress rp
     WHERE rp.share_id = li.share_id AND rp.learner_key = li.learner_key AND rp.model_id = li.root_id AND rp.updated_at > li.progress_at
     RETURNING li.sub`,
  );
  return rows.length;
}

/** Claims up to `limit` due scores for `leaseMs` (no other server sends them meanwhile). */
export async function claimDueScores(db: Queryable, limit: number, leaseMs: number): Promise<DueScore[]> {
  const rows = await db.query<DueRow>(
    `UPDATE lti_line_items li SET claimed_until = now() + $2 * interval '1 millisecond'
     FROM (
       SELECT platform_id, line_item_url, sub FROM lti_line_items
       WHERE sent_version < progress_version AND parked_reason IS NULL AND next_attempt_at <= now()
         AND (claimed_until IS NULL OR claimed_until < now())
       ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED
     ) due
     WHERE li.platform_id = due.platform_id AND li.line_item_url = due.line_item_url AND li.sub = due.sub
     RETURNING li.platform_id, li.line_item_url, li.sub, li.progress, li.progress_at, li.progress_version, li.attempts`,
    [limit, leaseMs],
  );
  return rows.map((r) => ({ platformId: r.platform_id, lineItemUrl: r.line_item_url, sub: r.sub, progress: r.progress, progressAt: new Date(r.progress_at), version: Number(r.progress_version), attempts: r.attempts }));
}

const keyOf = (s: DueScore) => [s.platformId, s.lineItemUrl, s.sub];

/** The platform took the score of this version; a newer change stays due. */
export async function markScoreSent(db: Queryable, score: DueScore): Promise<void> {
  await db.query('UPDATE lti_line_items SET sent_version = GREATEST(sent_version, $4), attempts = 0, claimed_until = NULL WHERE platform_id = $1 AND line_item_url = $2 AND sub = $3', [
    ...keyOf(score),
    score.version,
  ]);
}

/** The platform is away: the score waits `ms`, counting the attempt. */
export async function retryScoreLater(db: Queryable, score: DueScore, ms: number): Promise<void> {
  await db.query(
    `UPDATE lti_line_items SET attempts = attempts + 1, next_attempt_at = now() + $4 * interval '1 millisecond', claimed_until = NULL WHERE platform_id = $1 AND line_item_url = $2 AND sub = $3`,
    [...keyOf(score), ms],
  );
}

/** The platform refused the score for good: kept with its reason until the learner's progress changes again. */
export async function parkScore(db: Queryable, score: DueScore, reason: string): Promise<void> {
  await db.query('UPDATE lti_line_items SET parked_reason = $4, claimed_until = NULL WHERE platform_id = $1 AND line_item_url = $2 AND sub = $3', [...keyOf(score), reason.slice(0, 1000)]);
}

/** What `npm run lti -- scores` shows: scores waiting for their platform, and the parked ones with the platform's reason. */
export interface ScoreStatus {
  waiting: number;
  oldestWaiting: { issuer: string; lineItemUrl: string; since: string; attempts: number } | null;
  parked: { issuer: string; lineItemUrl: string; sub: string; reason: string }[];
}

export async function scoreStatus(db: Queryable): Promise<ScoreStatus> {
  const [count] = await db.query<{ n: number | string }>('SELECT count(*)::int AS n FROM lti_line_items WHERE sent_version < progress_version AND parked_reason IS NULL');
  const [oldest] = await db.query<{ issuer: string; line_item_url: string; progress_at: Date; attempts: number }>(
    `SELECT p.issuer, li.line_item_url, li.progress_at, li.attempts FROM lti_line_items li JOIN lti_platforms p ON p.id = li.platform_id
     WHERE li.sent_version < li.progress_version AND li.parked_reason IS NULL ORDER BY li.progress_at LIMIT 1`,
  );
  const parked = await db.query<{ issuer: string; line_item_url: string; sub: string; parked_reason: string }>(
    `SELECT p.issuer, li.line_item_url, li.sub, li.parked_reason FROM lti_line_items li JOIN lti_platforms p ON p.id = li.platform_id
     WHERE li.parked_reason IS NOT NULL ORDER BY li.progress_at DESC LIMIT 50`,
  );
  return {
    waiting: Number(count?.n ?? 0),
    oldestWaiting: oldest ? { issuer: oldest.issuer, lineItemUrl: oldest.line_item_url, since: new Date(oldest.progress_at).toISOString(), attempts: oldest.attempts } : null,
    parked: parked.map((r) => ({ issuer: r.issuer, lineItemUrl: r.line_item_url, sub: r.sub, reason: r.parked_reason })),
  };
}
