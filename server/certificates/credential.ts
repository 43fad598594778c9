import { SignJWT } from 'jose';
import type { CertifiedFacts } from '../../model/certificates';
import { CERTIFICATE_ALG, type CertificateSigningKey } from './keys';
import { statusEntry } from './statusList';
import { certificateUrls, issuerProfile, OB_CONTEXT, VC_CONTEXT } from './urls';

/*
 * The credential of a certificate: an Open Badges 3.0 OpenBadgeCredential (a W3C Verifiable
 * Credential, data model 2.0), secured with the JSON Web Token proof format of Open Badges 3.0
 * section 8.2 (a VC-JWT): the JWT payload is the credential with the claims iss (issuer.id),
 * jti (id), nbf (validFrom) and sub (credentialSubject.id); the JOSE header names the key by a
 * URL that answers its JWK (kid) and carries the public JWK itself (jwk). docs/decisions.md says why.
 */

export interface CredentialInput {
  code: string;
  origin: string;
  shareId: string;
  certificateId: string;
  /** A `urn:uuid:` of this credential's subject (the learner is known to it by name alone). */
  subjectId: string;
  /** Its entry in the revocation status list (./statusList.ts). */
  statusIndex: number;
  facts: CertifiedFacts;
}

/** The OpenBadgeCredential, unsigned; `validFrom` is `facts.issuedOn` to the second (as `nbf` carries it). */
export function openBadgeCredential(input: CredentialInput) {
  const { facts, origin } = input;
  const urls = certificateUrls(origin);
  const material = facts.materialTitle || facts.certificateTitle;
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: urls.verifyPage(input.code),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: issuerProfile(origin, facts.issuer.name),
    validFrom: facts.issuedOn,
    name: facts.certificateTitle || material,
    ...(facts.validity ? { description: facts.validity } : {}),
    credentialStatus: statusEntry(origin, input.statusIndex),
    credentialSubject: {
      id: input.subjectId,
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.learnerName }],
      achievement: {
        id: urls.achievement(input.shareId, input.certificateId),
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: material,
        description: facts.certificateTitle || material,
        criteria: { narrative: `Reached the certificate "${facts.certificateTitle}" of the material "${material}".` },
      },
    },
  };
}


/** The credential signed as a compact JWS (Open Badges 3.0 section 8.2). */
export async function signCredential(credential: ReturnType<typeof openBadgeCredential>, key: CertificateSigningKey, origin: string): Promise<string> {
  const { kid: _kid, alg: _alg, use: _use, ...jwk } = key.publicJwk;
  return new SignJWT(credential)
    .setProtectedHeader({ alg: CERTIFICATE_ALG, typ: 'JWT', kid: certificateUrls(origin).key(key.kid), jwk })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setSubject(credential.credentialSubject.id)
    .setNotBefore(Math.floor(Date.parse(credential.validFrom) / 1000))
    .sign(key.privateKey);
}
