import { randomUUID } from 'node:crypto';
import type { User } from '../../model/pageData';
import type { Queryable } from '../db/types';

/** An account as stored (without its password hash). */
export interface UserAccount {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  /** The roles it holds, which role permissions name (server/store/permissions.ts). */
  roles: string[];
  createdAt: Date;
}

/** The columns of `users` an account is read from (prefixed with `u.` where a query joins). */
export const USER_COLUMNS = 'id, email, firstname, lastname, roles, created_at';

export interface UserRecord {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  roles: string[] | null;
  created_at: Date;
}

export const toAccount = (r: UserRecord): UserAccount => ({
  id: r.id,
  email: r.email,
  firstname: r.firstname,
  lastname: r.lastname,
  roles: r.roles ?? [],
  createdAt: new Date(r.created_at),
});

/** Emails are compared and stored trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The page-data shape of an account (spec section 3, User), with the materials it likes. */
export function toPageUser(account: UserAccount, favoriteMaterialIds: string[] = []): User {
  return {
    id: account.id,
    email: account.email,
    firstname: account.firstname,
    lastname: account.lastname,
    name: [account.firstname, account.lastname].filter((part) => part.length > 0).join(' '),
    roles: account.roles,
    favoriteMaterialIds,
  };
}

export class UserExistsError extends Error {
  constructor(readonly email: string) {
    super(`A user with the email ${email} already exists.`);
    this.name = 'UserExistsError';
  }
}

export async function createUser(
  db: Queryable,
  user: { email: string; passwordHash: string; firstname?: string; lastname?: string },
): Promise<UserAccount> {
  const rows = await db.query<UserRecord>(
    `INSERT INTO users (id, email, password_hash, firstname, lastname) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [randomUUID(), normalizeEmail(user.email), user.passwordHash, user.firstname ?? '', user.lastname ?? ''],
  );
  if (!rows.length) throw new UserExistsError(normalizeEmail(user.email));
  return toAccount(rows[0]);
}

/** The account of an email with its password hash, for the login. */
export async function findUserWithHash(db: Queryable, email: string): Promise<{ account: UserAccount; passwordHash: string } | null> {
  const [row] = await db.query<UserRecord & { password_hash: string }>(
    `SELECT ${USER_COLUMNS}, password_hash FROM users WHERE email = $1`,
    [normalizeEmail(email)],
  );
  return row ? { account: toAccount(row), passwordHash: row.password_hash } : null;
}

export async function listUsers(db: Queryable): Promise<UserAccount[]> {
  const rows = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users ORDER BY email`);
  return rows.map(toAccount);
}

/** Removes the account with its sessions and everything stored for it; false when there is none. */
export async function removeUser(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('DELETE FROM users WHERE email = $1 RETURNING id', [normalizeEmail(email)]);
  return rows.length > 0;
}

/** Sets a new password hash and ends every login session of the account; false when there is none. */
export async function setPasswordHash(db: Queryable, email: string, passwordHash: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('UPDATE users SET password_hash = $2 WHERE email = $1 RETURNING id', [normalizeEmail(email), passwordHash]);
  if (!rows.length) return false;
  await db.query('DELETE FROM auth_sessions WHERE user_id = $1', [rows[0].id]);
  return true;
}

/** Gives the account exactly these roles; false when there is none. */
export async function setRoles(db: Queryable, email: string, roles: readonly string[]): Promise<boolean> {
  const rows = await db.query<{ id: string }>('UPDATE users SET roles = $2 WHERE email = $1 RETURNING id', [normalizeEmail(email), [...new Set(roles)].sort()]);
  return rows.length > 0;
}
