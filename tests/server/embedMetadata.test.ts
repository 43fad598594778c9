import net from 'node:net';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorBody } from '../../server/http/errors';
import { decideTarget, refusedAddressReason, type Resolve } from '../../server/embed/addressPolicy';
import {
  createEmbedMetadataLookup,
  DISABLED_EMBED_METADATA_LOOKUP,
  embedMetadataLookupFromEnv,
  type EmbedMetadataLookupOptions,
} from '../../server/embed/metadataLookup';
import { importFile } from '../../server/store/import';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { smallCollection, smallMaterial } from './fixtures';
import { addUser, login } from './learners';
import { sendHtml, startLocalSite, type LocalSite } from './localSites';

/*
 * No traffic leaves loopback here: names are resolved by a stub (unknown names fail, the system
 * resolver is never asked), the refusals run with socket connects made to throw, and the pages come
 * from listeners on 127.0.0.1, 127.0.0.2 and ::1.
 */

const PUBLIC_V4 = '93.184.215.14';
const NAMES: Record<string, string[]> = {
  'public.example': [PUBLIC_V4],
  'public6.example': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'loopback.example': ['127.0.0.1'],
  'loopback6.example': ['::1'],
  'metadata.cloud.example': ['169.254.169.254'],
  'mixed.example': [PUBLIC_V4, '10.1.2.3'],
  'mixed6.example': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'fd00::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'empty.example': [],
  // the test's own site: 127.0.0.1 counts as public only for lookups made with testOnlyAllowAddresses
  'site.example': ['127.0.0.1'],
  'second.example': ['127.0.0.2'],
};
const resolved: string[] = [];
const stubResolve: Resolve = async (hostname) => {
  resolved.push(hostname);
  const addresses = NAMES[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses;
};

/** Every form the decision must refuse, with the production policy (nothing allowed extra). */
const REFUSED: string[] = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://0/',
  'http://0.0.0.0/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://017700000001/',
  'http://0177.0.0.1/',
  'http://127.000.000.001/',
  'http://%31%32%37.0.0.1/',
  'http://①②⑦.0.0.1/',
  'http://127.0.0.1./',
  'http://[::1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[::7f00:1]/',
  'http://[::ffff:0:7f00:1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.100.100.200/latest/meta-data/',
  'http://168.63.129.16/',
  'http://192.0.0.192/',
  'http://[fd00:ec2::254]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata.cloud.example/latest/meta-data/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://198.18.0.1/',
  'http://192.0.2.10/',
  'http://198.51.100.7/',
  'http://203.0.113.9/',
  'http://224.0.0.1/',
  'http://240.0.0.1/',
  'http://255.255.255.255/',
  'http://[fc00::1]/',
  'http://[fd12::1]/',
  'http://[fe80::1]/',
  'http://[fec0::1]/',
  'http://[ff02::1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[64:ff9b:1::a00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2001::1]/',
  'http://[2001:db8::1]/',
  'http://loopback.example/',
  'http://loopback6.example/',
  'http://mapped.example/',
  'http://mixed.example/',
  'http://mixed6.example/',
  'http://localhost/',
  'http://localhost./',
  'http://app.localhost/',
  'http://printer.local/',
  'http://intranet/',
  'http://nowhere.example/',
  'http://empty.example/',
  'gopher://public.example:70/_GET',
  'file:///etc/passwd',
  'ftp://public.example/',
  'data:text/html,<title>x</title>',
  'javascript:alert(1)',
  'ws://public.example/',
  'http://user@127.0.0.1/',
  'http://user@public.example/',
  'http://user:secret@public.example/',
  'http://public.example\t/',
  'http://public.example/\tx',
  'http://public.example/\n',
  ' http://public.example/',
  'http://public .example/',
  'https:\\\\public.example\\',
  `http://public.example/${'a'.repeat(2100)}`,
];

const SSRF_FREE: EmbedMetadataLookupOptions = { resolve: stubResolve };

