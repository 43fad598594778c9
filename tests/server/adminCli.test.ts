/**
 * Issue 10, point 4: `npm run import` and `npm run users` beside a running server go through it
 * (its admin routes, with the token of its DATA_DIR/servers/PID.json) and print share links with its
 * real address and port; a wrong token is refused and changes nothing; once the server stopped they
 * work on the database directly again. The server and the commands run compiled, as in production.
 * Issue 23: two servers on one PostgreSQL database share a DATA_DIR (a fleet), each with its own
 * server file; a command goes through the one started last, and through the other once that stopped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFilePath, SERVERS_DIR_NAME, type ServerFile } from '../../server/admin/serverFile';
import type { Database } from '../../server/db/types';
import { findShare } from '../../server/store/shares';
import { ensureServerBuild, startCompiledServer } from './compiledServer';
import { createTestDatabase, inWrittenDatabase, TEST_DATABASE_URL, testDatabaseKinds, useTestDatabase, type TestDatabase } from './databases';
import { richMaterialInput, smallMaterial } from './fixtures';
import { ROOT, runNode, type RunningServer } from './spawn';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-admin-cli-'));
const contentDir = path.join(base, 'no-content');
const started: RunningServer[] = [];

beforeAll(() => ensureServerBuild(), 180_000);
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  fs.rmSync(base, { recursive: true, force: true });
});

const file = (name: string, content: unknown) => {
  const p = path.join(base, name);
  fs.writeFileSync(p, JSON.stringify(content, null, 2));
  return p;
};

describe.each(testDatabaseKinds)('commands beside a running server on %s', (kind) => {
  const t = useTestDatabase(kind);
  const dataDir = path.join(base, `data-${kind}`);
  const env = () => ({ DATA_DIR: dataDir, CONTENT_DIR: contentDir, DATABASE_URL: t.url, PORT: '0' });
  /** A command as `npm run NAME` runs it (scripts/run-cli.mjs, compiled). */
  const command = (name: 'import' | 'users' | 'audit', args: string[], input?: string) => runNode([path.join(ROOT, 'scripts/run-cli.mjs'), name, ...args], env(), input);
  let server: RunningServer;

  const inDb = <T>(fn: (db: Database) => Promise<T>): Promise<T> => inWrittenDatabase(kind, t.db, dataDir, fn);

  beforeAll(async () => {
    server = await startCompiledServer(env());
    started.push(server);
  }, 120_000);

  it('writes its address and a token into the data dir, readable by its user only', () => {
    const serverFile = serverFilePath(dataDir, server.pid);
    expect(fs.readdirSync(path.join(dataDir, SERVERS_DIR_NAME))).toEqual([`${server.pid}.json`]);
    expect(fs.statSync(serverFile).mode & 0o777).toBe(0o600);
    const info = JSON.parse(fs.readFileSync(serverFile, 'utf8')) as ServerFile;
    expect(info).toMatchObject({ pid: server.pid, origin: server.origin, database: kind });
    expect(info.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server.origin).not.toBe('http://localhost:3000');
  });

  it('imports through the server and prints links with its real address', async () => {
    const res = await command('import', [file('rich.json', richMaterialInput), '--share', 'guest']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Imported material "Rich <material> & "friends"" (id m-rich, 18 models) through the server running at ${server.origin} (pid ${server.pid}).`);
    const link = new RegExp(`Share \\(guest, new\\): ${server.origin}/s/([A-Za-z0-9_-]{24})/`).exec(res.stdout);
    expect(link).not.toBeNull();
    // The server serves it at once (its caches were cleared by the import it made itself).
    const page = await fetch(`${server.origin}/s/${link?.[1]}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Rich &lt;material&gt;');

    const bad = await command('import', [file('bad.json', { ...smallMaterial('bad'), title: 7 })]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('title');
  });

  it('prints the audit log through the server: the import made a publication, by the admin token', async () => {
    const res = await command('audit', ['--root', 'm-rich', '--json']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const entries = res.stdout.trim().split('\n').map((row) => JSON.parse(row) as { actor: string; action: string; modelId: string });
    expect(entries[0]).toMatchObject({ actor: 'admin-token', action: 'import', modelId: 'm-rich' });
    const columns = await command('audit', ['--limit', '1']);
    expect(columns.stdout).toMatch(/^\d+\t\d{4}-\d\d-\d\dT[^\t]+\tadmin-token\timport\tMaterial m-rich\tnew \{.*"publicationId":/);
    expect((await command('audit', ['--limit', '0'])).code).toBe(2);
  });

  it('manages accounts through the server', async () => {
    const add = await command('users', ['add', 'Grace@Example.org', '--first-name', 'Grace', '--last-name', 'Hopper'], 'a very long password\n');
    expect(add.stderr).toBe('');
    expect(add.stdout).toBe('Added user grace@example.org (Grace Hopper).\n');
    const again = await command('users', ['add', 'grace@example.org'], 'a very long password\n');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('A user with the email grace@example.org already exists.');
    expect((await command('users', ['list'])).stdout).toMatch(/^grace@example\.org\tGrace Hopper\tadded \d{4}-\d\d-\d\d\n$/);

    // The server takes a login with the new account at once.
    const login = await fetch(`${server.origin}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'grace@example.org', password: 'a very long password' }) });
    expect(login.status).toBe(200);

    const password = await command('users', ['password', 'grace@example.org'], 'another long password\n');
    expect(password.code).toBe(0);
    expect((await command('users', ['password', 'nobody@example.org'], 'another long password\n')).stderr).toContain('No user with the email nobody@example.org.');
    const remove = await command('users', ['remove', 'grace@example.org']);
    expect(remove.stdout).toContain('Removed user grace@example.org');
    expect((await command('users', ['remove', 'grace@example.org'])).stderr).toContain('No user with the email grace@example.org.');
  }, 120_000);

  it('is refused with a wrong token, and nothing changes', async () => {
    const serverFile = serverFilePath(dataDir, server.pid);
    const original = fs.readFileSync(serverFile, 'utf8');
    const info = JSON.parse(original) as ServerFile;
    fs.writeFileSync(serverFile, JSON.stringify({ ...info, token: 'not-the-token' }), { mode: 0o600 });
    try {
      const res = await command('import', [file('other.json', smallMaterial('other'))]);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('The running server refused the command (HTTP 401)');
      // Nothing imported: the server's page list (GET / without a demo) does not name it.
      expect(await (await fetch(`${server.origin}/`)).text()).not.toContain('Material other');
    } finally {
      fs.writeFileSync(serverFile, original, { mode: 0o600 });
    }
  });

  it('works on the database directly once the server stopped', async () => {
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(fs.existsSync(serverFilePath(dataDir, server.pid))).toBe(false);
    const res = await runNode([path.join(ROOT, 'scripts/run-cli.mjs'), 'import', file('direct.json', smallMaterial('direct'))], { ...env(), PORT: '4321' });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).not.toContain('through the server');
    const link = /Share \(public, new\): http:\/\/localhost:4321\/s\/([A-Za-z0-9_-]{24})\//.exec(res.stdout);
    expect(await inDb((db) => findShare(db, link?.[1] ?? ''))).toMatchObject({ rootId: 'm-direct' });
  }, 120_000);
});

describe.skipIf(!TEST_DATABASE_URL)('a fleet: two servers on one PostgreSQL database sharing one DATA_DIR', () => {
  const dataDir = path.join(base, 'data-fleet');
  let database: TestDatabase;
  const env = () => ({ DATA_DIR: dataDir, CONTENT_DIR: contentDir, DATABASE_URL: database.url, PORT: '0' });
  const importFile = (name: string) => runNode([path.join(ROOT, 'scripts/run-cli.mjs'), 'import', file(`${name}.json`, smallMaterial(name))], env());
  const through = (server: RunningServer) => `through the server running at ${server.origin} (pid ${server.pid}).`;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('keeps a server file per server; a command goes through the one started last, and through the other once that stopped', async () => {
    const first = await startCompiledServer(env());
    started.push(first);
    const second = await startCompiledServer(env());
    started.push(second);
    expect(first.origin).not.toBe(second.origin);
    expect(fs.readdirSync(path.join(dataDir, SERVERS_DIR_NAME)).sort()).toEqual([`${first.pid}.json`, `${second.pid}.json`].sort());
    for (const server of [first, second]) {
      expect(JSON.parse(fs.readFileSync(serverFilePath(dataDir, server.pid), 'utf8'))).toMatchObject({ pid: server.pid, origin: server.origin, database: 'postgres' });
    }

    const viaSecond = await importFile('fleet-a');
    expect(viaSecond.stderr).toBe('');
    expect(viaSecond.code).toBe(0);
    expect(viaSecond.stdout).toContain(through(second));

    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(fs.existsSync(serverFilePath(dataDir, second.pid))).toBe(false);
    expect(fs.existsSync(serverFilePath(dataDir, first.pid))).toBe(true);

    const viaFirst = await importFile('fleet-b');
    expect(viaFirst.stderr).toBe('');
    expect(viaFirst.code).toBe(0);
    expect(viaFirst.stdout).toContain(through(first));
    // Both imports are in the one database: the server still running serves both shares.
    for (const output of [viaSecond.stdout, viaFirst.stdout]) {
      const shareId = /Share \(public, new\): http:\/\/localhost:\d+\/s\/([A-Za-z0-9_-]{24})\//.exec(output)?.[1];
      // Read to its end: a page left unread keeps its connection busy, and the server's shutdown waits for it.
      const page = await fetch(`${first.origin}/s/${shareId}/`);
      await page.text();
      expect(page.status, output).toBe(200);
    }

    first.child.kill('SIGTERM');
    expect((await first.exited).code, first.output()).toBe(0);
    expect(fs.readdirSync(path.join(dataDir, SERVERS_DIR_NAME))).toEqual([]);
  }, 180_000);
});
