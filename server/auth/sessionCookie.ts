import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types';
import { findSessionUser } from '../store/authSessions';
import type { UserAccount } from '../store/users';

/** Name of the login cookie: HttpOnly, SameSite=Lax, Path=/, Secure over https; holds the session token. */
export const SESSION_COOKIE = 'lernwerk_session';

/** How long a login lasts unless AUTH_SESSION_TTL_MS says otherwise: 14 days. */
export const DEFAULT_AUTH_SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** AUTH_SESSION_TTL_MS (whole milliseconds > 0), else 14 days. */
export function authSessionTtlFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.AUTH_SESSION_TTL_MS?.trim();
  if (!raw) return DEFAULT_AUTH_SESSION_TTL_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`AUTH_SESSION_TTL_MS must be a whole number of milliseconds > 0, not "${raw}"`);
  return value;
}

export function sessionCookieOptions(request: FastifyRequest, maxAgeMs: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: Math.max(0, Math.floor(maxAgeMs / 1000)),
  };
}

/** The token of the login cookie when it has the shape of one (43 base64url characters). */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

const userOfRequest = new WeakMap<FastifyRequest, Promise<UserAccount | null>>();

/** The logged-in account of a request (a valid, unexpired session cookie), looked up once per request. */
export function currentUser(db: Queryable, request: FastifyRequest): Promise<UserAccount | null> {
  let found = userOfRequest.get(request);
  if (!found) {
    const token = sessionTokenOf(request);
    found = token ? findSessionUser(db, token) : Promise.resolve(null);
    userOfRequest.set(request, found);
  }
  return found;
}
