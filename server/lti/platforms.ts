import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database, Queryable } from '../db/types';
import { PlatformUrl } from './platformUrl';

/** The issuer of a platform: its `iss` claim, a case-sensitive https URL (OIDC), http on loopback for testing. */
export const PlatformIssuer = PlatformUrl;
export const ClientId = z.string().trim().min(1).max(500);
export const DeploymentId = z.string().trim().min(1).max(255);

/** What `add-platform` sends (POST /api/admin/lti/platforms). */
export const PlatformRegistration = z.strictObject({
  issuer: PlatformIssuer,
  clientId: ClientId,
  deploymentIds: z.array(DeploymentId).min(1).max(100),
  authUrl: PlatformUrl,
  tokenUrl: PlatformUrl,
  jwksUrl: PlatformUrl,
  tokenAudience: z.string().trim().min(1).max(2000).optional(),
});
export type PlatformRegistration = z.infer<typeof PlatformRegistration>;

/** A registered platform as stored, with its deployments. */
export interface Platform {
  id: string;
  issuer: string;
  clientId: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  tokenAudience: string | null;
  deploymentIds: string[];
  createdAt: string;
}

interface PlatformRow {
  id: string;
  issuer: string;
  client_id: string;
  auth_url: string;
  token_url: string;
  jwks_url: string;
  token_audience: string | null;
  deployment_ids: string[] | null;
  created_at: Date;
}

const toPlatform = (r: PlatformRow): Platform => ({
  id: r.id,
  issuer: r.issuer,
  clientId: r.client_id,
  authUrl: r.auth_url,
  tokenUrl: r.token_url,
  jwksUrl: r.jwks_url,
  tokenAudience: r.token_audience,
  deploymentIds: [...(r.deployment_ids ?? [])].sort(),
  createdAt: new Date(r.created_at).toISOString(),
});

const SELECT_PLATFORMS = `SELECT p.*, (SELECT array_agg(d.deployment_id) FROM lti_deployments d WHERE d.platform_id = p.id) AS deployment_ids FROM lti_platforms p`;

/**
 * Registers a platform (issuer and client id), or updates the one registered under them: its URLs
 * are replaced and the deployment ids added to those it has. Idempotent; one transaction.
 */
export async function registerPlatform(db: Pick<Database, 'transaction'>, reg: PlatformRegistration): Promise<{ platform: Platform; created: boolean }> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; created: boolean }>(
      `INSERT INTO lti_platforms (id, issuer, client_id, auth_url, token_url, jwks_url, token_audience) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (issuer, client_id) DO UPDATE SET auth_url = EXCLUDED.auth_url, token_url = EXCLUDED.token_url, jwks_url = EXCLUDED.jwks_url, token_audience = EXCLUDED.token_audience
       RETURNING id, (xmax = 0) AS created`,
      [randomBytes(18).toString('base64url'), reg.issuer, reg.clientId, reg.authUrl, reg.tokenUrl, reg.jwksUrl, reg.tokenAudience ?? null],
    );
    const { id, created } = rows[0];
    await tx.query(
      `INSERT INTO lti_deployments (platform_id, deployment_id) SELECT $1, d FROM unnest($2::text[]) AS d ON CONFLICT DO NOTHING`,
      [id, reg.deploymentIds],
    );
    const [row] = await tx.query<PlatformRow>(`${SELECT_PLATFORMS} WHERE p.id = $1`, [id]);
    return { platform: toPlatform(row), created };
  });
}

export async function listPlatforms(db: Queryable): Promise<Platform[]> {
  return (await db.query<PlatformRow>(`${SELECT_PLATFORMS} ORDER BY p.issuer, p.client_id`)).map(toPlatform);
}

/** The platform an issuer names, with the client id when the issuer has several registrations (absent: the only one). */
export async function findPlatform(db: Queryable, issuer: string, clientId: string | undefined): Promise<Platform | 'ambiguous' | null> {
  const rows = await db.query<PlatformRow>(`${SELECT_PLATFORMS} WHERE p.issuer = $1 AND ($2::text IS NULL OR p.client_id = $2)`, [issuer, clientId ?? null]);
  if (rows.length > 1) return 'ambiguous';
  return rows[0] ? toPlatform(rows[0]) : null;
}

export async function findPlatformById(db: Queryable, id: string): Promise<Platform | null> {
  const [row] = await db.query<PlatformRow>(`${SELECT_PLATFORMS} WHERE p.id = $1`, [id]);
  return row ? toPlatform(row) : null;
}

/** Removes a registration with everything of it (deployments, logins under way, its learners' mapping; their accounts stay). */
export async function removePlatform(db: Queryable, issuer: string, clientId: string): Promise<boolean> {
  return (await db.query('DELETE FROM lti_platforms WHERE issuer = $1 AND client_id = $2 RETURNING id', [issuer, clientId])).length > 0;
}
