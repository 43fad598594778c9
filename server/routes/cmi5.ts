import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CMI5_CSS, cmi5LaunchHtml } from '../cmi5/launchPage';
import { cmi5LaunchScript } from '../cmi5/launchScript';
import { RETRY_AFTER_SECONDS } from '../http/errors';
import { packagingProblem, summaryOfShare } from '../scorm/shareSummary';
import { isSharePublicIdShape } from '../store/shares';
import type { Lookups } from '../store/lookups';
import type { Database } from '../db/types';
import { loadMaterial } from '../store/models';

/*
 * The cmi5 AU launch page of a share (docs/lms-and-embedding.md, cmi5): GET /cmi5/SHARE/ with the
 * LMS's launch parameters, its script and its style. The page talks to the LMS's endpoint and fetch
 * URL, so its Content-Security-Policy allows their origins for this one launch (connect-src), and
 * nothing else beyond this server.
 */

export type Cmi5RoutesOptions = {
  db: Database;
  lookups: Lookups;
  /** The sites that may frame the page (FRAME_ANCESTORS); null: any (an LMS frames an AU). */
  frameAncestors: readonly string[] | null;
};

/** The launch parameters the CSP reads; the page's script checks them all (server/cmi5/launcher/launchParameters.ts). */
const LaunchQuery = z.looseObject({
  endpoint: z.string().optional(),
  fetch: z.string().optional(),
  /** The AU of one top-level chapter (export --per-chapter): its public id. */
  chapter: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/).optional(),
});
const ShareParams = z.strictObject({ share: z.string().refine(isSharePublicIdShape, 'not a share id') });

/** The http(s) origin of `text`; null for anything else. */
function httpOrigin(text: string | undefined): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The page's policy: its own script and style, the course frame from this server, and requests to this launch's LMS origins. */
export function cmi5ContentSecurityPolicy(lmsOrigins: readonly string[], frameAncestors: readonly string[] | null): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `connect-src 'self'${[...new Set(lmsOrigins)].map((origin) => ` ${origin}`).join('')}`,
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    ...(frameAncestors ? [`frame-ancestors 'self' ${frameAncestors.join(' ')}`] : []),
  ].join('; ');
}

export async function cmi5Routes(app: FastifyInstance, opts: Cmi5RoutesOptions): Promise<void> {
  const notFound = (title: string) =>
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

  app.get('/cmi5/launch.js', async (_request, reply) => {
    try {
      const script = await cmi5LaunchScript();
      return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script.js);
    } catch (error) {
      app.log.error({ err: error }, 'cmi5 launch script build failed');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store').type('text/plain').send('The launch script is not available right now.');
    }
  });
  app.get('/cmi5/launch.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(CMI5_CSS));

  app.get('/cmi5/:share/', async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const params = ShareParams.safeParse(request.params);
    const share = params.success ? await opts.lookups.share(params.data.share) : null;
    if (!share || packagingProblem(summaryOfShare(share))) {
      reply.header('content-security-policy', cmi5ContentSecurityPolicy([], opts.frameAncestors));
      return reply.status(404).send(notFound('Kein Kurs unter dieser Adresse. / No course at this address.'));
    }
    const query = LaunchQuery.safeParse(request.query);
    const chapterPublicId = query.success ? (query.data.chapter ?? null) : null;
    let title = share.rootTitle;
    if (chapterPublicId) {
      const material = await loadMaterial(opts.db, share.rootId);
      const chapter = material?.content.find((element) => element.modelName === 'Chapter' && element.publicId === chapterPublicId);
      if (!chapter || chapter.modelName !== 'Chapter') {
        reply.header('content-security-policy', cmi5ContentSecurityPolicy([], opts.frameAncestors));
        return reply.status(404).send(notFound('Dieses Kapitel gibt es im Kurs nicht (mehr). / This chapter is not (or no longer) in the course.'));
      }
      title = chapter.title;
    }
    const lmsOrigins = query.success ? [httpOrigin(query.data.endpoint), httpOrigin(query.data.fetch)].filter((o): o is string => o !== null) : [];
    const serverOrigin = `${request.protocol}://${request.host}`;
    reply.header('content-security-policy', cmi5ContentSecurityPolicy(lmsOrigins, opts.frameAncestors)).header('referrer-policy', 'no-referrer');
    const courseUrl = `${serverOrigin}/s/${share.publicId}/${chapterPublicId ? `${chapterPublicId}/` : ''}`;
    return reply.send(cmi5LaunchHtml({ serverOrigin, courseUrl, title, chapterPublicId }));
  });
}
