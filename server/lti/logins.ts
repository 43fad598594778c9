import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

/** How long a login may take from the tool's redirect to the platform's launch. */
export const LOGIN_TTL_MS = 10 * 60_000;

export interface PendingLogin {
  platformId: string;
  nonce: string;
  targetLinkUri: string;
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** The browser cookie that binds a state to the browser that began the login: one per login, so parallel launches (several frames) keep apart. */
export const stateCookieName = (state: string) => `lernwerk_lti_${hashOf(state).slice(0, 16)}`;

/** Begins a login: a fresh state and nonce (256 bits each), stored as the state's hash until LOGIN_TTL_MS; expired logins go. */
export async function beginLogin(db: Queryable, platformId: string, targetLinkUri: string): Promise<{ state: string; nonce: string }> {
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(32).toString('base64url');
  await db.query('DELETE FROM lti_logins WHERE expires_at < now()');
  await db.query(`INSERT INTO lti_logins (state_hash, platform_id, nonce, target_link_uri, expires_at) VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`, [
    hashOf(state),
    platformId,
    nonce,
    targetLinkUri,
    LOGIN_TTL_MS,
  ]);
  return { state, nonce };
}

/** Takes the login of a state (once: a second call answers null), or null when there is none or it expired. */
export async function takeLogin(db: Queryable, state: string): Promise<PendingLogin | null> {
  const [row] = await db.query<{ platform_id: string; nonce: string; target_link_uri: string }>(
    'DELETE FROM lti_logins WHERE state_hash = $1 AND expires_at >= now() RETURNING platform_id, nonce, target_link_uri',
    [hashOf(state)],
  );
  return row ? { platformId: row.platform_id, nonce: row.nonce, targetLinkUri: row.target_link_uri } : null;
}

/** The login of a state as it stands, without taking it (the storage launch page checks it before the launch takes it). */
export async function peekLogin(db: Queryable, state: string): Promise<PendingLogin | null> {
  const [row] = await db.query<{ platform_id: string; nonce: string; target_link_uri: string }>(
    'SELECT platform_id, nonce, target_link_uri FROM lti_logins WHERE state_hash = $1 AND expires_at >= now()',
    [hashOf(state)],
  );
  return row ? { platformId: row.platform_id, nonce: row.nonce, targetLinkUri: row.target_link_uri } : null;
}