describe('address policy', () => {
  it(`lists at least 40 forms to refuse (${REFUSED.length})`, () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(40);
  });

  it.each(REFUSED)('refuses %j', async (url) => {
    const decision = await decideTarget(url, SSRF_FREE);
    expect(decision.allowed).toBe(false);
    expect(decision.allowed ? '' : decision.reason).not.toBe('');
  });

  it.each(['http://public.example/', 'https://public6.example/a?b=c', `http://${PUBLIC_V4}:8080/`, 'https://[2606:4700:4700::1111]/', 'HTTPS://PUBLIC.EXAMPLE/'])(
    'allows the public %j, with the addresses to connect to',
    async (url) => {
      const decision = await decideTarget(url, SSRF_FREE);
      expect(decision).toMatchObject({ allowed: true });
    },
  );

  it('judges every address of a name: one private address refuses the name', async () => {
    expect(await decideTarget('http://mixed.example/', SSRF_FREE)).toEqual({ allowed: false, reason: expect.stringContaining('10.1.2.3') });
  });

  it('refuses internal names before resolving them', async () => {
    resolved.length = 0;
    for (const url of ['http://metadata.google.internal/', 'http://localhost/', 'http://intranet/', 'http://x.home.arpa/']) {
      expect((await decideTarget(url, SSRF_FREE)).allowed, url).toBe(false);
    }
    expect(resolved).toEqual([]);
  });

  it.each([
    ['8.8.8.8', null],
    ['2001:4860:4860::8888', null],
    ['::ffff:8.8.8.8', null],
    ['127.255.255.254', 'loopback'],
    ['169.254.0.1', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::7f00:1', 'outside global unicast'],
    ['64:ff9b::808:808', 'outside global unicast'],
    ['2002:808:808::', '6to4'],
    ['not-an-ip', 'not an IP address'],
  ])('refusedAddressReason(%j) mentions %j', (address, reason) => {
    const found = refusedAddressReason(address);
    if (reason === null) expect(found).toBeNull();
    else expect(found).toContain(reason);
  });

  it('the test-only allowance names exact addresses; their neighbours stay refused', () => {
    expect(refusedAddressReason('127.0.0.1', { testOnlyAllowAddresses: ['127.0.0.1'] })).toBeNull();
    expect(refusedAddressReason('127.0.0.2', { testOnlyAllowAddresses: ['127.0.0.1'] })).toContain('loopback');
  });
});

describe('lookup: refused before any socket opens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers {} for every refused form and never connects', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(() => {
      throw new Error('a socket was opened');
    });
    const reasons: string[] = [];
    const lookup = createEmbedMetadataLookup({ ...SSRF_FREE, onFailure: (_uri, reason) => reasons.push(reason) });
    for (const url of REFUSED) expect(await lookup.metadata(url), url).toEqual({});
    expect(connect).not.toHaveBeenCalled();
    expect(reasons).toHaveLength(REFUSED.length);
    expect(reasons.filter((reason) => reason.includes('socket'))).toEqual([]);
  });
});

/* Loopback sites. */

const BIG_PAGE_BYTES = 32 * 1024 * 1024;
let site: LocalSite;
let second: LocalSite;
let sixth: LocalSite | null = null;
const big = { written: 0, closedEarly: false };

function streamBigPage(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/html' });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  big.written = 0;
  response.on('close', () => {
    big.closedEarly = !response.writableFinished;
  });
  const pump = () => {
    while (big.written < BIG_PAGE_BYTES) {
      const first = big.written === 0;
      big.written += chunk.length;
      const ok = response.write(first ? Buffer.concat([Buffer.from('<html><head><title>Big</title>'), chunk]) : chunk);
      if (!ok) return void response.once('drain', pump);
    }
    response.end('<meta property="og:description" content="late"></head></html>');
  };
  pump();
}

const PAGE = `<!doctype html><html><head>
  <title>  Fallback
     title </title>
  <meta property="og:title" content="Photosynthese &amp; Licht">
  <meta name="description" content="  Wie Pflanzen   Licht nutzen. ">
  <link rel="shortcut icon" href="/favicon.png">
  <link rel="apple-touch-icon" href="https://cdn.example.org/touch.png">
  <link rel="stylesheet" href="/style.css">
  <meta property="og:image" content="/images/leaf.jpg">
  <meta property="og:image" content="javascript:alert(1)">
</head><body><p>Text</p></body></html>`;

