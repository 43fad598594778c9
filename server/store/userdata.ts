import { ANSWER_KEY_CHANGED, type LearnerState } from '../../model/learnerState';
import type { StoredUserdataEvent } from '../../model/tracking';
import type { Queryable } from '../db/types';
import type { Learner } from '../http/learnerAccess';
import { unavailableReason } from '../db/unavailable';

/** One authorised userdata event, ready to store. */
export interface LearnerEvent {
  id: string;
  shareId: string;
  learner: Learner;
  modelId: string;
  modelName: string;
  field: string;
  value: unknown;
  /** Client time of the change, ms since 1970. */
  at: number;
  /** The material the model belongs to, when the caller knows it (the learning records need it: server/xapi). */
  rootId?: string;
}

/** An event's identity: its id is the idempotency key of one learner on one share (matches `learner_key`). */
const eventKey = (shareId: string, learner: string, id: string) => `${shareId}\n${learner}\n${id}`;
const learnerKeyOf = (learner: Learner) => (learner.kind === 'user' ? `user:${learner.userId}` : `guest:${learner.guestSessionId}`);
export const keyOfEvent = (e: LearnerEvent) => eventKey(e.shareId, learnerKeyOf(e.learner), e.id);

/**
 * Stores the events with one statement (a multi-row `INSERT … ON CONFLICT DO NOTHING`, atomic on
 * its own: all rows or none), each at most once; answers the keys (`keyOfEvent`) of the events
 * that were new. An id is the idempotency key of its learner on its share: the same id from the
 * same learner again is a duplicate and changes nothing; from another learner it is that learner's
 * own event. One round trip, without BEGIN/COMMIT around it.
 */
export async function storeLearnerEvents(db: Queryable, events: readonly LearnerEvent[]): Promise<Set<string>> {
  if (!events.length) return new Set();
  const inserted = await db.query<{ id: string; share_id: string; learner_key: string }>(insertLearnerEventsSql('$1'), [learnerEventRows(events)]);
  return new Set(inserted.map((r) => eventKeyOfRow(r)));
}

/** The parameter `insertLearnerEventsSql` reads: the events as one JSON array. */
export function learnerEventRows(events: readonly LearnerEvent[]): string {
  return JSON.stringify(
    events.map((e) => ({
      id: e.id,
      share_id: e.shareId,
      user_id: e.learner.kind === 'user' ? e.learner.userId : null,
      guest_session_id: e.learner.kind === 'guest' ? e.learner.guestSessionId : null,
      model_id: e.modelId,
      model_name: e.modelName,
      field: e.field,
      // JSON null is a value too (a cleared field); jsonb keeps it apart from SQL NULL.
      value: e.value === undefined ? null : e.value,
      at: e.at,
    })),
  );
}

/**
 * The INSERT of `storeLearnerEvents` reading the rows from `param` (`learnerEventRows`), returning
 * `id, share_id, learner_key` of the rows that were new: also usable as a data-modifying WITH
 * (`condition` may refer to another part of it, which then runs first).
 */
export const insertLearnerEventsSql = (param: string, condition = 'true') =>
  `INSERT INTO userdata_events (id, share_id, user_id, guest_session_id, model_id, model_name, field, value, client_at)
   SELECT x->>'id', x->>'share_id', x->>'user_id', x->>'guest_session_id', x->>'model_id', x->>'model_name', x->>'field',
          x->'value', to_timestamp((x->>'at')::bigint / 1000.0)
   FROM jsonb_array_elements(${param}::jsonb) WITH ORDINALITY AS r(x, ord)
   WHERE ${condition}
   ORDER BY r.ord
   ON CONFLICT (share_id, learner_key, id) DO NOTHING
   RETURNING id, share_id, learner_key`;

/** `keyOfEvent` of a row `insertLearnerEventsSql` returned. */
export const eventKeyOfRow = (row: { id: string; share_id: string; learner_key: string }) => eventKey(row.share_id, row.learner_key, row.id);

/** Stores learner events; several calls at once may share one statement (`createLearnerEventWriter`). */
export type LearnerEventWriter = (events: readonly LearnerEvent[]) => Promise<Set<string>>;

export interface LearnerEventWriterOptions {
  /** Statements in flight at once (default 1: PGlite runs one at a time anyway). */
  maxInFlight?: number;
  /** Most events in one statement (default 2,000). */
  maxEvents?: number;
  /** How a group is stored (default `storeLearnerEvents` on the database); answers the keys of the new events like it. */
  store?: (events: readonly LearnerEvent[]) => Promise<Set<string>>;
}

/**
 * Group commit for userdata: the batches that arrive while a statement is in flight wait for it and
 * are then stored together, with one `storeLearnerEvents` (one commit, one WAL flush) for all of
 * them; a batch that arrives when nothing is in flight goes at once. So under load each commit
 * carries the batches of many learners (PGlite flushes its WAL with fsync at every commit: ~1
 * commit per learner request was its limit), and when idle nothing waits. Each caller still gets
 * exactly its own answer: the ids of its events that were new, after the statement committed. If
 * a combined statement fails, each batch of it is retried alone, so one bad batch fails only its
 * own request. An id sent twice in one group (a client's retry racing its first try) counts as new
 * for the first batch that named it.
 */
