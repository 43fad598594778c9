/* The addresses and names every signed document of the certificates shares (./credential.ts, ./statusList.ts). */

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

/** Where the installation's parts live, below its public origin. */
export const certificateUrls = (origin: string) => ({
  issuer: `${origin}/api/certificates/issuer`,
  key: (kid: string) => `${origin}/api/certificates/keys/${kid}`,
  verifyPage: (code: string) => `${origin}/verify/${code}`,
  statusList: `${origin}/api/certificates/status/1`,
  achievement: (shareId: string, certificateId: string) => `${origin}/s/${encodeURIComponent(shareId)}/#${encodeURIComponent(certificateId)}`,
});

/** The issuer's Profile, as the credential names it and `GET /api/certificates/issuer` answers it. */
export function issuerProfile(origin: string, name: string) {
  return { id: certificateUrls(origin).issuer, type: ['Profile'], name, url: origin };
}

/** An ISO date-time to the second, as a JWT NumericDate can carry it (`2026-11-29T04:30:12Z`). */
export const toWholeSecond = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}Z`;
