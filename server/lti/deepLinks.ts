import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Database, Queryable } from '../db/types';
import { CLAIM, LTI_VERSION } from './claims';
import type { Platform } from './platforms';
import { currentToolKey, TOOL_ALG } from './toolKeys';

/** How long an instructor may take to pick. */
export const DEEP_LINK_TTL_MS = 60 * 60_000;
/** The response JWT's lifetime: the platform reads it at once. */
const RESPONSE_TTL_S = 5 * 60;

export interface PendingDeepLink {
  platformId: string;
  deploymentId: string;
  returnUrl: string;
  data: string | null;
  acceptMultiple: boolean;
}

/** A share an instructor may pick. */
export interface PickableShare {
  publicId: string;
  kind: string;
  rootModelName: 'Material' | 'Collection';
  rootId: string;
  title: string;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

export async function beginDeepLink(db: Queryable, link: PendingDeepLink): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.query('DELETE FROM lti_deep_links WHERE expires_at < now()');
  await db.query(
    `INSERT INTO lti_deep_links (id_hash, platform_id, deployment_id, return_url, data, accept_multiple, expires_at) VALUES ($1, $2, $3, $4, $5, $6, now() + $7 * interval '1 millisecond')`,
    [hashOf(id), link.platformId, link.deploymentId, link.returnUrl, link.data, link.acceptMultiple, DEEP_LINK_TTL_MS],
  );
  return id;
}

/** Takes a deep linking request (once), or null when unknown, used or expired. */
export async function takeDeepLink(db: Queryable, id: string): Promise<PendingDeepLink | null> {
  const [row] = await db.query<{ platform_id: string; deployment_id: string; return_url: string; data: string | null; accept_multiple: boolean }>(
    'DELETE FROM lti_deep_links WHERE id_hash = $1 AND expires_at >= now() RETURNING platform_id, deployment_id, return_url, data, accept_multiple',
    [hashOf(id)],
  );
  return row ? { platformId: row.platform_id, deploymentId: row.deployment_id, returnUrl: row.return_url, data: row.data, acceptMultiple: row.accept_multiple } : null;
}

/**
 * The shares an instructor of a registered platform may pick: every share that saves learners' work
 * (private, guest, scorm) and the listed public ones; never previews. Titles containing `search`
 * (case-insensitive), at most 200, by title.
 */
export async function pickableShares(db: Queryable, search: string): Promise<PickableShare[]> {
  const rows = await db.query<{ public_id: string; kind: string; root_model_name: 'Material' | 'Collection'; root_id: string; title: string | null }>(
    `SELECT s.public_id, s.kind, s.root_model_name, s.root_id, m.fields->>'title' AS title
     FROM shares s JOIN models m ON m.id = s.root_id
     WHERE NOT s.preview AND (s.kind IN ('private', 'guest', 'scorm') OR s.listed)
       AND ($1 = '' OR strpos(lower(m.fields->>'title'), lower($1)) > 0)
     ORDER BY lower(m.fields->>'title'), s.kind, s.public_id LIMIT 200`,
    [search],
  );
  return rows.map((r) => ({ publicId: r.public_id, kind: r.kind, rootModelName: r.root_model_name, rootId: r.root_id, title: r.title ?? '' }));
}

export interface ChosenItem {
  url: string;
  title: string;
  /** A line item for the gradebook (scoreMaximum 100) when the share's material has questions. */
  gradable: boolean;
}

/**
 * The LtiDeepLinkingResponse (Deep Linking 2.0, section 4.2) signed by the tool's current key:
 * `iss` the client id, `aud` the platform's issuer, a fresh `nonce`, the deployment, `data` echoed,
 * one ltiResourceLink per chosen item.
 */
export async function deepLinkingResponse(db: Database, platform: Platform, link: PendingDeepLink, items: readonly ChosenItem[]): Promise<string> {
  const key = await currentToolKey(db);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    nonce: randomBytes(16).toString('base64url'),
    [CLAIM.messageType]: 'LtiDeepLinkingResponse',
    [CLAIM.version]: LTI_VERSION,
    [CLAIM.deploymentId]: link.deploymentId,
    ...(link.data === null ? {} : { 'https://purl.imsglobal.org/spec/lti-dl/claim/data': link.data }),
    'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': items.map((item) => ({
      type: 'ltiResourceLink',
      title: item.title,
      url: item.url,
      ...(item.gradable ? { lineItem: { scoreMaximum: 100, label: item.title } } : {}),
    })),
  })
    .setProtectedHeader({ alg: TOOL_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setAudience(platform.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + RESPONSE_TTL_S)
    .sign(key.privateKey);
}

/** The deep linking request of an id without taking it (the picker's page), or null. */
export async function findDeepLink(db: Queryable, id: string): Promise<PendingDeepLink | null> {
  const [row] = await db.query<{ platform_id: string; deployment_id: string; return_url: string; data: string | null; accept_multiple: boolean }>(
    'SELECT platform_id, deployment_id, return_url, data, accept_multiple FROM lti_deep_links WHERE id_hash = $1 AND expires_at >= now()',
    [hashOf(id)],
  );
  return row ? { platformId: row.platform_id, deploymentId: row.deployment_id, returnUrl: row.return_url, data: row.data, acceptMultiple: row.accept_multiple } : null;
}
