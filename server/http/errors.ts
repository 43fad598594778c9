import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatPath } from '../../model/material';
import { unavailableReason } from '../db/unavailable';
import { unstorableJson } from './storableJson';
import { UnavailableLog } from './unavailableLog';
import { langFromQuery } from '../pages/pageData';
import { pageDisplay, returnPath } from '../pages/displayOnPage';
import { unavailablePageHtml } from '../pages/unavailablePage';

/** One problem of a request: the path of the offending field (`a.b[0]`, '' for the whole body) and what is wrong. */
export const ApiErrorItem = z.object({ path: z.string(), message: z.string() });
export type ApiErrorItem = z.infer<typeof ApiErrorItem>;

/** Every API error answer: `{ errors: [...] }` with the HTTP status. */
export const ApiErrorBody = z.object({ errors: z.array(ApiErrorItem).min(1) });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: ApiErrorItem[] = [{ path: '', message }],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);

/**
 * Parses a request body (with a classic or a zod/mini schema); a bad body is a 400 listing every issue
 * with its path. Before the schema: a body too deep or with text the database cannot store as sent is
 * a 400 naming where (./storableJson.ts), and never reaches the schema's recursion.
 */
export function parseBody<S extends z.core.$ZodType>(schema: S, body: unknown, options: { maxDepth?: number } = {}): z.output<S> {
  const unstorable = unstorableJson(body, options.maxDepth);
  if (unstorable) throw new HttpError(400, 'Invalid request body', [unstorable]);
  const result = z.safeParse(schema, body);
  if (result.success) return result.data;
  throw new HttpError(
    400,
    'Invalid request body',
    result.error.issues.flatMap((issue) =>
      // An unknown field is named by its own path, not its parent's.
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ path: formatPath([...issue.path, key]), message: 'Unknown field' }))
        : [{ path: formatPath(issue.path), message: issue.message }],
    ),
  );
}

/** Seconds a client is asked to wait when the database cannot serve (short: learners' work should land soon after it is back). */
export const RETRY_AFTER_SECONDS = 5;

/** What a request hears when the database cannot serve. */
export const UNAVAILABLE_MESSAGE = 'The service is unavailable for a moment (its database does not answer). Please try again shortly.';

/** Calls answered with JSON, errors included: the API and the login session calls. */
function isJsonPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/auth/');
}

/**
 * JSON errors under /api and /auth, plain text elsewhere; unexpected errors are logged (error) and
 * not detailed, refused requests are logged as warnings (requests that succeed only at debug).
 * A database that cannot serve (server/db/unavailable.ts) is a 503 with Retry-After on every route,
 * logged once per kind and interval with a count (./unavailableLog.ts), not as a stack per request.
 * `onServerError` hears of each unexpected error with the route it failed in (`GET /api/material/:share/:id`).
 */
export function installErrorHandlers(app: FastifyInstance, onServerError?: (error: unknown, route: string) => void): void {
  const unavailable = new UnavailableLog({ write: (line, details) => app.log.error(details, line) });
  app.addHook('onClose', async () => unavailable.flush());
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const reason = unavailableReason(error);
    if (reason) {
      // The installation's fault, for a moment: the client waits Retry-After and sends again (never a 500, never acknowledged).
      unavailable.record(reason, `${request.method} ${request.routeOptions.url ?? '(no route)'}: ${error.message}`);
      reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
      if (isJsonPath(request.url)) return reply.status(503).send({ errors: [{ path: '', message: UNAVAILABLE_MESSAGE }] } satisfies ApiErrorBody);
      if (request.method === 'GET' && /text\/html/.test(request.headers.accept ?? '')) {
        const lang = langFromQuery((request.query as { lang?: unknown } | undefined)?.lang);
        return reply.status(503).type('text/html; charset=utf-8').header('vary', 'Cookie').send(unavailablePageHtml(lang, returnPath(request.url), pageDisplay(request, lang)));
      }
      return reply.status(503).type('text/plain; charset=utf-8').send(UNAVAILABLE_MESSAGE);
    }
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    const isServerError = status >= 500;
    const message = isServerError ? 'Internal server error' : error.message;
    const errors = error instanceof HttpError && !isServerError ? error.errors : [{ path: '', message }];
    // The server's fault is an error; a refused request (bad input, no access, unknown share) a warning.
    if (isServerError) {
      request.log.error({ err: error }, 'request failed');
      try {
        onServerError?.(error, `${request.method} ${request.routeOptions.url ?? '(no route)'}`);
      } catch (reportError) {
        request.log.warn({ err: reportError }, 'error report failed');
      }
    }
    else request.log.warn({ method: request.method, url: request.url, statusCode: status, errors: errors.slice(0, 5) }, 'request refused');
    if (isJsonPath(request.url)) {
      return reply.status(status).send({ errors } satisfies ApiErrorBody);
    }
    // Plain text names each field as the JSON does: `path: message`, one a line.
    const fields = errors.filter((item) => item.path).map((item) => `${item.path}: ${item.message}`);
    return reply.status(status).type('text/plain; charset=utf-8').send([message, ...fields].join('\n'));
  });
  app.setNotFoundHandler((request, reply) => {
    if (isJsonPath(request.url)) {
      return reply.status(404).send({ errors: [{ path: '', message: 'Not found' }] } satisfies ApiErrorBody);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
