import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Queryable } from '../../server/db/types';

/** What a security test sent, and how the server answered: the counts each suite prints. */
export interface RequestCounts {
  tried: number;
  /** Answered 4xx. */
  refused: number;
  /** Answered 5xx: must stay 0. */
  serverErrors: number;
}

/** `app.inject`, counting every answer into `counts`. */
export function countedRequests(app: () => FastifyInstance): { counts: RequestCounts; send(options: InjectOptions): Promise<LightMyRequestResponse> } {
  const counts: RequestCounts = { tried: 0, refused: 0, serverErrors: 0 };
  return {
    counts,
    send: async (options) => {
      const res = await app().inject(options);
      counts.tried++;
      if (res.statusCode >= 400 && res.statusCode < 500) counts.refused++;
      if (res.statusCode >= 500) counts.serverErrors++;
      return res;
    },
  };
}

/** Every table a request could write. */
export const WRITABLE_TABLES = [
  'userdata_events', 'root_progress', 'guest_sessions', 'auth_sessions', 'users', 'shares', 'models', 'collection_items', 'meta', 'annotations', 'comments',
] as const;

/** A digest of every row of every writable table: equal before and after means nothing was written. */
export async function databaseFingerprint(db: Queryable): Promise<string> {
  const hash = createHash('sha256');
  for (const table of WRITABLE_TABLES) hash.update(JSON.stringify(await db.query(`SELECT * FROM ${table} ORDER BY 1, 2`)));
  return hash.digest('hex');
}
