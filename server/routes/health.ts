import type { FastifyInstance } from 'fastify';
import type { ReadinessCheck } from '../health/readiness';
import { RETRY_AFTER_SECONDS, type ApiErrorBody } from '../http/errors';

/**
 * Liveness and readiness (registered under /api), never cached:
 * `GET /api/health` → `{ ok: true }` while the process answers (what a supervisor may watch);
 * `GET /api/ready` → `{ data: { ready: true } }`, or 503 with Retry-After and
 *   `{ errors: [{ path: CHECK, message }] }` naming each failed check (draining, database,
 *   migrations, disk: server/health/readiness.ts); what a load balancer watches.
 */
export async function healthRoutes(app: FastifyInstance, opts: { readiness: ReadinessCheck }): Promise<void> {
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/ready', async (_request, reply) => {
    const readiness = await opts.readiness.check();
    reply.header('cache-control', 'no-store');
    if (readiness.ready) return { data: { ready: true } };
    reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return { errors: readiness.failed.map(({ check, message }) => ({ path: check, message })) } satisfies ApiErrorBody;
  });
}
