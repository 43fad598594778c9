import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/types';
import { parseBody } from '../http/errors';
import { outboxStatus, resendSince, type OutboxStatus } from '../xapi/outbox';

/** Body of `POST /xapi/resend`: every statement of an event at or after `since` goes again. */
export const AdminXapiResendBody = z.strictObject({ since: z.iso.datetime({ offset: true }).or(z.iso.date()) });

/**
 * The learning records' outbox on the admin routes (registered by ./admin.ts under /api/admin,
 * behind its token check), which `npm run xapi` uses while a server runs:
 *
 * `GET /xapi/status` → `{ data: OutboxStatus }`: statements waiting, the oldest of them, sent, parked
 * (the latest 50 with the LRS's reason). `POST /xapi/resend` `{ since }` → `{ data: { queued } }`.
 */
export async function adminXapiRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  app.get('/xapi/status', async (): Promise<{ data: OutboxStatus }> => ({ data: await outboxStatus(db) }));
  app.post('/xapi/resend', async (request): Promise<{ data: { queued: number } }> => {
    const { since } = parseBody(AdminXapiResendBody, request.body);
    return { data: { queued: await resendSince(db, new Date(since)) } };
  });
}