beforeAll(async () => {
  second = await startLocalSite('127.0.0.2', (_request, response) => sendHtml(response, '<title>Should never be read</title>'));
  try {
    sixth = await startLocalSite('::1', (_request, response) => sendHtml(response, '<title>Should never be read</title>'));
  } catch {
    sixth = null; // no IPv6 loopback on this machine
  }
  site = await startLocalSite('127.0.0.1', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://site.example');
    const redirect = (location: string) => {
      response.writeHead(302, { location });
      response.end();
    };
    switch (url.pathname) {
      case '/page':
        return sendHtml(response, PAGE);
      case '/plain':
        return sendHtml(response, '<title>Nur &lt;ein&gt; Titel</title>', 'text/html; charset=iso-8859-1');
      case '/latin1':
        response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
        return response.end(Buffer.from('<title>Grüße</title>', 'latin1'));
      case '/json':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{"title":"x"}');
      case '/png':
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(Buffer.alloc(16));
      case '/untyped':
        return response.end('<title>No type</title>');
      case '/gzip':
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        return response.end(Buffer.alloc(16));
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/html' });
        return response.end('<title>Not found</title>');
      case '/big':
        return streamBigPage(response);
      case '/hang':
        return; // never answers
      case '/slow-body':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.write('<title>Slow'); // never ends
      case '/redirect-local':
        return redirect('/page');
      case '/redirect-to':
        return redirect(url.searchParams.get('target') ?? '/');
      case '/redirect-loop':
        return redirect('/redirect-loop');
      default: {
        const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
        if (chain) return redirect(Number(chain[1]) > 1 ? `/chain/${Number(chain[1]) - 1}` : '/page');
        response.writeHead(404);
        return response.end();
      }
    }
  });
});
afterAll(async () => {
  await Promise.all([site?.close(), second?.close(), sixth?.close()]);
});

/** A lookup that may connect to the test's own site (127.0.0.1) and nowhere else private. */
const siteLookup = (options: EmbedMetadataLookupOptions = {}) => createEmbedMetadataLookup({ resolve: stubResolve, testOnlyAllowAddresses: ['127.0.0.1'], ...options });
const at = (path: string) => `http://site.example:${site.port}${path}`;

