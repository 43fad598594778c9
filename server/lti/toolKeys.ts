import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database, Queryable } from '../db/types';

/** How long a retired key is still published (platforms cache our JWKS; a token signed before the rotation still verifies). */
export const RETIRED_KEY_OVERLAP_MS = 7 * 24 * 60 * 60 * 1000;

/** The signing algorithm of every LTI message and client assertion (LTI Security Framework 1.0: RS256). */
export const TOOL_ALG = 'RS256';

/** A key of the tool's JWKS: public RSA parameters with their `kid`, `alg` and `use`. */
export type PublicJwk = JWK & { kid: string; alg: typeof TOOL_ALG; use: 'sig' };

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: PublicJwk;
  created_at: Date;
  retired_at: Date | null;
}

async function newKeyRow(): Promise<{ kid: string; privateJwk: JWK; publicJwk: PublicJwk }> {
  const { privateKey, publicKey } = await generateKeyPair(TOOL_ALG, { modulusLength: 2048, extractable: true });
  const kid = randomBytes(18).toString('base64url');
  const publicJwk: PublicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOOL_ALG, use: 'sig' };
  return { kid, privateJwk: await exportJWK(privateKey), publicJwk };
}

/**
 * Adds a new signing key and retires the current one (still published for RETIRED_KEY_OVERLAP_MS).
 * One transaction; a lock on the table keeps two servers from making two current keys.
 */
export async function rotateToolKey(db: Pick<Database, 'transaction'>): Promise<string> {
  const key = await newKeyRow();
  await db.transaction(async (tx) => {
    await tx.query('LOCK TABLE lti_keys IN EXCLUSIVE MODE');
    await tx.query('UPDATE lti_keys SET retired_at = now() WHERE retired_at IS NULL');
    await tx.query('INSERT INTO lti_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)', [key.kid, JSON.stringify(key.privateJwk), JSON.stringify(key.publicJwk)]);
  });
  return key.kid;
}

/** The current signing key, made on first use (once, even when two servers ask at once). */
export async function currentToolKey(db: Database): Promise<SigningKey> {
  const current = async (q: Queryable) => (await q.query<KeyRow>('SELECT kid, private_jwk FROM lti_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1'))[0];
  let row = await current(db);
  if (!row) {
    const key = await newKeyRow();
    row = await db.transaction(async (tx) => {
      await tx.query('LOCK TABLE lti_keys IN EXCLUSIVE MODE');
      const made = await current(tx);
      if (made) return made;
      await tx.query('INSERT INTO lti_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)', [key.kid, JSON.stringify(key.privateJwk), JSON.stringify(key.publicJwk)]);
      return { kid: key.kid, private_jwk: key.privateJwk } as KeyRow;
    });
  }
  return { kid: row.kid, privateKey: (await importJWK(row.private_jwk, TOOL_ALG)) as CryptoKey };
}

/** The public keys platforms verify the tool's messages with: the current ones and those retired less than the overlap ago. */
export async function publishedToolKeys(db: Queryable, now = new Date()): Promise<PublicJwk[]> {
  const rows = await db.query<Pick<KeyRow, 'public_jwk'>>('SELECT public_jwk FROM lti_keys WHERE retired_at IS NULL OR retired_at > $1 ORDER BY created_at DESC', [
    new Date(now.getTime() - RETIRED_KEY_OVERLAP_MS),
  ]);
  return rows.map((r) => r.public_jwk);
}
