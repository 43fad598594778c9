import os from 'node:os';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AssetCache } from '../assets/assetCache';
import { renditionKey } from '../assets/assetKey';
import { findAssetSource, isSafeRelativePath } from '../assets/assetPath';
import { concurrencyLimit } from '../assets/concurrencyLimit';
import { ASSET_PRESETS, CONTENT_TYPES, presetSpec } from '../assets/presets';
import { renderAsset, UndecodableAssetError } from '../assets/renderAsset';
import { rendererId } from '../assets/sharpLoader';

export interface AssetRoutesOptions {
  /** Directories searched in order for the requested file; the first that holds it wins. */
  assetDirs: string[];
  /** Where renditions are cached on disk (created on demand). */
  cacheDir: string;
}

const CACHE_CONTROL = 'public, max-age=86400';

const AssetParams = z.object({
  preset: z.enum(ASSET_PRESETS, {
    error: (issue) => `Unknown preset "${String(issue.input)}"; known presets: ${ASSET_PRESETS.join(', ')}`,
  }),
  '*': z.string().refine(isSafeRelativePath, 'Invalid asset path'),
});

const focusCoordinate = (name: string) =>
  z
    .string({ error: `${name} must be a single number` })
    .min(1, `${name} must be a number between 0 and 1`)
    .pipe(z.coerce.number<string>({ error: `${name} must be a number between 0 and 1` })
      .min(0, `${name} must be between 0 and 1`)
      .max(1, `${name} must be between 0 and 1`))
    .default(0.5);

const AssetQuery = z.object({ fx: focusCoordinate('fx'), fy: focusCoordinate('fy') });

/**
 * `GET {prefix}/:preset/*`: the image file `*` (relative to one of `assetDirs`) rendered in a
 * preset of `ASSET_PRESETS`, with optional focus `fx`, `fy` in [0,1] for crops. Answers the image
 * with an ETag (304 on If-None-Match), 400 on bad parameters, 404 JSON when the file is missing,
 * 415 when it is not a decodable image.
 */
export async function assetRoutes(app: FastifyInstance, opts: AssetRoutesOptions): Promise<void> {
  const cache = new AssetCache(opts.cacheDir, (error) => app.log.warn({ err: error }, 'asset cache write failed'));
  const limit = concurrencyLimit(Math.max(1, os.availableParallelism()));

  app.get('/:preset/*', async (request, reply) => {
    const params = AssetParams.safeParse(request.params);
    if (!params.success) return sendIssues(reply, 'params', params.error);
    const query = AssetQuery.safeParse(request.query);
    if (!query.success) return sendIssues(reply, 'query', query.error);

    const { preset, '*': file } = params.data;
    const source = await findAssetSource(opts.assetDirs, file);
    if (source === undefined) return reply.code(404).send({ errors: [{ message: 'Asset not found' }] });

    const spec = presetSpec(preset);
    const focus = { x: query.data.fx, y: query.data.fy };
    const key = renditionKey(source, preset, focus, await rendererId());
    const etag = `"${key.slice(0, 40)}"`;
    reply.header('Cache-Control', CACHE_CONTROL).header('ETag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

    try {
      const { data, hit } = await cache.getOrCreate(key, spec.format, () =>
        limit(async () => (await renderAsset(await readFile(source.file), spec, focus)).data),
      );
      return reply
        .header('Content-Type', CONTENT_TYPES[spec.format])
        .header('X-Content-Type-Options', 'nosniff')
        .header('X-Asset-Cache', hit ? 'hit' : 'miss')
        .send(data);
    } catch (error) {
      if (!(error instanceof UndecodableAssetError)) throw error;
      request.log.warn({ file: source.file, err: error }, 'asset could not be decoded');
      reply.removeHeader('ETag').removeHeader('Cache-Control');
      return reply.code(415).send({ errors: [{ message: 'Asset is not a readable image' }] });
    }
  });
}

function sendIssues(reply: FastifyReply, where: 'params' | 'query', error: z.ZodError) {
  const errors = error.issues.map((issue) => ({ message: issue.message, path: [where, ...issue.path.map(String)].join('.') }));
  return reply.code(400).send({ errors });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}
