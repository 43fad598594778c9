/** Web sites on loopback listeners for the embed-metadata tests: they count the connections they get. */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalSite {
  readonly port: number;
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** Requests received so far, with their Host header. */
  readonly requests: { url: string; host: string | undefined }[];
  close(): Promise<void>;
}

export async function startLocalSite(address: '127.0.0.1' | '127.0.0.2' | '::1', handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<LocalSite> {
  const server = http.createServer((request, response) => {
    requests.push({ url: request.url ?? '', host: request.headers.host });
    handle(request, response);
  });
  const requests: { url: string; host: string | undefined }[] = [];
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, address, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An html answer. */
export function sendHtml(response: ServerResponse, html: string, contentType = 'text/html; charset=utf-8'): void {
  response.writeHead(200, { 'content-type': contentType });
  response.end(html);
}
