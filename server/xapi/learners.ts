import { ANSWER_KEY_CHANGED, type LearnerState } from '../../model/learnerState';
import type { Queryable } from '../db/types';
import type { Learner } from '../http/learnerAccess';
import { eventKeyOfRow, insertLearnerEventsSql, learnerEventRows, type LearnerEvent } from '../store/userdata';

/** A learner on a share, as `userdata_events.learner_key` names it (`user:ID`, `guest:SESSION`). */
export interface LearnerOnShare {
  shareId: string;
  learner: Learner;
}

export const learnerKeyOf = (learner: Learner): string => (learner.kind === 'user' ? `user:${learner.userId}` : `guest:${learner.guestSessionId}`);
const keyOf = (shareId: string, learnerKey: string) => `${shareId}\n${learnerKey}`;

/**
 * Holds the learners (each on its share) until the transaction ends, and answers the names
 * statements give them (a guest's name, an account's first and last name) by learner key.
 *
 * The hold is a transaction-scoped advisory lock per learner on a share, taken in one order
 * (ascending key) so that two transactions never wait on each other in a circle. Whoever derives
 * a learner's statements from the state stored before their change holds it first, so a concurrent
 * request of the same learner (a second tab, a retry racing its original, another server) sees the
 * change committed: "progress rises" and "reaches 1" are decided once. Two learners whose keys
 * hash alike only wait for each other.
 */
export async function holdLearners(tx: Queryable, learners: readonly LearnerOnShare[]): Promise<Map<string, string>> {
  const keys = [...new Set(learners.map((l) => keyOf(l.shareId, learnerKeyOf(l.learner))))];
  const guests = learners.flatMap((l) => (l.learner.kind === 'guest' ? [l.learner.guestSessionId] : []));
  const users = learners.flatMap((l) => (l.learner.kind === 'user' ? [l.learner.userId] : []));
  // The aggregate yields its one row (every lock taken) before the names are read beside it.
  const rows = await tx.query<{ key: string | null; name: string | null }>(
    `WITH held AS (
       SELECT count(pg_advisory_xact_lock(hashtext('lernwerk.xapi.learner'), h)) AS n
       FROM (SELECT DISTINCT hashtext(k) AS h FROM jsonb_array_elements_text($1::jsonb) AS k ORDER BY h) s
     )
     SELECT names.key, names.name FROM held LEFT JOIN LATERAL (
       SELECT 'guest:' || public_id AS key, name FROM guest_sessions WHERE held.n >= 0 AND public_id IN (SELECT jsonb_array_elements_text($2::jsonb))
       UNION ALL
       SELECT 'user:' || id, trim(firstname || ' ' || lastname) FROM users WHERE held.n >= 0 AND id IN (SELECT jsonb_array_elements_text($3::jsonb))
     ) names ON true`,
    [JSON.stringify(keys), JSON.stringify(guests), JSON.stringify(users)],
  );
  return new Map(rows.flatMap((r) => (r.key === null ? [] : [[r.key, r.name ?? '']])));
}

/**
 * Stores the events (as `storeLearnerEvents`, ../store/userdata.ts) and reads the state of the
 * learners as it was before them, in one statement: a data-modifying WITH runs on the statement's
 * snapshot, which does not see its own inserts. The state is what `learnerStateOf` reads (latest
 * value per field, reset where an answer key changed since), by `shareId\nlearnerKey`, each
 * learner's events found through the primary key (share_id, learner_key, id). Answers the states
 * and the keys (`keyOfEvent`) of the events that were new.
 */
export async function storeEventsReadingStates(
  tx: Queryable,
  events: readonly LearnerEvent[],
  learners: readonly LearnerOnShare[],
): Promise<{ stored: Set<string>; before: Map<string, LearnerState> }> {
  const wanted = JSON.stringify(learners.map((l) => ({ share_id: l.shareId, learner_key: learnerKeyOf(l.learner) })));
  const rows = await tx.query<{ new_id: string | null; share_id: string; learner_key: string; model_id: string; field: string; value: unknown; stale: boolean; unanswered: boolean }>(
    `WITH stored AS (${insertLearnerEventsSql('$1')}),
     wanted AS (SELECT x->>'share_id' AS share_id, x->>'learner_key' AS learner_key FROM jsonb_array_elements($2::jsonb) AS x)
     SELECT NULL::text AS new_id, w.share_id, w.learner_key, s.model_id, s.field, s.value,
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
     LEFT JOIN answer_key_changes k ON k.model_id = s.model_id
     UNION ALL
     SELECT id, share_id, learner_key, NULL, NULL, NULL, NULL, NULL FROM stored`,
    [learnerEventRows(events), wanted],
  );
  const before = new Map<string, LearnerState>();
  const stored = new Set<string>();
  for (const l of learners) before.set(keyOf(l.shareId, learnerKeyOf(l.learner)), {});
  for (const row of rows) {
    if (row.new_id !== null) {
      stored.add(eventKeyOfRow({ id: row.new_id, share_id: row.share_id, learner_key: row.learner_key }));
      continue;
    }
    const state = before.get(keyOf(row.share_id, row.learner_key)) as LearnerState;
    if (row.unanswered) state[row.model_id] = { [ANSWER_KEY_CHANGED]: true };
    else if (!row.stale) (state[row.model_id] ??= {})[row.field] = row.value;
  }
  return { stored, before };
}
