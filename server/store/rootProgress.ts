import type { Queryable } from '../db/types';
import type { Learner } from '../http/learnerAccess';

/** Saves the progress of a composite root for a learner on a share; the last write wins. */
export async function saveRootProgress(db: Queryable, shareId: string, learner: Learner, modelId: string, value: number): Promise<void> {
  await db.query(
    `INSERT INTO root_progress (share_id, user_id, guest_session_id, model_id, value) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (share_id, learner_key, model_id) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [shareId, learner.kind === 'user' ? learner.userId : null, learner.kind === 'guest' ? learner.guestSessionId : null, modelId, value],
  );
}
