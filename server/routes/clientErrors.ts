import type { FastifyInstance } from 'fastify';
import { ClientErrorReport } from '../../src/model/clientError';
import type { ErrorReporter } from '../errorReporting/errorReporter';
import { HttpError, parseBody } from '../http/errors';

export interface ClientErrorRouteOptions {
  /** The configured service; null: reporting is off and the route says so. */
  reporter: ErrorReporter | null;
}

/**
 * `POST /api/client-errors`: a learner's browser reports an error (src/errorReporting/reportErrors.ts) and
 * the server passes it on to the error-reporting service, so the browser needs no DSN, no other origin
 * in its CSP, and is not blocked by filters of the service's host. 202 when passed on, 429 when the
 * reporter drops it (a repeat, or over the rate), 404 when no service is configured.
 */
export async function clientErrorRoutes(app: FastifyInstance, opts: ClientErrorRouteOptions): Promise<void> {
  app.post('/client-errors', async (request, reply) => {
    if (!opts.reporter) throw new HttpError(404, 'Error reporting is not configured (ERROR_REPORTING_DSN)');
    const body = parseBody(ClientErrorReport, request.body);
    const outcome = opts.reporter.report({
      platform: 'javascript',
      kind: body.kind,
      type: body.type,
      message: body.message,
      stack: body.stack,
      where: pageWithoutShare(body.page),
      userAgent: request.headers['user-agent'],
    });
    return reply.status(outcome === 'sending' ? 202 : 429).send({ data: { outcome } });
  });
}

/**
 * A page's path as reported: the share's id (which grants access to it) replaced by `:share`, and
 * no query or fragment. `/s/AbC123/kapitel-1/` → `/s/:share/kapitel-1/`.
 */
export function pageWithoutShare(page: string): string {
  return page.replace(/[?#].*$/s, '').replace(/^\/s\/[^/]+/, '/s/:share');
}