export function createLearnerEventWriter(db: Queryable, options: LearnerEventWriterOptions = {}): LearnerEventWriter {
  const maxInFlight = options.maxInFlight ?? 1;
  const maxEvents = options.maxEvents ?? 2_000;
  const store = options.store ?? ((events: readonly LearnerEvent[]) => storeLearnerEvents(db, events));
  type Waiting = { events: readonly LearnerEvent[]; resolve: (ids: Set<string>) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;

  /** Each caller's answer: the ids of its events that were new (an event sent twice in the group is new once). */
  const settle = (group: Waiting[], stored: Set<string>) => {
    for (const waiting of group) {
      const mine = new Set<string>();
      for (const event of waiting.events) {
        if (stored.delete(keyOfEvent(event))) mine.add(event.id);
      }
      waiting.resolve(mine);
    }
  };
  const storeAlone = async (events: readonly LearnerEvent[]) => {
    const stored = await store(events);
    return new Set(events.filter((event) => stored.has(keyOfEvent(event))).map((event) => event.id));
  };

  const flush = () => {
    while (inFlight < maxInFlight && queue.length) {
      const group: Waiting[] = [queue.shift() as Waiting];
      let count = group[0].events.length;
      while (queue.length && count + queue[0].events.length <= maxEvents) {
        const next = queue.shift() as Waiting;
        group.push(next);
        count += next.events.length;
      }
      inFlight++;
      const run = async () => {
        if (group.length === 1) {
          try {
            group[0].resolve(await storeAlone(group[0].events));
          } catch (error) {
            group[0].reject(error);
          }
          return;
        }
        try {
          settle(group, await store(group.flatMap((w) => w.events)));
        } catch (error) {
          // A database that cannot serve fails them all alike: trying each batch alone would only wait longer.
          if (unavailableReason(error)) {
            for (const waiting of group) waiting.reject(error);
            return;
          }
          for (const waiting of group) {
            try {
              waiting.resolve(await storeAlone(waiting.events));
            } catch (error) {
              waiting.reject(error);
            }
          }
        }
      };
      void run().finally(() => {
        inFlight--;
        flush();
      });
    }
  };

  return (events) => {
    if (!events.length) return Promise.resolve(new Set());
    return new Promise<Set<string>>((resolve, reject) => {
      queue.push({ events, resolve, reject });
      flush();
    });
  };
}

/**
 * What is stored for a learner on a share (every material of it): the latest value of each
 * (model, field), by client time and then by arrival. A question whose answer key a publication
 * changed after the learner last answered it (./answerKeyChanges.ts) comes back reset: its fields are
 * left out and `answerKeyChanged: true` says why, until the learner answers it again.
 */
export async function learnerStateOf(db: Queryable, shareId: string, learner: Learner): Promise<LearnerState> {
  const rows = await db.query<{ model_id: string; field: string; value: unknown; stale: boolean; unanswered: boolean }>(
    `SELECT s.model_id, s.field, s.value,
            coalesce(s.client_at < k.changed_at, false) AS stale,
            coalesce(s.last_at < k.changed_at, false) AS unanswered
     FROM (
       SELECT DISTINCT ON (model_id, field) model_id, field, value, client_at,
              max(client_at) OVER (PARTITION BY model_id) AS last_at
       FROM userdata_events
       WHERE share_id = $1 AND ${learnerFilter(learner)}
       ORDER BY model_id, field, client_at DESC, seq DESC
     ) s
     LEFT JOIN answer_key_changes k ON k.model_id = s.model_id`,
    [shareId, learnerKey(learner)],
  );
  const state: LearnerState = {};
  for (const row of rows) {
    // A field saved before the question's answer key changed no longer counts; while none is newer, the note says why.
    if (row.unanswered) state[row.model_id] = { [ANSWER_KEY_CHANGED]: true };
    else if (!row.stale) (state[row.model_id] ??= {})[row.field] = row.value;
  }
  return state;
}

const learnerFilter = (learner: Learner) => (learner.kind === 'user' ? 'user_id = $2' : 'guest_session_id = $2');
const learnerKey = (learner: Learner) => (learner.kind === 'user' ? learner.userId : learner.guestSessionId);

/** Every event stored for a learner on a share, in the order the server received them. */
export async function learnerEventsOf(db: Queryable, shareId: string, learner: Learner): Promise<StoredUserdataEvent[]> {
  const rows = await db.query<{ id: string; at: string | number; model_name: string; model_id: string; field: StoredUserdataEvent['field']; value: unknown }>(
    `SELECT id, (extract(epoch FROM client_at) * 1000)::bigint AS at, model_name, model_id, field, value
     FROM userdata_events
     WHERE share_id = $1 AND ${learnerFilter(learner)}
     ORDER BY seq`,
    [shareId, learnerKey(learner)],
  );
  return rows.map((r) => ({ id: r.id, at: Number(r.at), modelName: r.model_name, modelId: r.model_id, field: r.field, value: r.value }));
}
