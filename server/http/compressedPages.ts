import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { ByteBudgetCache } from '../byteBudgetCache';

/** How dynamic answers are compressed (here and by @fastify/compress in server/app.ts): brotli 4 is about gzip's speed, and smaller. */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

/**
 * Pages at least this long (a long course's root page, its elements drawn by the server) are compressed
 * here, once per distinct body, instead of by @fastify/compress on every view (docs/decisions.md).
 */
export const LARGE_PAGE_CHARS = 256 * 1024;

const compressors = {
  br: (input: Buffer) => promisify(brotliCompress)(input, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: input.length } }),
  gzip: (input: Buffer) => promisify(gzip)(input, { level: GZIP_LEVEL }),
};

/**
 * Compressed bodies of large pages, kept by the sha1 of their text and the encoding: every view of a
 * public course's page by a visitor without a session is the same page, so it is compressed once. A page
 * with a guest's or a user's data in it is its own body (compressed on its first view, like before).
 * Compression runs on libuv's threads; the least recently used bodies go first beyond `maxBytes`.
 */
export class CompressedPages {
  private readonly bodies: ByteBudgetCache<string, Promise<Buffer>>;
  /** How many bodies were compressed (for tests and the curious). */
  compressions = 0;

  constructor(maxBytes = 32 * 1024 * 1024) {
    this.bodies = new ByteBudgetCache(maxBytes);
  }

  body(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const key = `${encoding}:${createHash('sha1').update(html).digest('base64url')}`;
    const kept = this.bodies.get(key);
    if (kept) return kept;
    this.compressions++;
    const body = compressors[encoding](Buffer.from(html));
    this.bodies.set(key, body);
    body.then(
      (buffer) => void this.bodies.addBytes(key, body, buffer.length),
      () => {
        if (this.bodies.peek(key) === body) this.bodies.delete(key);
      },
    );
    return body;
  }
}
