import type { FastifyInstance } from 'fastify';
import type { GuestSession } from '../../src/model/pageData';
import { GuestBody, ShareGuestSessionBody } from '../../src/model/tracking';
import type { Database } from '../db/types';
import { forbidden, notFound, parseBody } from '../http/errors';
import { createGuestSession, renameGuestSession, toGuestSession } from '../store/guestSessions';
import type { Lookups } from '../store/lookups';

/**
 * Guest sessions (registered under /api):
 * `POST /api/guest` GuestBody → `{ data: GuestSession }` on a share that saves guest sessions or a
 * scorm share (403 on others and on preview shares, 404 for an unknown share);
 * `POST /api/share/guest-session` ShareGuestSessionBody → `{ data: null }` (404 for an unknown session).
 */
export async function guestRoutes(app: FastifyInstance, opts: { db: Database; lookups: Lookups }): Promise<void> {
  const { db, lookups } = opts;

  app.post('/guest', async (request) => {
    const body = parseBody(GuestBody, request.body);
    const share = await lookups.share(body.publicId);
    if (!share) throw notFound('Share not found');
    if (share.preview || !(share.settings.saveGuestSessions || share.settings.scorm)) throw forbidden('This share does not save guest sessions');
    const session = await createGuestSession(db, share.publicId, body.name);
    return { data: toGuestSession(session) satisfies GuestSession };
  });

  app.post('/share/guest-session', async (request) => {
    const body = parseBody(ShareGuestSessionBody, request.body);
    if (!(await renameGuestSession(db, body.publicId, body.name))) throw notFound('Guest session not found');
    return { data: null };
  });
}
