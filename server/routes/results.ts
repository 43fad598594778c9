import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Material } from '../../model/material';
import { ResultsQuery, type Results } from '../../model/results';
import { currentUser } from '../auth/sessionCookie';
import type { Database } from '../db/types';
import { forbidden, HttpError, parseBody } from '../http/errors';
import { mayReadResults } from '../results/access';
import { resultsCsv } from '../results/csv';
import { shareResults } from '../results/figures';
import { collectionMaterialIds } from '../store/collections';
import type { Lookups } from '../store/lookups';
import { loadMaterial } from '../store/models';
import { LOG_IN_MESSAGE } from './permissions';

/*
 * A share's results for those who may read them (docs/results.md):
 * `GET /api/shares/{shareId}/results?from=…&to=…` ResultsQuery → `{ data: Results }`;
 * `GET /api/shares/{shareId}/results.csv?from=…&to=…` → the same figures as CSV (free texts left out).
 * No login: 403. A share that does not exist, a preview share, and one the account may not read the
 * results of: the same 404 at `shareId`. A bad query: 400 naming `from` or `to`. Each query runs under
 * the database's deadline; a database that does not answer in time is a 503 with Retry-After.
 */

const Params = z.object({ shareId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

const notFoundAt = (path: string) => new HttpError(404, 'Not found', [{ path, message: 'Not found' }]);

export async function resultsRoutes(app: FastifyInstance, opts: { db: Database; lookups: Lookups }): Promise<void> {
  const { db, lookups } = opts;

  const resultsOf = async (request: FastifyRequest): Promise<Results> => {
    const range = parseBody(ResultsQuery, request.query);
    const user = await currentUser(db, request);
    if (!user) throw forbidden(LOG_IN_MESSAGE);
    const params = Params.safeParse(request.params);
    const share = params.success ? await lookups.share(params.data.shareId) : null;
    if (!share || share.preview || !(await mayReadResults(db, share, user))) throw notFoundAt('shareId');
    // One snapshot: the learners, answers and stops agree with each other.
    return db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const ids = share.rootModelName === 'Material' ? [share.rootId] : await collectionMaterialIds(tx, share.rootId);
      const materials: Material[] = [];
      for (const id of ids) {
        const material = await loadMaterial(tx, id);
        if (material) materials.push(material);
      }
      if (!materials.length) throw notFoundAt('shareId');
      return shareResults(tx, { shareId: share.publicId, collectionShare: share.rootModelName === 'Collection', materials, range });
    });
  };

  app.get('/shares/:shareId/results', async (request, reply) => {
    const results = await resultsOf(request);
    reply.header('cache-control', 'private, no-store');
    return { data: results };
  });

  app.get('/shares/:shareId/results.csv', async (request, reply) => {
    const results = await resultsOf(request);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="results-${results.shareId}-${day}.csv"`)
      .type('text/csv; charset=utf-8; header=present')
      .send(resultsCsv(results));
  });
}
