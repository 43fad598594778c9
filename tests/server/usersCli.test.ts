import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import { openDatabase, pgliteDir } from '../../server/db/open';
import type { Database } from '../../server/db/types';
import { seedPgliteDataDir, testDatabaseKinds, inWrittenDatabase, useTestDatabase } from './databases';
import { ensureServerBuild, runCommand } from './compiledServer';

/** The command as `npm run` runs it: the compiled entry (scripts/run-cli.mjs), as in production. */
const CLI = 'users';

beforeAll(() => ensureServerBuild(), 180_000);

describe.each(testDatabaseKinds)('npm run users on %s', (kind) => {
  const t = useTestDatabase(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-users-'));
  const dataDir = path.join(dir, 'data');
  const run = (args: string[], input?: string) => runCommand(CLI, args, { DATA_DIR: dataDir, DATABASE_URL: t.url }, input);
  /** The database the CLI wrote to (PGlite: the data dir, opened while no CLI runs). */
  const inDb = <T>(fn: (db: Database) => Promise<T>): Promise<T> => inWrittenDatabase(kind, t.db, dataDir, fn);
  const userRow = (email: string) =>
    inDb(async (db) => (await db.query<{ id: string; firstname: string; lastname: string; password_hash: string }>('SELECT id, firstname, lastname, password_hash FROM users WHERE email = $1', [email]))[0]);

  beforeAll(async () => {
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('adds a user with the first line of stdin as the password, lower-cases the email, and refuses a second one', async () => {
    const res = await run(['add', 'Ada@Example.ORG', '--first-name', 'Ada', '--last-name', 'Lovelace'], 'analytical engine\nignored second line\n');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('Added user ada@example.org (Ada Lovelace).\n');
    const row = await userRow('ada@example.org');
    expect(row).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace' });
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('analytical engine', row.password_hash)).toBe(true);

    const again = await run(['add', 'ada@example.org'], 'another password\n');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('A user with the email ada@example.org already exists.');
  });

  it('refuses a short or missing password and a bad email, writing nothing', async () => {
    const short = await run(['add', 'short@example.org'], 'seven77\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('The password must have at least 8 characters.');
    const none = await run(['add', 'none@example.org']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No password given');
    const bad = await run(['add', 'not-an-email'], 'long enough password\n');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"not-an-email" is not an email address.');
    expect(await inDb(async (db) => (await db.query('SELECT email FROM users WHERE email <> $1', ['ada@example.org'])).length)).toBe(0);
  });

  it('lists users, changes a password (ending the sessions) and removes a user', async () => {
    const list = await run(['list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ada@example\.org\tAda Lovelace\tadded \d{4}-\d{2}-\d{2}\n$/);

    const { id } = await inDb(async (db) => {
      const [user] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', ['ada@example.org']);
      await db.query(`INSERT INTO auth_sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, ['a'.repeat(64), user.id]);
      return user;
    });
    const changed = await run(['password', 'ADA@example.org'], 'difference engine\n');
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain('Changed the password of ada@example.org; their login sessions were ended.');
    const after = await inDb(async (db) => ({
      hash: (await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]))[0].password_hash,
      sessions: (await db.query('SELECT token_hash FROM auth_sessions WHERE user_id = $1', [id])).length,
    }));
    expect(await verifyPassword('difference engine', after.hash)).toBe(true);
    expect(after.sessions).toBe(0);

    const roles = await run(['roles', 'ada@example.org', 'Teacher', 'staff', 'teacher']);
    expect([roles.code, roles.stdout]).toEqual([0, 'ada@example.org now holds the roles staff, teacher.\n']);
    expect((await run(['list'])).stdout).toMatch(/^ada@example\.org\tAda Lovelace\tadded \d{4}-\d{2}-\d{2}\troles staff, teacher\n$/);
    const badRole = await run(['roles', 'ada@example.org', 'staff room']);
    expect([badRole.code, badRole.stderr]).toEqual([2, expect.stringContaining('"staff room" is not a role')]);
    expect(await inDb(async (db) => (await db.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [id]))[0].roles)).toEqual(['staff', 'teacher']);

    const removed = await run(['remove', 'ada@example.org']);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('Removed user ada@example.org');
    const gone = await run(['remove', 'ada@example.org']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('No user with the email ada@example.org.');
    expect((await run(['list'])).stdout).toContain('No users yet.');
  }, 150_000); // nine CLI runs, each a node process that opens the database

  it('explains its usage with exit code 2', async () => {
    const res = await run(['frobnicate']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Unknown command "frobnicate".');
    expect(res.stderr).toContain('add EMAIL [--first-name NAME] [--last-name NAME]');
  });

  it.runIf(kind === 'pglite')('waits for a process that holds the PGlite dir but takes no commands, then says so', async () => {
    const db = await openDatabase({ dataDir });
    try {
      const res = await runCommand(CLI, ['list'], { DATA_DIR: dataDir, LOCK_WAIT_MS: '600' });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`The embedded database in ${pgliteDir(dataDir)} is held by process ${process.pid}; waiting up to 1 s`);
      expect(res.stderr).toContain(`is held by process ${process.pid}, which takes no commands (another command, or a server still starting): wait for it or stop it, then run this command again.`);
    } finally {
      await db.close();
    }
  });
});
