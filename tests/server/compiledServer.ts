/**
 * The compiled server (dist/server, scripts/server-build.mjs) for tests that run what production
 * runs: `node dist/server/main.js`, and the commands through scripts/run-cli.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { listening, ROOT, runNode, spawnNode, watch, type RunResult, type RunningServer } from './spawn';

/** Builds dist/server (and the PGlite template) unless it is a build of the current sources. Seconds; call in beforeAll. */
export function ensureServerBuild(): void {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/server-build.mjs'), '--if-stale', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`scripts/server-build.mjs failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
}

/**
 * A command as `npm run NAME` runs it: scripts/run-cli.mjs on the compiled entry `entry` (a key of
 * scripts/server-build.mjs ENTRY_POINTS), to its end; `input` is written to its stdin. Call
 * ensureServerBuild in beforeAll first, or a stale build is rebuilt (and says so on stderr).
 */
export function runCommand(entry: string, args: string[], env: Record<string, string | undefined> = {}, input?: string): Promise<RunResult> {
  return runNode([path.join(ROOT, 'scripts/run-cli.mjs'), entry, ...args], env, input);
}

/** `node dist/server/main.js`, waited for until it listens. */
export function startCompiledServer(env: Record<string, string | undefined>): Promise<RunningServer> {
  return listening(watch(spawnNode([path.join(ROOT, 'dist/server/main.js')], env)));
}

/** `npm run --silent serve` (npm, then node on scripts/run-cli.mjs): the command an administrator types. */
export function startNpmServe(env: Record<string, string | undefined>): Promise<RunningServer> {
  const { PATH, HOME } = process.env;
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: ROOT,
    env: Object.fromEntries(
      Object.entries({ ...process.env, DATABASE_URL: undefined, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PATH, HOME, ...env }).filter(([, v]) => v !== undefined),
    ) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return listening(watch(child));
}
