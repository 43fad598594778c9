import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONTENT_SECURITY_POLICY } from '../http/contentSecurityPolicy';

export interface ServiceWorkerRouteOptions {
  /** The built client (`dist/client`); `vite build` writes the worker to its `sw.js` (src/offline/sw.ts). */
  clientDir: string;
}

/**
 * `GET /sw.js`: the service worker at the root, so its scope (`/`) covers the share pages (/s/…), the
 * client (/app/…) and the calls it keeps (/api/…). Read on every request, like the page template, so a
 * new build is offered at once; `no-cache` makes every browser check it for a new build (they check on
 * navigations and when the page asks). 404 when the client was built without it.
 */
export async function serviceWorkerRoute(app: FastifyInstance, opts: ServiceWorkerRouteOptions): Promise<void> {
  const file = path.join(path.resolve(opts.clientDir), 'sw.js');
  app.get('/sw.js', async (_request, reply) => {
    let script: Buffer;
    try {
      script = await fs.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('No service worker in this build');
      throw error;
    }
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .send(script);
  });
}
