import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CertificateIssueBody, normalizeCode, type CertificateIssued } from '../../model/certificates';
import { certificateUrls, issuerProfile, OB_CONTEXT, VC_CONTEXT } from '../certificates/urls';
import type { CertificateIssuer } from '../certificates/issuer';
import { certificateSigningKey, publishedCertificateKeys } from '../certificates/keys';
import { issueCertificate, revokedStatusIndexes, verifyCertificate } from '../certificates/store';
import { signedStatusList } from '../certificates/statusList';
import { pageDisplay } from '../pages/displayOnPage';
import { verifyLanguage, verifyPageHtml, VERIFY_PAGE_CSP } from '../certificates/verifyPage';
import type { Database } from '../db/types';
import { HttpError, notFound, parseBody } from '../http/errors';
import { trackedLearner, type Learner } from '../http/learnerAccess';
import type { Lookups } from '../store/lookups';

/** What a code in an address may be before it is looked up (longer is answered unknown without echoing it). */
const TypedCode = z.string().max(40);
const ShareParams = z.strictObject({ shareId: z.string().min(1).max(100) });

const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Verifiable certificates (docs/certificates.md):
 *
 * `POST /api/shares/{shareId}/certificates` CertificateIssueBody → `{ data: CertificateIssued }`: the
 * learner's signed credential for a certificate element they reached (its issue date is stored for
 * them), the same one on every call; a share, certificate or learner that does not fit, or a
 * certificate not reached, is the same 404.
 * `GET /api/verify/{code}` → `{ data: VerifyAnswer }` (200 for valid, revoked and unknown alike), for anyone;
 * `GET /api/verify/{code}/credential` → the credential as a JSON file (404 for an unknown code);
 * `GET /verify/{code}` → the same as a page (German or English);
 * `GET /api/certificates/issuer` → the issuer's Profile; `GET /api/certificates/keys[/{kid}]` → the public keys;
 * `GET /api/certificates/status/1` → the revocation status list (a BitstringStatusListCredential as a VC-JWT).
 */
export async function certificateRoutes(app: FastifyInstance, opts: { db: Database; lookups: Lookups; issuer: CertificateIssuer }): Promise<void> {
  const { db, lookups, issuer } = opts;
  const origin = (request: FastifyRequest) => issuer.origin ?? requestOrigin(request);

  /** The learner of the call, or null: who may not save on this share has no certificate here either. */
  const learnerOf = async (request: FastifyRequest, shareId: string, guestSessionId: string | null): Promise<Learner | null> => {
    const share = await lookups.share(shareId);
    if (!share) return null;
    try {
      return await trackedLearner(db, request, share, guestSessionId, { share: 'shareId', guestSessionId: 'guestSessionId' }, lookups.guestSessionShare);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) return null;
      throw error;
    }
  };

  app.post('/api/shares/:shareId/certificates', async (request, reply) => {
    const { shareId } = parseBody(ShareParams, request.params);
    const body = parseBody(CertificateIssueBody, request.body);
    reply.header('cache-control', 'no-store');
    const share = await lookups.share(shareId);
    const learner = share ? await learnerOf(request, shareId, body.guestSessionId) : null;
    const place = share ? (await lookups.models([body.certificateId])).get(body.certificateId) : undefined;
    const covered = share && place?.modelName === 'Certificate' && (await lookups.coveredRoots(share)).has(place.rootId);
    const issued = share && learner && covered ? await issueCertificate(db, { shareId: share.publicId, certificateId: body.certificateId, learner, issuer, requestOrigin: requestOrigin(request) }) : null;
    if (!issued) throw notFound('No certificate of this learner here');
    const data: CertificateIssued = { code: issued.code, verifyUrl: certificateUrls(issued.facts.issuer.url).verifyPage(issued.code), credential: issued.jws, facts: issued.facts };
    return { data };
  });

  const verify = async (typed: unknown) => {
    const text = TypedCode.safeParse(typed);
    return verifyCertificate(db, text.success ? normalizeCode(text.data) : null);
  };

  app.get('/api/verify/:code', async (request, reply) => {
    const { answer } = await verify((request.params as { code?: unknown }).code);
    // A revocation is seen at once: no cache keeps an earlier answer.
    reply.header('cache-control', 'no-store');
    return { data: answer };
  });

  app.get('/api/verify/:code/credential', async (request, reply) => {
    const { issued } = await verify((request.params as { code?: unknown }).code);
    if (!issued) throw notFound('No certificate has this code');
    // The Open Badges 3.0 API's shape of credentials secured with a JSON Web Token proof.
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="certificate-${issued.code}.json"`)
      .type('application/json; charset=utf-8')
      .send({ compactJwsString: [issued.jws] });
  });

  app.get('/verify/:code', async (request, reply) => {
    const typed = String((request.params as { code?: unknown }).code ?? '');
    const { answer } = await verify(typed);
    const lang = verifyLanguage((request.query as { lang?: unknown } | undefined)?.lang, request.headers['accept-language']);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', VERIFY_PAGE_CSP)
      .header('vary', 'accept-language, cookie')
      .send(verifyPageHtml(answer, typed.slice(0, 40), lang, pageDisplay(request, lang)));
  });

  app.get('/api/certificates/status/1', async (request, reply) => {
    const [key, revoked] = await Promise.all([certificateSigningKey(db), revokedStatusIndexes(db)]);
    // Signed anew on each request: a revocation shows in the list at once.
    const jws = await signedStatusList(origin(request), issuer.name, revoked, key);
    return reply.header('cache-control', 'no-cache').type('application/vc+jwt').send(jws);
  });

  app.get('/api/certificates/issuer', async (request) => ({
    '@context': [VC_CONTEXT, OB_CONTEXT],
    ...issuerProfile(origin(request), issuer.name),
  }));
  // A key is published under the id the credentials' headers name it by: the URL that answers it.
  const publishedKeys = async (request: FastifyRequest) =>
    (await publishedCertificateKeys(db)).map((key) => ({ ...key, kid: certificateUrls(origin(request)).key(key.kid), storedKid: key.kid }));
  app.get('/api/certificates/keys', async (request) => ({ keys: (await publishedKeys(request)).map(({ storedKid: _stored, ...key }) => key) }));
  app.get('/api/certificates/keys/:kid', async (request) => {
    const kid = (request.params as { kid?: unknown }).kid;
    const found = (await publishedKeys(request)).find((k) => k.storedKid === kid);
    if (!found) throw notFound('No key has this id');
    const { storedKid: _stored, ...key } = found;
    return key;
  });
}
