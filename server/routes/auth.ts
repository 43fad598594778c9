import type { FastifyInstance } from 'fastify';
import { LoginBody, type AuthSession } from '../../model/tracking';
import { LoginThrottle } from '../auth/loginThrottle';
import { verifyAgainstNothing, verifyPassword } from '../auth/password';
import { currentUser, SESSION_COOKIE, sessionCookieOptions, sessionTokenOf } from '../auth/sessionCookie';
import type { Database } from '../db/types';
import { HttpError, parseBody } from '../http/errors';
import { createAuthSession, deleteAuthSession, newSessionToken } from '../store/authSessions';
import { findUserWithHash } from '../store/users';

export interface AuthRoutesOptions {
  db: Database;
  /** How long a login lasts, in ms. */
  sessionTtlMs: number;
  /** Failed-login memory; by default one over `db`, shared by every server on that database. */
  throttle?: LoginThrottle;
}

const WRONG_LOGIN = 'Email or password is wrong';

/**
 * Login sessions (registered under /auth):
 * `POST /auth/login` LoginBody → `{ data: { authenticated: true } }` and the session cookie, or 401;
 *   429 with Retry-After (seconds) after too many failures for the email or from the address;
 * `POST /auth/logout` → `{ data: null }`, session deleted and cookie cleared;
 * `GET /auth/session` → `{ data: AuthSession }`.
 */
export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const { db, sessionTtlMs } = opts;
  const throttle = opts.throttle ?? new LoginThrottle(db);

  app.post('/login', async (request, reply) => {
    const body = parseBody(LoginBody, request.body);
    const keys = [`email:${body.email.toLowerCase()}`, `ip:${request.ip}`];
    // The check and the account lookup at once (the account is looked up for a refused attempt too).
    const [waitMs, found] = await Promise.all([throttle.retryAfterMs(keys), findUserWithHash(db, body.email)]);
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      throw new HttpError(429, 'Too many failed logins. Please try again later.');
    }
    // An unknown email costs as much time as a wrong password, so the answer tells nothing apart.
    const valid = found ? await verifyPassword(body.password, found.passwordHash) : (await verifyAgainstNothing(body.password), false);
    if (!found || !valid) {
      await throttle.recordFailure(keys);
      throw new HttpError(401, WRONG_LOGIN);
    }
    const token = newSessionToken();
    await Promise.all([throttle.clear(keys[0]), createAuthSession(db, token, found.account.id, sessionTtlMs)]);
    reply.header('cache-control', 'no-store').setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, sessionTtlMs));
    return { data: { authenticated: true } satisfies AuthSession };
  });

  app.post('/logout', async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await deleteAuthSession(db, token);
    reply.header('cache-control', 'no-store').clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(request, 0), maxAge: undefined });
    return { data: null };
  });

  app.get('/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: { authenticated: (await currentUser(db, request)) !== null } satisfies AuthSession };
  });
}
