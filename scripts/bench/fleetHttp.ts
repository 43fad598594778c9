/**
 * One HTTP/1.1 request as a browser sends it (keep-alive, compressed answers accepted and not
 * decoded: the bytes on the wire are what counts), for the fleet benchmark's load generator and its
 * probe. A request on a reused keep-alive connection that the other side closed at that moment
 * (ECONNRESET before any answer) is sent once more on a new one, as browsers do; that is counted
 * as a retry, not an error.
 */
import http from 'node:http';

export const BROWSER_HEADERS = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'de-DE,de;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) lernwerk-bench/fleet',
} as const;

export interface Answer {
  /** HTTP status; 0 when no answer came (network error or timeout). */
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came (compressed, when it was); empty unless `keepBody` (a load generator reads, counts and drops the rest). */
  body: Buffer;
  bodyBytes: number;
  /** Why there was no answer. */
  error?: string;
  timedOut?: boolean;
  /** Sent again after a reused connection was reset. */
  retried: boolean;
}

export interface RequestInput {
  agent: http.Agent;
  /** http://host:port */
  origin: URL;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** JSON text. */
  body?: string;
  timeoutMs: number;
  /** Keep the answer's body (default: only count its bytes). */
  keepBody?: boolean;
}

const noAnswer = (error: string): Answer => ({ status: 0, headers: {}, body: Buffer.alloc(0), bodyBytes: 0, error, retried: false });

function once(input: RequestInput): Promise<Answer & { reused: boolean; code?: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...BROWSER_HEADERS, ...input.headers };
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(input.body);
      headers.accept = 'application/json';
    }
    let settled = false;
    const settle = (answer: Answer & { reused: boolean; code?: string }) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const req = http.request(
      { agent: input.agent, method: input.method, hostname: input.origin.hostname, port: input.origin.port, path: input.path, headers, timeout: input.timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (input.keepBody) chunks.push(chunk);
        });
        res.on('end', () => settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), bodyBytes: bytes, retried: false, reused: req.reusedSocket }));
        res.on('error', (error: NodeJS.ErrnoException) => settle({ ...noAnswer(error.message), reused: req.reusedSocket, code: error.code }));
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error(`no answer within ${input.timeoutMs} ms`));
      settle({ ...noAnswer(`no answer within ${input.timeoutMs} ms`), timedOut: true, reused: req.reusedSocket });
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle({ ...noAnswer(`${error.code ?? ''} ${error.message}`.trim()), reused: req.reusedSocket, code: error.code }));
    req.end(input.body);
  });
}

export async function request(input: RequestInput): Promise<Answer> {
  const first = await once(input);
  if (first.status === 0 && first.reused && !first.timedOut && (first.code === 'ECONNRESET' || first.code === 'EPIPE')) {
    const second = await once(input);
    return { ...second, retried: true };
  }
  return first;
}

/** A browser's cookie jar for one origin, as far as the benchmark needs it (names and values). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(headers: http.IncomingHttpHeaders): void {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  header(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {};
  }
}
