/**
 * The app under test: the client built into a directory of the bench's own, the generated materials
 * imported with the project's import command (`server/cli/import.ts`, a public share each) into a
 * fresh data dir (or the PostgreSQL database of `--postgres`), and the real server
 * (`node --import tsx server/main.ts`) on a free port of 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateMaterial, type GeneratedMaterial } from './generateMaterial';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1 (never 3000 or 3100, which the team's servers use). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port && port !== 3000 && port !== 3100) return port;
  }
}

type Run = { code: number | null; output: string };

/** Runs a command in a checkout's root; the output is kept for error messages. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd = ROOT): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/**
 * `vite build` of the checkout `root` into `outDir` (the team's dist/client stays untouched while they work);
 * with `sourcemap`, maps beside the chunks, for the profiling tools to name functions by their source.
 */
export async function buildClient(outDir: string, root = ROOT, options: { sourcemap?: boolean } = {}): Promise<void> {
  const args = [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', ...(options.sourcemap ? ['--sourcemap'] : [])];
  const result = await run(process.execPath, args, process.env, root);
  if (result.code !== 0) throw new Error(`vite build failed (${result.code}):\n${result.output.slice(-4000)}`);
}

export interface DatabaseTarget {
  /** The checkout whose import command and server run (default this one). */
  root?: string;
  /** PGlite data dir (when no databaseUrl). */
  dataDir: string;
  databaseUrl?: string;
}

function databaseEnv(target: DatabaseTarget, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, LOG_LEVEL: 'warn', ...extra };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/** `npm run import -- FILE --share public` (the same script, without npm); answers the share's public id. */
export async function importMaterial(file: string, target: DatabaseTarget): Promise<string> {
  const root = target.root ?? ROOT;
  const result = await run(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli/import.ts'), file, '--share', 'public'], databaseEnv(target, { INIT_CWD: root }), root);
  const share = /Share \(public[^)]*\): \S*\/s\/([A-Za-z0-9_-]+)\//.exec(result.output);
  if (result.code !== 0 || !share) throw new Error(`import of ${file} failed (${result.code}):\n${result.output.slice(-4000)}`);
  return share[1];
}

export interface RunningServer {
  origin: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `server/main.ts` and waits until `/api/health` answers. `BENCH_SERVER_NODE_ARGS` adds Node options
 * that NODE_OPTIONS refuses (`--cpu-prof --cpu-prof-dir=DIR`: the server's profile, written when it stops).
 */
export async function startServer(options: DatabaseTarget & { port: number; clientDir: string; timeoutMs?: number }): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const env = databaseEnv(options, { PORT: String(options.port), HOST: '127.0.0.1', CLIENT_DIR: options.clientDir });
  const root = options.root ?? ROOT;
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server/main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output.slice(-4000)}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, process: child, output: () => output, stop };
}

/** The demo's addresses, from the links a server on a fresh data dir prints when it starts (it loads the demo). */
export function demoLinks(server: RunningServer): { material: string; collection: string } {
  const link = (label: string) => {
    const found = new RegExp(`${label}:\\s+(\\S+/s/[A-Za-z0-9_-]+/)`).exec(server.output());
    if (!found) throw new Error(`the server printed no "${label}" link:\n${server.output().slice(-2000)}`);
    return found[1];
  };
  return { material: link('Demo material'), collection: link('Demo collection') };
}

/** A generated material of `size` elements served by the real server from a temporary data dir (the profiling tools). */
export interface ServedMaterial {
  server: RunningServer;
  share: string;
  generated: GeneratedMaterial;
  /** Stops the server and deletes the data dir. */
  stop: () => Promise<void>;
}

/**
 * Builds the client into `clientDir` when asked (or when it holds no build; `'sourcemap'` with source maps),
 * imports a material of `size` generated elements (scripts/bench/generateMaterial.ts, seed 1) into a fresh
 * temporary PGlite dir and starts the server on it.
 */
export async function serveGeneratedMaterial(size: number, clientDir: string, build: boolean | 'sourcemap'): Promise<ServedMaterial> {
  if (build || !existsSync(path.join(clientDir, 'index.html'))) await buildClient(clientDir, ROOT, { sourcemap: build === 'sourcemap' });
  const temp = mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const generated = generateMaterial(size, 1);
  const file = path.join(temp, 'material.json');
  writeFileSync(file, JSON.stringify(generated.material));
  const target = { dataDir: path.join(temp, 'data') };
  const share = await importMaterial(file, target);
  const server = await startServer({ ...target, port: await freePort(), clientDir });
  const stop = async () => {
    await server.stop();
    rmSync(temp, { recursive: true, force: true });
  };
  return { server, share, generated, stop };
}
