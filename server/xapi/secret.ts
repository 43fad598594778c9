import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

/**
 * The installation's xAPI secret (table xapi_secret), made on first use: the same on every server
 * of the database and after every restart, so learner keys, registrations and statement ids stay.
 */
export async function xapiSecret(db: Queryable): Promise<string> {
  await db.query(`INSERT INTO xapi_secret (id, secret) VALUES (true, $1) ON CONFLICT (id) DO NOTHING`, [randomBytes(32).toString('hex')]);
  const [row] = await db.query<{ secret: string }>(`SELECT secret FROM xapi_secret WHERE id`);
  return row.secret;
}
