import type { FastifyInstance } from 'fastify';
import { ClientErrorReport } from '../../model/clientError';
import type { ErrorReporter } from '../errorReporting/errorReporter';
import { HttpError, parseBody } from '../http/errors';

export interface ClientErrorRouteOptions {
  /** The configured service; null: reporting is off and the route says so. */
  reporter: ErrorReporter | null;
  now?: () => number;
}

/** Reports one address (a browser, or a school behind one) may send in a minute; more are answered 429 unread. */
export const CLIENT_REPORTS_PER_ADDRESS_PER_MINUTE = 20;
const MINUTE_MS = 60_000;
const MAX_ADDRESSES = 10_000;

/**
 * `POST /api/client-errors`: a learner's browser reports an error (src/errorReporting/reportErrors.ts) and
 * the server passes it on to the error-reporting service, so the browser needs no DSN, no other origin
 * in its CSP, and is not blocked by filters of the service's host. Anyone may call it: each address
 * has its budget (429 beyond it), the browsers together have theirs apart from the server's
 * (server/errorReporting/errorReporter.ts), and the answer, 202, does not tell whether the report was
 * sent or dropped as a repeat. 404 when no service is configured.
 */
export async function clientErrorRoutes(app: FastifyInstance, opts: ClientErrorRouteOptions): Promise<void> {
  const now = opts.now ?? Date.now;
  const recent = new Map<string, { since: number; count: number }>();
  app.post('/client-errors', async (request, reply) => {
    if (!opts.reporter) throw new HttpError(404, 'Error reporting is not configured (ERROR_REPORTING_DSN)');
    const at = now();
    const seen = recent.get(request.ip);
    if (seen && at - seen.since < MINUTE_MS) {
      if (++seen.count > CLIENT_REPORTS_PER_ADDRESS_PER_MINUTE) throw new HttpError(429, 'Too many error reports from this address; try again in a minute');
    } else {
      if (recent.size >= MAX_ADDRESSES) for (const [address, entry] of recent) if (at - entry.since >= MINUTE_MS) recent.delete(address);
      if (recent.size >= MAX_ADDRESSES) recent.clear();
      recent.set(request.ip, { since: at, count: 1 });
    }
    const body = parseBody(ClientErrorReport, request.body);
    opts.reporter.report({
      platform: 'javascript',
      kind: body.kind,
      type: body.type,
      message: body.message,
      stack: body.stack,
      where: body.page,
      userAgent: request.headers['user-agent'],
    });
    return reply.status(202).send({ data: { received: true } });
  });
}
