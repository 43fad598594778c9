import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ADMIN_ROLE } from '../../model/permissions';
import type { Queryable } from '../db/types';
import { loggedInAuthor } from './authorAccess';
import { forbidden, HttpError } from './errors';

export const ADMIN_TOKEN_MISSING_MESSAGE = "Admin token missing or wrong: it is in the server's file servers/PID.json in the data dir, readable by the server's user";
export const NOT_FROM_HERE_MESSAGE = 'Admin requests are taken from this machine only, not through a proxy';

/** A request from this machine: over loopback, or from one of the server's own addresses (a server bound to one address). */
function fromThisMachine(request: FastifyRequest): boolean {
  const remote = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const local = (request.socket.localAddress ?? '').replace(/^::ffff:/, '');
  return remote.startsWith('127.') || remote === '::1' || (remote !== '' && remote === local);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The bearer token of a request, if it has one. */
const bearerOf = (request: FastifyRequest): string | undefined => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/**
 * The check of the server's admin token (the token of this start, in `DATA_DIR/servers/PID.json`):
 * throws 403 for a request not from this machine or through a proxy (Forwarded / X-Forwarded-For),
 * 401 for a token missing or wrong. Reads nothing of the body.
 */
export function adminTokenCheck(token: string | undefined): (request: FastifyRequest) => void {
  const expected = token ? digest(token) : null;
  return (request) => {
    if (!fromThisMachine(request) || request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) {
      throw new HttpError(403, NOT_FROM_HERE_MESSAGE);
    }
    const given = bearerOf(request);
    if (!expected || !given || !timingSafeEqual(digest(given), expected)) throw new HttpError(401, ADMIN_TOKEN_MISSING_MESSAGE);
  };
}

/**
 * An installation-wide call (spec section 7, features/clear): with `Authorization: Bearer`, the admin
 * token, checked as the admin routes check it (this machine only; 401, 403); otherwise the login of an
 * account holding the role `admin` (model/permissions.ts ADMIN_ROLE; `npm run users -- roles EMAIL
 * admin`): 403 without a login or for any other account.
 */
export function administratorCheck(db: Queryable, token: string | undefined): (request: FastifyRequest) => Promise<void> {
  const checkToken = adminTokenCheck(token);
  return async (request) => {
    if (request.headers.authorization !== undefined) return checkToken(request);
    const { user } = await loggedInAuthor(db, request);
    if (!user.roles.includes(ADMIN_ROLE)) throw forbidden(ADMIN_ROLE_MESSAGE);
  };
}

export const ADMIN_ROLE_MESSAGE = `Only an account holding the role ${ADMIN_ROLE} may do this`;
