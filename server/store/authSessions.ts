import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { toAccount, USER_COLUMNS, type UserAccount, type UserRecord } from './users';

const JOINED_USER_COLUMNS = USER_COLUMNS.split(', ').map((column) => `u.${column}`).join(', ');

/** A new session token: 256 random bits, base64url (43 characters). Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a session of `userId` valid for `ttlMs`; answers its expiry. Expired sessions are swept on the way. */
export async function createAuthSession(db: Queryable, token: string, userId: string, ttlMs: number): Promise<Date> {
  await db.query('DELETE FROM auth_sessions WHERE expires_at <= now()');
  const [row] = await db.query<{ expires_at: Date }>(
    `INSERT INTO auth_sessions (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
     RETURNING expires_at`,
    [hashSessionToken(token), userId, ttlMs],
  );
  return new Date(row.expires_at);
}

/** The account of a session token that exists and has not expired. */
export async function findSessionUser(db: Queryable, token: string): Promise<UserAccount | null> {
  const [row] = await db.query<UserRecord>(
    `SELECT ${JOINED_USER_COLUMNS}
     FROM auth_sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashSessionToken(token)],
  );
  return row ? toAccount(row) : null;
}

export async function deleteAuthSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM auth_sessions WHERE token_hash = $1', [hashSessionToken(token)]);
}
