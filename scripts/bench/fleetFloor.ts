/**
 * The fleet benchmark's floor: a bare node:http server (no database, no framework) that answers
 * every request of the learners at once with an answer of the size the real servers gave (the same
 * status, compressed size and validators; 304 to a conditional request), behind the same HAProxy
 * config as the fleet. The load generator against it measures what this machine, HAProxy and the
 * generator itself allow at all: the ceiling of the run.
 *
 * `startFloor` runs it as a child process (`node --import tsx scripts/bench/fleetFloor.ts SHAPES_FILE`)
 * and HAProxy in front; both end with this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FleetBalancer, writeBalancerConfig } from '../fleet/balancer';
import { reapOnExit } from '../fleet/cleanup';
import { freePorts } from '../fleet/ports';
import { signalProcess } from '../fleet/processes';
import { waitUntil } from '../fleet/wait';
import type { ResponseShape } from './fleetResponses';

const SELF = fileURLToPath(import.meta.url);
const READY_PATH = '/api/ready';

function json(res: http.ServerResponse, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/** The answer of a POST, shaped like the real server's. */
function answerPost(url: string, body: string, res: http.ServerResponse): void {
  if (url === '/api/userdata') {
    const acknowledged = (JSON.parse(body) as { events: { id: string }[] }).events.map((event) => event.id);
    return json(res, { data: { acknowledged, stored: acknowledged.length, duplicates: 0 } });
  }
  if (url === '/api/guest') {
    const { name, publicId } = JSON.parse(body) as { name: string; publicId: string };
    const id = randomBytes(18).toString('base64url');
    return json(res, { data: { publicId: id, name, issueDate: new Date().toISOString() } }, { 'set-cookie': `lw_guest_${publicId}=${id}; Path=/; HttpOnly; SameSite=Lax` });
  }
  if (url === '/api/annotations') return json(res, { data: [] });
  if (url === '/api/updateRootProgress') return json(res, { data: null });
  res.writeHead(404, { 'content-length': 0 });
  res.end();
}

function serveFloor(shapes: Record<string, ResponseShape>): http.Server {
  const bodies = new Map(Object.entries(shapes).map(([url, shape]) => [url, Buffer.alloc(shape.bodyBytes, 'x')]));
  return http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === READY_PATH || url === '/api/health') return json(res, { ok: true });
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => answerPost(url, Buffer.concat(chunks).toString('utf8'), res));
      return;
    }
    const shape = shapes[url];
    if (!shape) {
      res.writeHead(404, { 'content-length': 0 });
      return res.end();
    }
    const fresh = (shape.headers.etag && req.headers['if-none-match'] === shape.headers.etag) || (shape.headers['last-modified'] && req.headers['if-modified-since']);
    if (fresh) {
      const { 'content-type': _type, 'content-encoding': _encoding, ...validators } = shape.headers;
      res.writeHead(304, validators);
      return res.end();
    }
    res.writeHead(shape.status, { ...shape.headers, 'content-length': String(shape.bodyBytes) });
    res.end(bodies.get(url));
  });
}

export interface RunningFloor {
  /** The floor's HAProxy. */
  origin: string;
  floorPid: number;
  balancer: FleetBalancer;
  stop(): Promise<void>;
}

/** Starts the floor (answering `shapes`) and HAProxy in front of it, with their files in `dir`. */
export async function startFloor(dir: string, root: string, shapes: Record<string, ResponseShape>): Promise<RunningFloor> {
  fs.mkdirSync(dir, { recursive: true });
  const shapesFile = path.join(dir, 'shapes.json');
  fs.writeFileSync(shapesFile, JSON.stringify(shapes));
  const [floorPort, port, statsPort] = await freePorts(3);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SELF, shapesFile, String(floorPort)], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const balancerState = writeBalancerConfig({ kind: 'haproxy', root, dir, host: '127.0.0.1', port, statsPort, servers: [{ name: 'floor', port: floorPort }], checkPath: READY_PATH });
  const balancer = new FleetBalancer(balancerState, { save: () => undefined });
  const unregister = reapOnExit(() => {
    child.kill('SIGKILL');
    signalProcess(balancer.state.process, 'SIGKILL');
  });
  const stop = async () => {
    await balancer.stop();
    child.kill('SIGTERM');
    unregister();
  };
  try {
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${floorPort}${READY_PATH}`).catch(() => null))?.status === 200, { what: 'the floor server to answer', timeoutMs: 30_000 });
    await balancer.start(10_000);
    await balancer.waitForServers(['floor'], 'UP', 15_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: balancer.origin, floorPid: child.pid!, balancer, stop };
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const shapes = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Record<string, ResponseShape>;
  const server = serveFloor(shapes);
  server.keepAliveTimeout = 60_000;
  server.listen(Number(process.argv[3]), '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
