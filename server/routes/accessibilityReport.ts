import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { A11yReportQuery, reportAnswer, type A11yReportAnswer } from '../../model/accessibility/answer';
import { ADMIN_ROLE } from '../../model/permissions';
import { shareAccessibilityReport } from '../accessibility/shareReport';
import { currentUser } from '../auth/sessionCookie';
import type { Database } from '../db/types';
import { notFound, parseBody } from '../http/errors';

const ShareParams = z.strictObject({ shareId: z.string().max(64) });

export const NO_SUCH_SHARE_MESSAGE = 'No such share';

async function answer(db: Database, params: unknown, query: unknown): Promise<{ data: A11yReportAnswer }> {
  const { shareId } = parseBody(ShareParams, params);
  const { lang } = parseBody(A11yReportQuery, query);
  const report = await shareAccessibilityReport(db, shareId);
  if (!report) throw notFound(NO_SUCH_SHARE_MESSAGE);
  return { data: reportAnswer(report, lang) };
}

/**
 * `GET /shares/:shareId/accessibility-report?lang=de|en` on the admin routes (server/routes/admin.ts,
 * behind its token check), which `npm run a11y-report` calls while a server runs → `{ data:
 * A11yReportAnswer }`; 404 for an unknown share.
 */
export async function adminAccessibilityRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.get('/shares/:shareId/accessibility-report', async (request) => answer(opts.db, request.params, request.query));
}

/**
 * The same report for a logged-in account holding the role admin, under /api: `GET
 * /api/shares/:shareId/accessibility-report?lang=de|en`. Anyone else (no login, another account) gets
 * the answer of an unknown share, 404, checked before the share is looked up: the route tells no one
 * else which shares exist.
 */
export async function accessibilityReportRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.get('/shares/:shareId/accessibility-report', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await currentUser(opts.db, request);
    if (!user?.roles.includes(ADMIN_ROLE)) throw notFound(NO_SUCH_SHARE_MESSAGE);
    return answer(opts.db, request.params, request.query);
  });
}
