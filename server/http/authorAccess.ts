import type { FastifyRequest } from 'fastify';
import { mayAuthor, type Ability } from '../../model/permissions';
import { currentUser } from '../auth/sessionCookie';
import type { Queryable } from '../db/types';
import { rootPermissions } from '../store/permissions';
import type { UserAccount } from '../store/users';
import { forbidden } from './errors';

/** Someone who may change a root: the logged-in account, and how the audit log names it. */
export interface Author {
  user: UserAccount;
  actor: string;
}

export const AUTHOR_LOG_IN_MESSAGE = 'Log in first';

/** The audit log's name of an account: `user:ID EMAIL`. */
export const actorOf = (user: UserAccount): string => `user:${user.id} ${user.email}`;

/** The logged-in account (403 without one). */
export async function loggedInAuthor(db: Queryable, request: FastifyRequest): Promise<Author> {
  const user = await currentUser(db, request);
  if (!user) throw forbidden(AUTHOR_LOG_IN_MESSAGE);
  return { user, actor: actorOf(user) };
}

/** Whether the author may `ability` on the root `rootId` (model/permissions.ts mayAuthor). */
export async function authorMay(db: Queryable, author: Author, rootId: string, ability: Ability): Promise<boolean> {
  return mayAuthor(await rootPermissions(db, rootId), author.user, ability);
}
