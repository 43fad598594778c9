import { ANSWER_KEY_CHANGED, type LearnerState } from '../../model/learnerState';
import type { Queryable } from '../db/types';
import type { Learner } from '../http/learnerAccess';
import { eventKeyOfRow, insertLearnerEventsSql, learnerEventRows, type LearnerEvent } from '../store/userdata';

/**
 * A learner on a share, as `userdata_events.learner_key` names it (`user:ID`, `guest:SESSION`), and
 * the questions the change evaluates (their answers go into the statements).
 */
export interface LearnerOnShare {
  shareId: string;
  learner: Learner;
  evaluated: readonly string[];
}

export const learnerKeyOf = (learner: Learner): string => (learner.kind === 'user' ? `user:${learner.userId}` : `guest:${learner.guestSessionId}`);
const keyOf = (shareId: string, learnerKey: string) => `${shareId}\n${learnerKey}`;

type Wanted = { share_id: string; learner_key: string; evaluated: readonly string[] };
/** The learners as the statements below read them (`$n` of `wantedSql`), in ascending key order. */
const wantedParam = (learners: readonly LearnerOnShare[]) =>
  JSON.stringify(
    [...new Map(learners.map((l) => [keyOf(l.shareId, learnerKeyOf(l.learner)), { share_id: l.shareId, learner_key: learnerKeyOf(l.learner), evaluated: l.evaluated }])).entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]): Wanted => row),
  );
const wantedSql = (param: string) =>
  `SELECT x->>'share_id' AS share_id, x->>'learner_key' AS learner_key, x->'evaluated' AS evaluated, ord FROM jsonb_array_elements(${param}::jsonb) WITH ORDINALITY AS r(x, ord)`;

/*
 * What the statements of a change are derived from, of each learner in `wanted`: the state as
 * `learnerStateOf` (../store/userdata.ts) reads it (the latest value per field, reset where an
 * answer key changed since), but only the progress of every element and every field of the
 * questions the change evaluates. For progress that is the same: a progress value counts when it
 * was reported after the element's answer key last changed, whatever other fields say. Each
 * learner's events are found through the primary key (share_id, learner_key, id).
 */
const statesSql = (leaveOut = '') => `SELECT w.share_id, w.learner_key, s.model_id, s.field, s.value,
         coalesce(s.client_at < k.changed_at, false) AS stale,
         coalesce(s.last_at < k.changed_at, false) AS unanswered
  FROM wanted w
  CROSS JOIN LATERAL (
    SELECT DISTINCT ON (e.model_id, e.field) e.model_id, e.field, e.value, e.client_at,
           max(e.client_at) OVER (PARTITION BY e.model_id) AS last_at
    FROM userdata_events e
    WHERE e.share_id = w.share_id AND e.learner_key = w.learner_key AND (e.field = 'progress' OR w.evaluated ? e.model_id)${leaveOut}
    ORDER BY e.model_id, e.field, e.client_at DESC, e.seq DESC
  ) s
  LEFT JOIN answer_key_changes k ON k.model_id = s.model_id`;

type StateRow = { share_id: string; learner_key: string; model_id: string; field: string; value: unknown; stale: boolean; unanswered: boolean };

function addStateRow(states: Map<string, LearnerState>, row: StateRow) {
  const state = states.get(keyOf(row.share_id, row.learner_key));
  if (!state) return;
  if (row.unanswered) state[row.model_id] = { [ANSWER_KEY_CHANGED]: true };
  else if (!row.stale) (state[row.model_id] ??= {})[row.field] = row.value;
}

export interface HeldLearners {
  /** The keys (`keyOfEvent`) of the events that were new. */
  stored: Set<string>;
  /** Each learner's state before the events (what derivation reads of it, above), by `shareId\nlearnerKey`. */
  before: Map<string, LearnerState>;
  /** The names statements give the learners (a guest's name, an account's first and last name), by learner key. */
  names: Map<string, string>;
}

/**
 * Stores the events and holds their learners (each on its share) until the transaction ends, and
 * answers each learner's state as it was before the events and the learners' names: in one
 * statement, and a second only when another transaction of a learner committed meanwhile.
 *
 * The hold is the learner's row in xapi_learner_versions, bumped in ascending key order and before
 * the events are inserted (so two transactions never wait on each other in a circle): a concurrent request of the learner (a second
 * tab, a retry racing its original, another server) waits until this one commits. The state is read
 * on the statement's snapshot, which does not see this statement's own inserts. It is the one to
 * derive from when the version the statement saw is the one before its bump; otherwise a
 * transaction of the learner committed after the snapshot was taken (the one this request waited
 * for), and the state is read again. So "progress rises" and "reaches 1" are decided once.
 */
