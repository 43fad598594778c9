import type { FastifyInstance } from 'fastify';
import type { GuestSession } from '../../model/pageData';
import { ForgetGuestBody, GuestBody, ShareGuestSessionBody } from '../../model/tracking';
import type { Database } from '../db/types';
import { forbidden, notFound, parseBody } from '../http/errors';
import { forgetGuestSession, rememberGuestSession } from '../http/guestCookie';
import { createGuestSession, renameGuestSession, toGuestSession } from '../store/guestSessions';
import type { Lookups } from '../store/lookups';

/**
 * Guest sessions (registered under /api):
 * `POST /api/guest` GuestBody → `{ data: GuestSession }` on a share that saves guest sessions or a
 * scorm share (403 on others and on preview shares, 404 for an unknown share);
 * the browser remembers it for the share's pages (server/http/guestCookie.ts);
 * `POST /api/guest/forget` ForgetGuestBody → `{ data: null }`: the browser forgets its guest session of the share;
 * `POST /api/share/guest-session` ShareGuestSessionBody → `{ data: null }` (404 for an unknown session).
 */
export async function guestRoutes(app: FastifyInstance, opts: { db: Database; lookups: Lookups }): Promise<void> {
  const { db, lookups } = opts;

  app.post('/guest', async (request, reply) => {
    const body = parseBody(GuestBody, request.body);
    const share = await lookups.share(body.publicId);
    if (!share) throw notFound('Share not found');
    if (share.preview || !(share.settings.saveGuestSessions || share.settings.scorm)) throw forbidden('This share does not save guest sessions');
    const session = await createGuestSession(db, share.publicId, body.name);
    rememberGuestSession(request, reply.header('cache-control', 'no-store'), share.publicId, session.publicId);
    return { data: toGuestSession(session) satisfies GuestSession };
  });

  app.post('/guest/forget', async (request, reply) => {
    const body = parseBody(ForgetGuestBody, request.body);
    forgetGuestSession(request, reply.header('cache-control', 'no-store'), body.publicId);
    return { data: null };
  });

  app.post('/share/guest-session', async (request) => {
    const body = parseBody(ShareGuestSessionBody, request.body);
    if (!(await renameGuestSession(db, body.publicId, body.name))) throw notFound('Guest session not found');
    return { data: null };
  });
}
