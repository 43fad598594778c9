import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { E2E_DATA_ROOT, E2E_PORT_SPAN, e2ePort } from './e2ePort';

/**
 * A server of a spec's own (not Playwright's `webServer`): the compiled server (`node dist/server/main.js`,
 * built by playwright.config.ts) on its own port and its own embedded database in a temp dir, so a spec may kill it, restart it on the same
 * data, or add accounts while it is down (PGlite is locked while a server holds it).
 */
export interface OwnServer {
  readonly origin: string;
  readonly dataDir: string;
  /** Whether a server process is running now. */
  readonly running: boolean;
  /** Everything the server processes printed so far (for failure messages). */
  log(): string;
  /** Starts a server on the data dir and waits until `/api/health` answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no lock release, no database close. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (clean shutdown); SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** Stops the server and removes the data dir. Safe to call at any time, twice. */
  dispose(): Promise<void>;
}

const HEALTH_TIMEOUT_MS = 90_000;

/**
 * The port of a spec's own server: the suite's port plus an offset (1 … E2E_PORT_SPAN-1), inside the block of
 * ports the run found free (e2ePort.ts), so parallel runs on other ports stay apart.
 */
export function ownPort(offset: number): number {
  if (!Number.isInteger(offset) || offset < 1 || offset >= E2E_PORT_SPAN) throw new Error(`ownPort: offset ${offset} is outside 1 … ${E2E_PORT_SPAN - 1}`);
  return e2ePort() + offset;
}

/** The origin a server on `port` answers on. */
export function ownOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}

async function healthy(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface OwnServerOptions {
  /** More environment for the server process (e.g. `CLIENT_DIR`: a copy of the build a spec may change). */
  env?: Record<string, string>;
}

/** Prepares (does not start) a server on `port` with a new, empty data dir. */
export function ownServer(port: number, options: OwnServerOptions = {}): OwnServer {
  mkdirSync(E2E_DATA_ROOT, { recursive: true });
  const dataDir = path.resolve(mkdtempSync(path.join(E2E_DATA_ROOT, `own-${port}-`)));
  const origin = ownOrigin(port);
  let output = '';
  let child: ChildProcess | null = null;

  const server: OwnServer = {
    origin,
    dataDir,
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    log: () => output,
    async start() {
      if (server.running) throw new Error(`the server on ${origin} is already running`);
      if (await healthy(origin)) throw new Error(`another process answers on ${origin}; pick another port`);
      const logStart = output.length;
      const started = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
        env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const deadline = Date.now() + HEALTH_TIMEOUT_MS;
      // Ready when this process says it listens and the port answers: a health answer alone could come from another process.
      const listening = () => output.slice(logStart).includes('Lernwerk listening on');
      while (!listening() || !(await healthy(origin))) {
        if (!server.running) throw new Error(`the server on ${origin} exited while starting:\n${output}`);
        if (Date.now() > deadline) throw new Error(`the server on ${origin} did not answer /api/health within ${HEALTH_TIMEOUT_MS} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async kill() {
      if (!child || !server.running) return;
      const gone = exited(child);
      child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      if (!child || !server.running) return;
      const running = child;
      const gone = exited(running);
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
    async dispose() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * `npm run users -- add EMAIL --first-name A --last-name B` on the server's data dir, the password on
 * stdin: on the database itself while no server runs on it, through the server while it runs.
 */
export function addUser(server: OwnServer, user: { email: string; firstName: string; lastName: string; password: string }): Promise<string> {
  const args = ['run', '--silent', 'users', '--', 'add', user.email, '--first-name', user.firstName, '--last-name', user.lastName];
  const cli = spawn('npm', args, { env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cli.stdin.end(`${user.password}\n`);
  return new Promise((resolve, reject) => {
    cli.once('error', reject);
    cli.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run users -- add ${user.email} exited with ${code}:\n${output}`))));
  });
}
