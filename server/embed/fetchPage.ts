import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { bareHost, decideTarget, type AddressPolicyOptions, type Resolve } from './addressPolicy';

/*
 * Fetches one html page for the embed-metadata lookup, through two guards:
 *   1. our decision (addressPolicy.ts) on the URL of every hop, made before the hop's socket opens:
 *      redirects are followed by hand, each new URL decided afresh; the socket then connects to an
 *      address the decision checked (the name is not resolved a second time);
 *   2. request-filtering-agent, the agent of every request, which refuses a connection to any
 *      non-unicast address on its own (defence in depth, should the first guard ever let one pass).
 * Limits: one deadline over all hops, the bytes read (the rest of a larger page is not read: a
 * page's head comes first), only `text/html`, no compressed bodies, only status 200 at the end.
 */

export interface FetchLimits {
  /** For all hops together, resolution included. */
  timeoutMs: number;
  /** Bytes of the body read at most; what follows is not read. */
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 5_000, maxBytes: 1_048_576, maxRedirects: 3 };

export type FetchResult = { ok: true; url: string; html: string } | { ok: false; reason: string };

export interface PageFetcherOptions extends AddressPolicyOptions {
  resolve?: Resolve;
  limits?: Partial<FetchLimits>;
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'page'; html: string } | { kind: 'refused'; reason: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Mozilla/5.0 (compatible; lernwerk-embed-metadata/1.0)';

/** A lookup that answers only the addresses the decision checked. */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: net.isIP(address) }));
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, entries);
    else callback(null, entries[0].address, entries[0].family);
  }) as unknown as LookupFunction;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function decoderFor(contentType: string): TextDecoder {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

function readBody(response: IncomingMessage, maxBytes: number, decoder: TextDecoder): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(decoder.decode(Buffer.concat(chunks, size)));
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    response.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= maxBytes) {
        finish();
        response.destroy();
      }
    });
    response.on('end', finish);
    response.on('error', fail);
    response.on('close', () => fail(new Error('connection closed before the body ended')));
  });
}

/** Fetches pages with the guards and limits above; one instance keeps its two agents. */
export function createPageFetcher(options: PageFetcherOptions = {}) {
  const limits: FetchLimits = { ...DEFAULT_FETCH_LIMITS, ...options.limits };
  const agentOptions = { keepAlive: false, allowIPAddressList: [...(options.testOnlyAllowAddresses ?? [])] };
  const agents = { 'http:': new RequestFilteringHttpAgent(agentOptions), 'https:': new RequestFilteringHttpsAgent(agentOptions) };

  const requestOnce = (url: URL, addresses: string[], signal: AbortSignal): Promise<Hop> =>
    new Promise<Hop>((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const request = (secure ? https : http).request(
        {
          protocol: url.protocol,
          hostname: bareHost(url),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          agent: agents[secure ? 'https:' : 'http:'],
          lookup: pinnedLookup(addresses),
          signal,
          headers: { accept: 'text/html', 'accept-encoding': 'identity', 'user-agent': USER_AGENT },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const refuse = (reason: string) => {
            response.destroy();
            resolve({ kind: 'refused', reason });
          };
          if (REDIRECT_STATUSES.has(status)) {
            const location = response.headers.location;
            response.destroy();
            resolve(location ? { kind: 'redirect', location } : { kind: 'refused', reason: `status ${status} without a location` });
            return;
          }
          if (status !== 200) return refuse(`status ${status}`);
          const contentType = response.headers['content-type'] ?? '';
          if (contentType.split(';')[0].trim().toLowerCase() !== 'text/html') return refuse(`content type ${contentType || 'missing'}, not text/html`);
          const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
          if (encoding !== 'identity') return refuse(`content encoding ${encoding}`);
          readBody(response, limits.maxBytes, decoderFor(contentType)).then((html) => resolve({ kind: 'page', html }), reject);
        },
      );
      request.on('error', reject);
      request.end();
    });

  /** The html of the page at `raw` (after at most maxRedirects redirects), or why not. */
  async function fetchHtml(raw: string): Promise<FetchResult> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`timed out after ${limits.timeoutMs} ms`)), limits.timeoutMs);
    let current = raw;
    try {
      for (let hop = 0; ; hop++) {
        const where = hop === 0 ? '' : `redirect ${hop} to ${current}: `;
        const decision = await untilAborted(decideTarget(current, options), controller.signal);
        if (!decision.allowed) return { ok: false, reason: `${where}${decision.reason}` };
        const result = await requestOnce(decision.url, decision.addresses, controller.signal);
        if (result.kind === 'refused') return { ok: false, reason: `${where}${result.reason}` };
        if (result.kind === 'page') return { ok: true, url: decision.url.href, html: result.html };
        if (hop >= limits.maxRedirects) return { ok: false, reason: `more than ${limits.maxRedirects} redirects` };
        try {
          current = new URL(result.location, decision.url).href;
        } catch {
          return { ok: false, reason: `${where}a redirect to an unparsable location` };
        }
      }
    } catch (error) {
      return { ok: false, reason: controller.signal.aborted ? String((controller.signal.reason as Error).message) : (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  return { fetchHtml, limits };
}

export type PageFetcher = ReturnType<typeof createPageFetcher>;
