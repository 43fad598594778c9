import { ANSWER_KEY_CHANGED, type LearnerState } from '../../model/learnerState';
import type { Queryable } from '../db/types';
import type { Learner } from '../http/learnerAccess';

/** A learner on a share, as `userdata_events.learner_key` names it (`user:ID`, `guest:SESSION`). */
export interface LearnerOnShare {
  shareId: string;
  learner: Learner;
}

export const learnerKeyOf = (learner: Learner): string => (learner.kind === 'user' ? `user:${learner.userId}` : `guest:${learner.guestSessionId}`);
const keyOf = (shareId: string, learnerKey: string) => `${shareId}\n${learnerKey}`;

/**
 * The state of several learners at once, each as `learnerStateOf` (../store/userdata.ts) reads it
 * (latest value per field, reset where an answer key changed since), by `shareId\nlearnerKey`: one
 * query for a whole group of batches, each learner's events found through the primary key
 * (share_id, learner_key, id).
 */
export async function learnerStatesOf(tx: Queryable, learners: readonly LearnerOnShare[]): Promise<Map<string, LearnerState>> {
  const states = new Map<string, LearnerState>();
  if (!learners.length) return states;
  const param = JSON.stringify(learners.map((l) => ({ share_id: l.shareId, learner_key: learnerKeyOf(l.learner) })));
  const rows = await tx.query<{ share_id: string; learner_key: string; model_id: string; field: string; value: unknown; stale: boolean; unanswered: boolean }>(
    `WITH wanted AS (SELECT x->>'share_id' AS share_id, x->>'learner_key' AS learner_key FROM jsonb_array_elements($1::jsonb) AS x)
     SELECT w.share_id, w.learner_key, s.model_id, s.field, s.value,
            coalesce(s.client_at < k.changed_at, false) AS stale,
            coalesce(s.last_at < k.changed_at, false) AS unanswered
     FROM wanted w
     CROSS JOIN LATERAL (
       SELECT DISTINCT ON (e.model_id, e.field) e.model_id, e.field, e.value, e.client_at,
              max(e.client_at) OVER (PARTITION BY e.model_id) AS last_at
       FROM userdata_events e
       WHERE e.share_id = w.share_id AND e.learner_key = w.learner_key
       ORDER BY e.model_id, e.field, e.client_at DESC, e.seq DESC
     ) s
     LEFT JOIN answer_key_changes k ON k.model_id = s.model_id`,
    [param],
  );
  for (const l of learners) states.set(keyOf(l.shareId, learnerKeyOf(l.learner)), {});
  for (const row of rows) {
    const state = states.get(keyOf(row.share_id, row.learner_key)) as LearnerState;
    if (row.unanswered) state[row.model_id] = { [ANSWER_KEY_CHANGED]: true };
    else if (!row.stale) (state[row.model_id] ??= {})[row.field] = row.value;
  }
  return states;
}

/** The names statements give learners, by learner key: a guest's name, an account's first and last name. */
export async function learnerNamesOf(tx: Queryable, learners: readonly Learner[]): Promise<Map<string, string>> {
  const guests = learners.flatMap((l) => (l.kind === 'guest' ? [l.guestSessionId] : []));
  const users = learners.flatMap((l) => (l.kind === 'user' ? [l.userId] : []));
  const rows = await tx.query<{ key: string; name: string }>(
    `SELECT 'guest:' || public_id AS key, name FROM guest_sessions WHERE public_id IN (SELECT jsonb_array_elements_text($1::jsonb))
     UNION ALL
     SELECT 'user:' || id, trim(firstname || ' ' || lastname) FROM users WHERE id IN (SELECT jsonb_array_elements_text($2::jsonb))`,
    [JSON.stringify(guests), JSON.stringify(users)],
  );
  return new Map(rows.map((r) => [r.key, r.name]));
}
