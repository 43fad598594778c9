/**
 * The compiled server (dist/server, scripts/server-build.mjs) for tests that run what production
 * runs: `node dist/server/main.js`, and the commands through scripts/run-cli.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { listening, ROOT, spawnNode, watch, type RunningServer } from './spawn';

/** Builds dist/server (and the PGlite template) unless it is a build of the current sources. Seconds; call in beforeAll. */
export function ensureServerBuild(): void {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/server-build.mjs'), '--if-stale', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`scripts/server-build.mjs failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
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