describe('lookup against a loopback site (test-only allowance for 127.0.0.1)', () => {
  it('reads title, description, icons and thumbnail, resolved against the page and http(s) only', async () => {
    const before = site.requests.length;
    expect(await siteLookup().metadata(at('/page'))).toEqual({
      meta: { title: 'Photosynthese & Licht', description: 'Wie Pflanzen Licht nutzen.' },
      links: {
        icon: [{ href: at('/favicon.png') }, { href: 'https://cdn.example.org/touch.png' }],
        thumbnail: [{ href: at('/images/leaf.jpg') }],
      },
    });
    // connected to the checked address, asking for the name (virtual hosts work)
    expect(site.requests.slice(before)).toEqual([{ url: '/page', host: `site.example:${site.port}` }]);
  });

  it('falls back to <title>; decodes the charset the page declares', async () => {
    const lookup = siteLookup();
    expect(await lookup.metadata(at('/plain'))).toEqual({ meta: { title: 'Nur <ein> Titel' } });
    expect(await lookup.metadata(at('/latin1'))).toEqual({ meta: { title: 'Grüße' } });
  });

  it('answers a cached lookup without connecting again, and one lookup for concurrent asks', async () => {
    const lookup = siteLookup();
    const connections = site.connections;
    const [a, b] = await Promise.all([lookup.metadata(at('/page?cache')), lookup.metadata(at('/page?cache'))]);
    expect(a).toEqual(b);
    expect(site.connections).toBe(connections + 1);
    expect(await lookup.metadata(at('/page?cache'))).toEqual(a);
    expect(site.connections).toBe(connections + 1);
    // failures are cached too
    expect(await lookup.metadata(at('/json?cache'))).toEqual({});
    expect(await lookup.metadata(at('/json?cache'))).toEqual({});
    expect(site.connections).toBe(connections + 2);
  });

  it.each(['/json', '/png', '/untyped', '/gzip', '/missing'])('refuses what is not an html page: %s', async (path) => {
    const reasons: string[] = [];
    expect(await siteLookup({ onFailure: (_uri, reason) => reasons.push(reason) }).metadata(at(path))).toEqual({});
    expect(reasons).toHaveLength(1);
  });

  it('reads at most 1 MB of a page and stops the transfer', async () => {
    expect(await siteLookup().metadata(at('/big'))).toEqual({ meta: { title: 'Big' } });
    await vi.waitFor(() => expect(big.closedEarly).toBe(true));
    expect(big.written).toBeLessThan(BIG_PAGE_BYTES);
  });

  it.each(['/hang', '/slow-body'])('gives up after the timeout: %s', async (path) => {
    const reasons: string[] = [];
    const started = Date.now();
    const lookup = siteLookup({ limits: { timeoutMs: 300 }, onFailure: (_uri, reason) => reasons.push(reason) });
    expect(await lookup.metadata(at(path))).toEqual({});
    expect(Date.now() - started).toBeLessThan(3000);
    expect(reasons).toEqual(['timed out after 300 ms']);
  });

  it('defaults to a 5 s deadline, a 1 MB cap and 3 redirects', async () => {
    const { DEFAULT_FETCH_LIMITS } = await import('../../server/embed/fetchPage');
    expect(DEFAULT_FETCH_LIMITS).toEqual({ timeoutMs: 5000, maxBytes: 1_048_576, maxRedirects: 3 });
  });

  it('follows up to 3 redirects, each hop decided again', async () => {
    const lookup = siteLookup();
    expect((await lookup.metadata(at('/redirect-local'))).meta?.title).toBe('Photosynthese & Licht');
    expect((await lookup.metadata(at('/chain/3'))).meta?.title).toBe('Photosynthese & Licht');
    const reasons: string[] = [];
    const strict = siteLookup({ onFailure: (_uri, reason) => reasons.push(reason) });
    expect(await strict.metadata(at('/chain/4'))).toEqual({});
    expect(await strict.metadata(at('/redirect-loop'))).toEqual({});
    expect(reasons).toEqual(['more than 3 redirects', 'more than 3 redirects']);
  });

  it('refuses a redirect to any other loopback or internal target: the second hop never connects', async () => {
    const targets = [
      `http://127.0.0.2:${second.port}/`,
      `http://second.example:${second.port}/`,
      `http://localhost:${second.port}/`,
      `http://0x7f000002:${second.port}/`,
      `http://[::ffff:127.0.0.2]:${second.port}/`,
      ...(sixth ? [`http://[::1]:${sixth.port}/`, `http://loopback6.example:${sixth.port}/`] : []),
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      'gopher://public.example/',
      `http://user@site.example:${site.port}/page`,
    ];
    const reasons: string[] = [];
    const lookup = siteLookup({ onFailure: (_uri, reason) => reasons.push(reason) });
    const connections = site.connections;
    for (const target of targets) {
      expect(await lookup.metadata(at(`/redirect-to?target=${encodeURIComponent(target)}`)), target).toEqual({});
    }
    expect(site.connections).toBe(connections + targets.length);
    expect(second.connections).toBe(0);
    expect(sixth?.connections ?? 0).toBe(0);
    expect(reasons).toHaveLength(targets.length);
    for (const reason of reasons) expect(reason).toMatch(/^redirect 1 to /);
  });

  it('without the test-only allowance the same site is refused before connecting', async () => {
    const connections = site.connections;
    expect(await createEmbedMetadataLookup({ resolve: stubResolve }).metadata(at('/page'))).toEqual({});
    expect(site.connections).toBe(connections);
  });
});

describe('EMBED_METADATA_LOOKUP', () => {
  it('is off unless switched on: the lookup then answers {} and nothing leaves the server', async () => {
    for (const value of [undefined, '', 'off', '0', 'no', 'maybe']) {
      expect(embedMetadataLookupFromEnv({ EMBED_METADATA_LOOKUP: value }), String(value)).toBe(DISABLED_EMBED_METADATA_LOOKUP);
    }
    for (const value of ['on', '1', 'true', ' YES ']) {
      expect(embedMetadataLookupFromEnv({ EMBED_METADATA_LOOKUP: value }), value).not.toBe(DISABLED_EMBED_METADATA_LOOKUP);
    }
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    expect(await DISABLED_EMBED_METADATA_LOOKUP.metadata(at('/page'))).toEqual({});
    expect(connect).not.toHaveBeenCalled();
    connect.mockRestore();
  });
});

