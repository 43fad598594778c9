import { answerKeyOf } from '../../src/kinds/indexing';
import type { Queryable } from '../db/types';
import { canonical } from './snapshots';

/*
 * Questions whose answer key a publication changed (migration 015): a learner's answer given before the
 * change is reset when their state is read (./userdata.ts learnerStateOf), so nobody keeps a result
 * judged against a key that no longer holds.
 */

/** The answer key of every question in a material snapshot, by id (canonical JSON). */
function answerKeys(snapshot: unknown): Map<string, string> {
  const keys = new Map<string, string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const model = value as Record<string, unknown>;
    const key = typeof model.id === 'string' ? answerKeyOf(model) : null;
    if (key !== null) keys.set(model.id as string, JSON.stringify(canonical(key)));
    for (const child of Object.values(model)) if (typeof child === 'object') visit(child);
  };
  visit(snapshot);
  return keys;
}

/** Records the questions whose answer key differs between what learners saw (`before`) and what they see now; answers their ids. */
export async function recordAnswerKeyChanges(tx: Queryable, rootId: string, before: unknown, after: unknown): Promise<string[]> {
  if (before === null || before === undefined) return [];
  const old = answerKeys(before);
  const changed = [...answerKeys(after)].filter(([id, key]) => old.has(id) && old.get(id) !== key).map(([id]) => id);
  if (!changed.length) return [];
  await tx.query(
    `INSERT INTO answer_key_changes (model_id, root_id, changed_at) SELECT id, $2, now() FROM jsonb_array_elements_text($1::jsonb) AS id
     ON CONFLICT (model_id) DO UPDATE SET root_id = EXCLUDED.root_id, changed_at = EXCLUDED.changed_at`,
    [JSON.stringify(changed), rootId],
  );
  return changed;
}
