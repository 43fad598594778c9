import { gzipSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { VC_CONTEXT, certificateUrls, issuerProfile, toWholeSecond } from './urls';
import { CERTIFICATE_ALG, type CertificateSigningKey } from './keys';

/*
 * The revocation status list of the installation's certificates (W3C Bitstring Status List v1.0):
 * one list of STATUS_LIST_SIZE entries, each credential's index drawn at random when it is issued;
 * a set bit is a revoked credential. Published as a BitstringStatusListCredential, signed like the
 * credentials (a VC-JWT), at `GET /api/certificates/status/1`.
 */

/** Entries of the list: the standard's minimum (16 KB), for group privacy. */
export const STATUS_LIST_SIZE = 131_072;

/** The `credentialStatus` of a credential at `index` of the list. */
export function statusEntry(origin: string, index: number) {
  const list = certificateUrls(origin).statusList;
  return { id: `${list}#${index}`, type: 'BitstringStatusListEntry', statusPurpose: 'revocation', statusListIndex: String(index), statusListCredential: list };
}

/** The bitstring with the given indexes set (index 0 is the first byte's most significant bit), GZIP-compressed, multibase base64url (`u…`). */
export function encodedList(setIndexes: Iterable<number>): string {
  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const index of setIndexes) bits[index >> 3] |= 0x80 >> (index & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}

/** The status list credential, signed as a compact JWS; `validFrom` is now (the list changes with each revocation). */
export async function signedStatusList(origin: string, issuerName: string, revoked: Iterable<number>, key: CertificateSigningKey, now = new Date()): Promise<string> {
  const urls = certificateUrls(origin);
  const validFrom = toWholeSecond(now.toISOString());
  const credential = {
    '@context': [VC_CONTEXT],
    id: urls.statusList,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerProfile(origin, issuerName),
    validFrom,
    credentialSubject: { id: `${urls.statusList}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList: encodedList(revoked) },
  };
  const { kid: _kid, alg: _alg, use: _use, ...jwk } = key.publicJwk;
  return new SignJWT(credential)
    .setProtectedHeader({ alg: CERTIFICATE_ALG, typ: 'JWT', kid: urls.key(key.kid), jwk })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setSubject(credential.credentialSubject.id)
    .setNotBefore(Math.floor(Date.parse(validFrom) / 1000))
    .sign(key.privateKey);
}
