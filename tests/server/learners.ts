/** Accounts, logins and userdata events for the learner tests. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { UserdataEvent } from '../../model/tracking';
import { hashPassword } from '../../server/auth/password';
import { SESSION_COOKIE } from '../../server/auth/sessionCookie';
import type { Queryable } from '../../server/db/types';
import { createUser, type UserAccount } from '../../server/store/users';

export const PASSWORD = 'correct horse battery';

export function addUser(db: Queryable, email: string, names: { firstname?: string; lastname?: string } = {}): Promise<UserAccount> {
  return hashPassword(PASSWORD).then((passwordHash) => createUser(db, { email, passwordHash, ...names }));
}

/** The Set-Cookie header of the session cookie in an answer. */
export function sessionSetCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!found) throw new Error(`no ${SESSION_COOKIE} cookie set: ${JSON.stringify(all)}`);
  return found;
}

/** Logs in and answers the Cookie request header of the new session. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionSetCookie(res).split(';')[0];
}

export const newEventId = () => randomBytes(16).toString('base64url');
export const newGuestLikeId = () => randomBytes(18).toString('base64url');

/** A userdata event with a fresh id. */
export function event(
  metadata: { shareId: string; id: string; modelName: string; guestSessionId?: string | null },
  data: Partial<Record<string, unknown>>,
  at = Date.now(),
): UserdataEvent {
  return {
    id: newEventId(),
    at,
    metadata: { modelName: metadata.modelName, id: metadata.id, shareId: metadata.shareId, guestSessionId: metadata.guestSessionId ?? null },
    data,
  } as UserdataEvent;
}

export async function countRows(
  db: Queryable,
  table: 'userdata_events' | 'root_progress' | 'guest_sessions' | 'auth_sessions' | 'users' | 'annotations' | 'comments',
): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row.n;
}
