import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverFilePath } from '../../server/admin/serverFile';
import { acquireDirLock, DataDirLockedError, isAlive, LOCK_FILE_NAME, processStartTime } from '../../server/db/lock';
import { openDatabase } from '../../server/db/open';
import { loadMaterial } from '../../server/store/models';
import { loopMaterial } from './child/importLoop';
import { seedPgliteDataDir } from './databases';
import { runTsx, startServer, startTsx, type RunningProcess } from './spawn';
import { makeZombie, type Zombie } from './zombie';

const dirs: string[] = [];
const children: RunningProcess[] = [];
const zombies: Zombie[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-lock-'));
  dirs.push(dir);
  return dir;
};

afterEach(async () => {
  for (const c of children.splice(0)) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  for (const z of zombies.splice(0)) await z.dispose();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A process that takes the lock of `dir` and waits. */
function holdLock(dir: string): RunningProcess {
  const child = startTsx('tests/server/child/holdLock.ts', [dir], {});
  children.push(child);
  return child;
}

describe('data dir lock (PGlite only: PostgreSQL needs none)', () => {
  it('refuses a second lock in the same process and frees it on release', () => {
    const dir = tempDir();
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDirLock(dir).release();
  });

  it('fails at once with the dir and the pid when another live process holds it', async () => {
    const dir = tempDir();
    const holder = holdLock(dir);
    await holder.waitFor(/holding/);
    const started = Date.now();
    const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toBe(
      `Data directory ${path.resolve(dir)} is in use by process ${holder.pid} (lock file ${path.join(path.resolve(dir), LOCK_FILE_NAME)}). Stop that process first, or use another DATA_DIR.`,
    );
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
  });

  it('takes over a stale lock whose process is gone or whose pid was reused', async () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    const gone = await runTsx('tests/server/child/holdLock.ts', [dir, '--exit'], {});
    expect(gone.stdout).toContain('holding');
    fs.writeFileSync(file, `${/pid (\d+)/.exec(gone.stdout)?.[1]}\n\n`);
    acquireDirLock(dir).release();

    const live = holdLock(tempDir());
    await live.waitFor(/holding/);
    fs.writeFileSync(file, `${live.pid}\n1\n`); // a live pid, but not the process that wrote the lock
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(file, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('counts a zombie (exited, not reaped) as dead and takes over the lock it names', async () => {
    const zombie = await makeZombie();
    zombies.push(zombie);
    const startTime = processStartTime(zombie.pid);
    expect(startTime).not.toBeNull();
    expect(isAlive(zombie.pid, startTime)).toBe(false);
    expect(isAlive(zombie.pid, null)).toBe(false);
    expect(isAlive(process.pid, processStartTime(process.pid))).toBe(true);

    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    fs.writeFileSync(file, `${zombie.pid}\n${startTime}\n`);
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(file, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('a zombie pid does not block a new server, nor a command', async () => {
    const zombie = await makeZombie();
    zombies.push(zombie);
    const dir = tempDir();
    await seedPgliteDataDir(dir);
    const file = path.join(dir, LOCK_FILE_NAME);
    const startTime = processStartTime(zombie.pid);
    const zombieLock = `${zombie.pid}\n${startTime}\n`;
    // The zombie was a server on this dir: its lock and its server file are left behind.
    const zombieServerFile = serverFilePath(dir, zombie.pid);
    fs.mkdirSync(path.dirname(zombieServerFile), { recursive: true });
    fs.writeFileSync(
      zombieServerFile,
      JSON.stringify({ pid: zombie.pid, startTime, origin: 'http://localhost:9', adminOrigin: 'http://127.0.0.1:9', token: 'zombie', database: 'pglite', databaseId: null, startedAt: new Date().toISOString() }),
      { mode: 0o600 },
    );
    fs.writeFileSync(file, zombieLock);

    const command = await runTsx('server/cli/users.ts', ['list'], { DATA_DIR: dir, LOCK_WAIT_MS: '0' });
    expect(command.stderr).toBe('');
    expect(command.code).toBe(0);
    expect(fs.existsSync(file)).toBe(false); // taken over, and released when the command ended

    fs.writeFileSync(file, zombieLock);
    const server = await startServer({ DATA_DIR: dir, CONTENT_DIR: path.join(dir, 'no-content') });
    children.push(server);
    expect(fs.readFileSync(file, 'utf8').split('\n')[0]).toBe(String(server.pid));
    expect(fs.existsSync(serverFilePath(dir, server.pid))).toBe(true);
    expect(fs.existsSync(zombieServerFile), 'the zombie’s server file is removed by the new server').toBe(false);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(fs.existsSync(file)).toBe(false);
  }, 120_000);

  it('keeps every committed import and opens again after SIGKILL in the middle of writing', async () => {
    const dir = tempDir();
    await seedPgliteDataDir(dir);
    for (const wait of [300, 900]) {
      const writer = startTsx('tests/server/child/importLoop.ts', [dir], {});
      children.push(writer);
      await writer.waitFor(/committed 2\b/);
      await new Promise((r) => setTimeout(r, wait));
      writer.child.kill('SIGKILL');
      await writer.exited;
      const lastCommitted = Math.max(...[...writer.output().matchAll(/committed (\d+)/g)].map((m) => Number(m[1])));
      expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true); // left behind by the killed process

      const db = await openDatabase({ dataDir: dir });
      try {
        const material = await loadMaterial(db, 'loop');
        const version = Number(/v(\d+)/.exec(material?.title ?? '')?.[1]);
        // Everything acknowledged is there; a version in flight is there whole or not at all.
        expect(version).toBeGreaterThanOrEqual(lastCommitted);
        expect(version).toBeLessThanOrEqual(lastCommitted + 1);
        const expected = loopMaterial(version);
        expect(material).toEqual({ ...expected, created_at: material?.created_at });
        expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM models WHERE root_id = 'loop'`))[0].n).toBe(expected.content.length + 1);
      } finally {
        await db.close();
      }
    }
  }, 120_000);
});