describe.each(testDatabaseKinds)('GET /api/embed-metadata on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { embedMetadata: siteLookup() });
  // the environment's lookup, as `npm start` and the other tests have it: off unless EMBED_METADATA_LOOKUP=on
  const unconfigured = useTestApp(() => t.db);
  const shares = { material: '', private: '', collection: '', other: '' };
  const get = (share: string, uri: string, cookie?: string) =>
    a.app.inject({ url: `/api/embed-metadata?uri=${encodeURIComponent(uri)}&share=${encodeURIComponent(share)}`, headers: cookie ? { cookie } : {} });
  const link = (id: string, url: string, mode: 'card' | 'embed' = 'card') => ({ modelName: 'Link' as const, id, url, mode });

  beforeAll(async () => {
    shares.material = (
      await importFile(
        t.db,
        smallMaterial('embed', {
          content: [
            link('m-embed-card', at('/page')),
            link('m-embed-spaced', `  ${at('/plain')}  `, 'embed'),
            link('m-embed-metadata', 'http://169.254.169.254/latest/meta-data/'),
            { modelName: 'Path', id: 'm-embed-path', content: [{ modelName: 'IFrame', id: 'm-embed-step', title: 'Step', url: at('/redirect-local') }] },
          ],
        }),
        { share: 'public' },
      )
    ).share.publicId;
    shares.private = (await importFile(t.db, smallMaterial('embed-private', { content: [link('m-embed-private-card', at('/plain?private'))] }), { share: 'private' })).share.publicId;
    const inCollection = smallMaterial('embed-in', { content: [link('m-embed-in-card', at('/page?collection'))] });
    shares.collection = (await importFile(t.db, smallCollection('embed', [inCollection]), { share: 'public' })).share.publicId;
    shares.other = (await importFile(t.db, smallMaterial('embed-other', { content: [link('m-embed-other-card', at('/page?elsewhere'))] }), { share: 'public' })).share.publicId;
    await addUser(t.db, 'embed@example.org');
  });

  it('answers the metadata of a URL a Link of the share names', async () => {
    const res = await get(shares.material, at('/page'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.json().data.meta).toEqual({ title: 'Photosynthese & Licht', description: 'Wie Pflanzen Licht nutzen.' });
  });

  it('covers IFrame steps, and stored URLs with surrounding whitespace as the viewer trims them', async () => {
    expect((await get(shares.material, at('/redirect-local'))).json().data.meta.title).toBe('Photosynthese & Licht');
    expect((await get(shares.material, at('/plain'))).json()).toEqual({ data: { meta: { title: 'Nur <ein> Titel' } } });
  });

  it('is no open proxy: a URL the share does not hold answers the 404 of an unknown share', async () => {
    const before = site.connections;
    const unknownShare = await get('A'.repeat(24), at('/page'));
    expect(unknownShare.statusCode).toBe(404);
    for (const uri of [at('/page?elsewhere'), at('/page?not-anywhere'), at('/page?collection'), 'http://169.254.169.254/', 'https://example.org/']) {
      const res = await get(shares.material, uri);
      expect(res.statusCode, uri).toBe(404);
      expect(res.body, uri).toBe(unknownShare.body);
    }
    expect(site.connections).toBe(before);
  });

  it('a collection share covers the links of its materials', async () => {
    expect((await get(shares.collection, at('/page?collection'))).json().data.meta.title).toBe('Photosynthese & Licht');
  });

  it('a private share answers only a logged-in user (403 like the other routes)', async () => {
    const before = site.connections;
    const refused = await get(shares.private, at('/plain?private'));
    expect(refused.statusCode).toBe(403);
    expect(ApiErrorBody.parse(refused.json()).errors[0].message).toBe('Log in to open this share');
    expect(site.connections).toBe(before);
    const cookie = await login(a.app, 'embed@example.org');
    const res = await get(shares.private, at('/plain?private'), cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { meta: { title: 'Nur <ein> Titel' } } });
  });

  it('a URL of the material that the policy refuses answers an empty result, never an error', async () => {
    const res = await get(shares.material, 'http://169.254.169.254/latest/meta-data/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: {} });
  });

  it.skipIf(process.env.EMBED_METADATA_LOOKUP)('an installation without EMBED_METADATA_LOOKUP looks nothing up: {} with the same access checks', async () => {
    const before = site.connections;
    const inject = (share: string, uri: string) => unconfigured.app.inject({ url: `/api/embed-metadata?uri=${encodeURIComponent(uri)}&share=${share}` });
    const res = await inject(shares.material, at('/page'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: {} });
    expect((await inject(shares.material, at('/page?not-anywhere'))).statusCode).toBe(404);
    expect((await inject(shares.private, at('/plain?private'))).statusCode).toBe(403);
    expect(site.connections).toBe(before);
  });

  it('answers 400 for a missing or over-long uri', async () => {
    expect((await a.app.inject({ url: `/api/embed-metadata?share=${shares.material}` })).statusCode).toBe(400);
    expect((await get(shares.material, `https://example.org/${'a'.repeat(2100)}`)).statusCode).toBe(400);
  });
});
