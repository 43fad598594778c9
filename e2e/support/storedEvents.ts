import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { StoredUserdataEvent } from '../../model/tracking';

const ListAnswer = z.object({ data: z.object({ events: z.array(StoredUserdataEvent) }) });

/**
 * What the database holds for a learner on a share (`POST /api/userdata/list`): a guest by the
 * session id, a logged-in user by the session cookie of `request` (guestSessionId null).
 */
export async function storedEvents(request: APIRequestContext, learner: { shareId: string; guestSessionId: string | null }): Promise<StoredUserdataEvent[]> {
  const response = await request.post('/api/userdata/list', { data: learner });
  if (!response.ok()) throw new Error(`POST /api/userdata/list answered ${response.status()}: ${await response.text()}`);
  return ListAnswer.parse(await response.json()).data.events;
}

/** The ids of stored events, and the ids stored more than once (the database should make that impossible). */
export function idsOf(events: readonly StoredUserdataEvent[]): { ids: Set<string>; repeated: string[] } {
  const ids = new Set<string>();
  const repeated: string[] = [];
  for (const event of events) {
    if (ids.has(event.id)) repeated.push(event.id);
    ids.add(event.id);
  }
  return { ids, repeated };
}

/** The latest stored value of each model's field (by client time, then arrival), as the learner's state. */
export function latestValues(events: readonly StoredUserdataEvent[]): Record<string, Record<string, unknown>> {
  const state: Record<string, Record<string, unknown>> = {};
  const at: Record<string, number> = {};
  for (const event of events) {
    const key = `${event.modelId}\u0000${event.field}`;
    if (at[key] !== undefined && at[key] > event.at) continue;
    at[key] = event.at;
    (state[event.modelId] ??= {})[event.field] = event.value;
  }
  return state;
}
