import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../server/db/lock';
import { seedPgliteDataDir } from './databases';
import { smallMaterial } from './fixtures';
import { runTsx, startServer, startTsx, type RunningProcess } from './spawn';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-process-'));
const contentDir = path.join(base, 'content');
fs.mkdirSync(contentDir);
fs.writeFileSync(path.join(contentDir, 'demo-material.json'), JSON.stringify(smallMaterial('demo-proc', { title: 'Process demo' })));
const running: RunningProcess[] = [];

afterAll(() => {
  for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  fs.rmSync(base, { recursive: true, force: true });
});

async function demoPage(origin: string): Promise<{ status: number; body: string }> {
  const start = await fetch(`${origin}/`, { redirect: 'manual' });
  const location = start.headers.get('location');
  if (!location) return { status: start.status, body: await start.text() };
  const page = await fetch(`${origin}${location}`);
  return { status: page.status, body: await page.text() };
}

describe('server process on PGlite: lock, SIGKILL, SIGTERM', () => {
  const dataDir = path.join(base, 'data');
  const lockFile = path.join(dataDir, LOCK_FILE_NAME);

  it('loads the demo once, refuses a second server at once, restarts after SIGKILL, stops cleanly on SIGTERM', async () => {
    await seedPgliteDataDir(dataDir);
    const env = { DATA_DIR: dataDir, CONTENT_DIR: contentDir };

    const first = await startServer(env);
    running.push(first);
    expect(first.output()).toMatch(/Demo material: {3}http:\/\/localhost:\d+\/s\/[A-Za-z0-9_-]{24}\//);
    expect(first.output()).toContain('Loaded demo material "Process demo"');
    expect(first.output()).toMatch(/demo-collection\.json not found; skipped/);
    expect(first.output()).toMatch(/started in \d+ ms/);
    expect((await demoPage(first.origin)).body).toContain('<title>Process demo</title>');
    expect(fs.readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(first.pid));

    const second = await runTsx('server/main.ts', [], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Cannot start: Data directory ${dataDir} is in use by process ${first.pid}`);
    expect(second.ms).toBeLessThan(10_000);

    // The command goes through the running server (it holds the database) and prints its real address.
    const cli = await runTsx('server/cli/import.ts', [path.join(contentDir, 'demo-material.json')], env);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(`through the server running at ${first.origin} (pid ${first.pid})`);
    expect(cli.stdout).toMatch(new RegExp(`Share \\(public\\): ${first.origin}/s/[A-Za-z0-9_-]{24}/`));

    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(lockFile)).toBe(true);

    const third = await startServer(env);
    running.push(third);
    expect(third.output()).not.toContain('Loaded demo');
    const page = await demoPage(third.origin);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Process demo</title>');
    expect(fs.readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(third.pid));

    third.child.kill('SIGTERM');
    expect(await third.exited).toEqual({ code: 0, signal: null });
    expect(third.output()).toContain('SIGTERM: shutting down');
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 180_000);

  it('starts on a fresh data dir even after being killed while creating it', async () => {
    const fresh = path.join(base, 'fresh');
    // Without the build's template: PGlite's initdb makes the database, slowly enough to be killed meanwhile.
    const env = { DATA_DIR: fresh, CONTENT_DIR: path.join(base, 'no-content'), PGLITE_TEMPLATE: '0' };
    // Kill it while PGlite is creating the database (the half-made dir is pglite.init-PID).
    const creating = startTsx('server/main.ts', [], env);
    running.push(creating);
    const initDir = await poll(() => (fs.existsSync(fresh) ? fs.readdirSync(fresh).find((e) => e.startsWith('pglite.init-')) : undefined));
    await new Promise((r) => setTimeout(r, 300));
    creating.child.kill('SIGKILL');
    expect((await creating.exited).signal).toBe('SIGKILL');
    expect(creating.output()).not.toContain('listening');
    expect(fs.existsSync(path.join(fresh, initDir))).toBe(true);
    expect(fs.existsSync(path.join(fresh, 'pglite'))).toBe(false);

    const server = await startServer(env);
    running.push(server);
    expect(fs.readdirSync(fresh).filter((e) => e.includes('.init-'))).toEqual([]);
    expect(fs.existsSync(path.join(fresh, 'pglite', 'PG_VERSION'))).toBe(true);
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    server.child.kill('SIGINT');
    expect((await server.exited).code).toBe(0);
    expect(fs.existsSync(path.join(fresh, LOCK_FILE_NAME))).toBe(false);
  }, 180_000);
});

async function poll<T>(probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('poll timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
