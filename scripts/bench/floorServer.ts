/**
 * Where the floor (the static HTML of each material) is served from. Preferably the app's own server:
 * the files go into the bench's client build (`{clientDir}/assets/bench-floor/`), which the server
 * serves as static files under `/app/assets/`, so app and floor share origin, process, HTTP stack and
 * whatever compression the server applies. When the server does not serve them as plain HTML (or sends a
 * Content-Security-Policy that would block the floor's inline script), a tiny node:http server in the
 * bench's own process serves them on another loopback port instead, gzip-compressed; the report says which.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { freePort } from './appServer';

export interface FloorSite {
  /** URL of the floor page of a size. */
  url: (size: number) => string;
  /** How it is served, for the report. */
  description: string;
  close: () => Promise<void>;
}

const fileName = (size: number) => `floor-${size}.html`;

/**
 * Writes the pages (`render(assetBase)` per size) and answers where they are served.
 * `appOrigin` is the app server; assets always come from its asset endpoint.
 */
export async function serveFloor(options: {
  appOrigin: string;
  clientDir: string;
  tempDir: string;
  sizes: readonly number[];
  render: (size: number, assetBase: string) => string;
}): Promise<FloorSite> {
  const inClient = path.join(options.clientDir, 'assets', 'bench-floor');
  mkdirSync(inClient, { recursive: true });
  for (const size of options.sizes) {
    // With .gz/.br beside it, as the build precompresses its own files: a server that serves those
    // (@fastify/static preCompressed) treats the floor as it treats the app's files.
    const file = path.join(inClient, fileName(size));
    const html = Buffer.from(options.render(size, '/api/assets'));
    writeFileSync(file, html);
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }));
  }
  const sameServerUrl = (size: number) => `${options.appOrigin}/app/assets/bench-floor/${fileName(size)}`;
  const check = await fetch(sameServerUrl(options.sizes[0])).catch(() => null);
  if (check?.ok && (check.headers.get('content-type') ?? '').startsWith('text/html') && !check.headers.get('content-security-policy')) {
    await check.arrayBuffer();
    const encoding = check.headers.get('content-encoding');
    return {
      url: sameServerUrl,
      description: `served by the app server itself as static files (/app/assets/bench-floor/, ${encoding ? `${encoding}-compressed` : 'uncompressed'}), same origin`,
      close: async () => undefined,
    };
  }

  // Fallback: a node:http server of our own.
  const dir = path.join(options.tempDir, 'floor');
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, { raw: Buffer; gzip: Buffer }>();
  for (const size of options.sizes) {
    const file = path.join(dir, fileName(size));
    writeFileSync(file, options.render(size, `${options.appOrigin}/api/assets`));
    const raw = readFileSync(file);
    files.set(`/${fileName(size)}`, { raw, gzip: gzipSync(raw) });
  }
  const server = http.createServer((request, response) => {
    const file = files.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'accept-encoding',
    });
    response.end(gzip ? file.gzip : file.raw);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const reason = check ? `the app server answered ${check.status} ${check.headers.get('content-type') ?? ''}${check.headers.get('content-security-policy') ? ' with a CSP' : ''}` : 'the app server did not answer';
  return {
    url: (size) => `http://127.0.0.1:${port}/${fileName(size)}`,
    description: `served gzip-compressed by a node:http server in the bench process on another loopback port (${reason}); images from the app server`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
