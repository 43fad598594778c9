import type { FastifyRequest } from 'fastify';

/** The origin the browser addressed this server by (behind a proxy as the proxy passes it on: `trustProxy`). */
export const originOfRequest = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** Whether `origin` (an Origin header) is the request's own origin, default ports counted as absent (`http://host` is `http://host:80`). */
export function isOriginOf(request: FastifyRequest, origin: string): boolean {
  try {
    return new URL(origin).origin === new URL(originOfRequest(request)).origin;
  } catch {
    return false;
  }
}
