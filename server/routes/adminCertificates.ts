import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalizeCode } from '../../model/certificates';
import { listCertificates, revokeCertificate, type IssuedCertificate } from '../certificates/store';
import type { Database } from '../db/types';
import { notFound, parseBody } from '../http/errors';

/** A certificate as `npm run certificates -- list` shows it (never its credential). */
export type AdminCertificate = Omit<IssuedCertificate, 'jws'>;

const Code = z.string().transform((text, ctx) => normalizeCode(text) ?? (ctx.addIssue({ code: 'custom', message: 'not a verification code (12 characters like ABCD-EFGH-JKMN)' }), z.NEVER));
export const AdminRevokeBody = z.strictObject({ reason: z.string().trim().min(1, 'give a reason').max(500) });
export const AdminCertificateParams = z.strictObject({ code: Code });
export const AdminCertificateQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(10_000).default(1000) });

const withoutCredential = ({ jws: _jws, ...rest }: IssuedCertificate): AdminCertificate => rest;

/**
 * Issued certificates on the admin routes (under /api/admin, behind its token), which
 * `npm run certificates` uses while a server runs:
 * `GET /certificates?limit=N` → `{ data: AdminCertificate[] }` newest first;
 * `POST /certificates/{code}/revoke` `{ reason }` → `{ data: AdminCertificate }` (404: no such code).
 */
export async function adminCertificateRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  app.get('/certificates', async (request) => {
    const { limit } = parseBody(AdminCertificateQuery, request.query);
    return { data: (await listCertificates(db, limit)).map(withoutCredential) };
  });
  app.post('/certificates/:code/revoke', async (request) => {
    const { code } = parseBody(AdminCertificateParams, request.params);
    const { reason } = parseBody(AdminRevokeBody, request.body);
    const revoked = await revokeCertificate(db, code, reason);
    if (!revoked) throw notFound('No certificate has this code');
    return { data: withoutCredential(revoked) };
  });
}
