/**
 * The answers of the real servers to each request of an opening (status, the headers that matter,
 * the compressed body's size), fetched once before the load: the floor server answers the same
 * paths with bodies of the same size, and the fetch warms what a course that was visited before
 * has warm (resized images, compressed material), as in a class whose teacher opened it first.
 */
import http from 'node:http';
import { request } from './fleetHttp';

export interface ResponseShape {
  status: number;
  /** content-type, content-encoding, cache-control, etag, last-modified, vary (those present). */
  headers: Record<string, string>;
  bodyBytes: number;
}

const KEPT_HEADERS = ['content-type', 'content-encoding', 'cache-control', 'etag', 'last-modified', 'vary'];

/** GETs each path once through `origin`; throws when one does not answer 200. */
export async function probeResponses(origin: string, paths: readonly string[]): Promise<Record<string, ResponseShape>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const shapes: Record<string, ResponseShape> = {};
  try {
    for (const path of paths) {
      const answer = await request({ agent, origin: new URL(origin), method: 'GET', path, timeoutMs: 30_000 });
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status || answer.error} while probing the opening`);
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = answer.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      shapes[path] = { status: answer.status, headers, bodyBytes: answer.bodyBytes };
    }
  } finally {
    agent.destroy();
  }
  return shapes;
}

/** The validators a conditional request of `path` sends (If-None-Match / If-Modified-Since), from its probed answer. */
export function validatorsOf(shape: ResponseShape | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (shape?.headers.etag) headers['if-none-match'] = shape.headers.etag;
  if (shape?.headers['last-modified']) headers['if-modified-since'] = shape.headers['last-modified'];
  return headers;
}
