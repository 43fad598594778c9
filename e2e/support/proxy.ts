import http from 'node:http';
import type { Socket } from 'node:net';

/**
 * A tiny reverse proxy on 127.0.0.1:`port` in front of `target` (an origin): the browser opens pages on the
 * proxy's origin, so stopping the proxy is a real network cut for that page, its service worker and its
 * unload requests (the listening socket is closed and every open connection dropped: new requests are
 * refused), unlike `context.setOffline`, which lets requests made while a page unloads go through.
 * Start it again on the same port and the network is back for the same origin.
 */
export interface ReverseProxy {
  readonly origin: string;
  readonly running: boolean;
  /** Requests forwarded so far (method and path), for failure messages. */
  readonly forwarded: readonly string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function reverseProxy(port: number, target: string): ReverseProxy {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: false });
  const sockets = new Set<Socket>();
  const forwarded: string[] = [];
  let server: http.Server | null = null;

  const handle = (request: http.IncomingMessage, response: http.ServerResponse) => {
    forwarded.push(`${request.method} ${request.url}`);
    const outgoing = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    request.pipe(outgoing);
  };

  return {
    origin: `http://127.0.0.1:${port}`,
    get running() {
      return server !== null;
    },
    forwarded,
    async start() {
      if (server) return;
      const started = http.createServer(handle);
      started.on('connection', (socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve, reject) => {
        started.once('error', reject);
        started.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve());
      });
      server = started;
    },
    async stop() {
      const running = server;
      if (!running) return;
      server = null;
      const closed = new Promise<void>((resolve) => running.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
  };
}
