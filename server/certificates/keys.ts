import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database, Queryable } from '../db/types';

/**
 * The algorithm credentials are signed with: RS256, the one Open Badges 3.0 requires every
 * verifier of its JSON Web Token proof format to support (section 8.2.3).
 */
export const CERTIFICATE_ALG = 'RS256';

/** A public key as published: RSA parameters with `kid`, `alg` and `use` (never `d`). */
export type CertificatePublicJwk = JWK & { kid: string; alg: typeof CERTIFICATE_ALG; use: 'sig' };

export interface CertificateSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: CertificatePublicJwk;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: CertificatePublicJwk;
}

const newestKey = async (q: Queryable) =>
  (await q.query<KeyRow>('SELECT kid, private_jwk, public_jwk FROM certificate_keys ORDER BY created_at DESC, kid LIMIT 1'))[0] as KeyRow | undefined;

/** The installation's signing key, made on first use (once, even when two servers ask at once). */
export async function certificateSigningKey(db: Database): Promise<CertificateSigningKey> {
  let row = await newestKey(db);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(CERTIFICATE_ALG, { modulusLength: 2048, extractable: true });
    const kid = randomBytes(18).toString('base64url');
    const made: KeyRow = { kid, private_jwk: await exportJWK(privateKey), public_jwk: { ...(await exportJWK(publicKey)), kid, alg: CERTIFICATE_ALG, use: 'sig' } };
    row = await db.transaction(async (tx) => {
      await tx.query('LOCK TABLE certificate_keys IN EXCLUSIVE MODE');
      const other = await newestKey(tx);
      if (other) return other;
      await tx.query('INSERT INTO certificate_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)', [made.kid, JSON.stringify(made.private_jwk), JSON.stringify(made.public_jwk)]);
      return made;
    });
  }
  return { kid: row.kid, privateKey: (await importJWK(row.private_jwk, CERTIFICATE_ALG)) as CryptoKey, publicJwk: row.public_jwk };
}

/** Every public key credentials were signed with, newest first (a credential names its key by `kid`). */
export async function publishedCertificateKeys(db: Queryable): Promise<CertificatePublicJwk[]> {
  const rows = await db.query<Pick<KeyRow, 'public_jwk'>>('SELECT public_jwk FROM certificate_keys ORDER BY created_at DESC, kid');
  return rows.map((r) => r.public_jwk);
}