export async function storeAndHoldLearners(tx: Queryable, events: readonly LearnerEvent[], learners: readonly LearnerOnShare[]): Promise<HeldLearners> {
  const wanted = wantedParam(learners);
  const guests = learners.flatMap((l) => (l.learner.kind === 'guest' ? [l.learner.guestSessionId] : []));
  const users = learners.flatMap((l) => (l.learner.kind === 'user' ? [l.learner.userId] : []));
  type Row = StateRow & { kind: 'state' | 'new' | 'held' | 'name'; id: string | null; version: number | null; seen: number | null; name: string | null };
  const rows = await tx.query<Row>(
    `WITH wanted AS (${wantedSql('$2')}),
     bumped AS (
       INSERT INTO xapi_learner_versions AS v (share_id, learner_key)
       SELECT share_id, learner_key FROM wanted ORDER BY ord
       ON CONFLICT (share_id, learner_key) DO UPDATE SET version = v.version + 1
       RETURNING v.share_id, v.learner_key, v.version
     ),
     stored AS (${insertLearnerEventsSql('$1', '(SELECT count(*) FROM bumped) >= 0')})
     SELECT 'state' AS kind, share_id, learner_key, model_id, field, value, stale, unanswered, NULL::text AS id, NULL::bigint AS version, NULL::bigint AS seen, NULL::text AS name
     FROM (${statesSql()}) states
     UNION ALL
     SELECT 'new', share_id, learner_key, NULL, NULL, NULL, NULL, NULL, id, NULL, NULL, NULL FROM stored
     UNION ALL
     SELECT 'held', b.share_id, b.learner_key, NULL, NULL, NULL, NULL, NULL, NULL, b.version, seen.version, NULL
     FROM bumped b LEFT JOIN xapi_learner_versions seen ON seen.share_id = b.share_id AND seen.learner_key = b.learner_key
     UNION ALL
     SELECT 'name', NULL, 'guest:' || public_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, name
     FROM guest_sessions WHERE public_id IN (SELECT jsonb_array_elements_text($3::jsonb))
     UNION ALL
     SELECT 'name', NULL, 'user:' || id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, trim(firstname || ' ' || lastname)
     FROM users WHERE id IN (SELECT jsonb_array_elements_text($4::jsonb))`,
    [learnerEventRows(events), wanted, JSON.stringify(guests), JSON.stringify(users)],
  );
  const before = new Map<string, LearnerState>();
  for (const l of learners) before.set(keyOf(l.shareId, learnerKeyOf(l.learner)), {});
  const stored = new Set<string>();
  const names = new Map<string, string>();
  const overtaken: Wanted[] = [];
  const wantedOf = new Map((JSON.parse(wanted) as Wanted[]).map((w) => [keyOf(w.share_id, w.learner_key), w]));
  for (const row of rows) {
    if (row.kind === 'state') addStateRow(before, row);
    else if (row.kind === 'new') stored.add(eventKeyOfRow({ id: row.id as string, share_id: row.share_id, learner_key: row.learner_key }));
    else if (row.kind === 'name') names.set(row.learner_key, row.name ?? '');
    else if (Number(row.version) !== Number(row.seen ?? 0) + 1) overtaken.push(wantedOf.get(keyOf(row.share_id, row.learner_key)) as Wanted);
  }
  if (overtaken.length) {
    // Read after the hold: this statement's snapshot includes what the learner's other transaction committed.
    for (const { share_id, learner_key } of overtaken) before.set(keyOf(share_id, learner_key), {});
    // This transaction's own events are visible to it now: the state before them leaves them out (their keys are `keyOfEvent`'s).
    const again = await tx.query<StateRow>(`WITH wanted AS (${wantedSql('$1')}) ${statesSql(` AND e.share_id || E'\\n' || e.learner_key || E'\\n' || e.id <> ALL($2::text[])`)}`, [
      JSON.stringify(overtaken),
      [...stored],
    ]);
    for (const row of again) addStateRow(before, row);
  }
  return { stored, before, names };
}
