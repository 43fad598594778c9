/**
 * Issue 23: every server writes a file of its own (DATA_DIR/servers/PID.json), so several servers
 * share a data dir without overwriting or removing each other's; the files of servers that are gone
 * (killed, zombies, a pid now running something else) are ignored by the commands and removed by the
 * next server to start; a command takes the live server on its database that started last.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseId, readServerFiles, removeServerFile, serverFilePath, writeServerFile, type ServerFile } from '../../server/admin/serverFile';
import { runningServerFor } from '../../server/cli/viaServer';
import { processStartTime } from '../../server/db/lock';
import { makeZombie, type Zombie } from './zombie';

const POSTGRES_URL = 'postgres://lernwerk:secret@127.0.0.1:5432/lernwerk';
const OTHER_POSTGRES_URL = 'postgres://lernwerk:secret@127.0.0.1:5432/other';

const dirs: string[] = [];
const sleepers: ChildProcess[] = [];
const zombies: Zombie[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of sleepers.splice(0)) s.kill('SIGKILL');
  for (const z of zombies.splice(0)) await z.dispose();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-server-file-'));
  dirs.push(dir);
  return dir;
};

/** A live process that is not this one (a stand-in for another server). */
function liveProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  sleepers.push(child);
  return child.pid as number;
}

/** The pid of a process that ran and was reaped. */
async function deadPid(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

const serverOn = (databaseUrl: string | null, pid: number, fields: Partial<ServerFile> = {}): ServerFile => ({
  pid,
  startTime: processStartTime(pid),
  origin: `http://localhost:${4000 + (pid % 1000)}`,
  adminOrigin: `http://127.0.0.1:${4000 + (pid % 1000)}`,
  token: `token-${pid}`,
  database: databaseUrl ? 'postgres' : 'pglite',
  databaseId: databaseUrl ? databaseId(databaseUrl) : null,
  startedAt: new Date().toISOString(),
  ...fields,
});

/** Writes a server file as another server would have (by its pid's name). */
function plant(dataDir: string, info: ServerFile | string, pid = typeof info === 'string' ? 0 : info.pid): string {
  const file = serverFilePath(dataDir, pid);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof info === 'string' ? info : JSON.stringify(info), { mode: 0o600 });
  return file;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('server files: one per server in DATA_DIR/servers', () => {
  it('writes its own file (mode 0600) beside live servers’ files, removes the stale ones, and removes only its own on shutdown', async () => {
    const dataDir = tempDir();
    const other = plant(dataDir, serverOn(POSTGRES_URL, liveProcess(), { startedAt: minutesAgo(5) }));
    const zombie = await makeZombie();
    zombies.push(zombie);
    const ofZombie = plant(dataDir, serverOn(POSTGRES_URL, zombie.pid));
    const dead = await deadPid();
    const ofDead = plant(dataDir, serverOn(POSTGRES_URL, dead, { startTime: null }));
    const damaged = plant(dataDir, '{"pid": ', await deadPid());
    const ofReusedPid = plant(dataDir, serverOn(POSTGRES_URL, liveProcess(), { startTime: '1' })); // the pid now runs another process

    const mine = writeServerFile(dataDir, { origin: 'http://localhost:3000', adminOrigin: 'http://127.0.0.1:3000', token: 'mine', database: 'postgres', databaseId: databaseId(POSTGRES_URL) });
    const own = serverFilePath(dataDir);
    expect(path.basename(own)).toBe(`${process.pid}.json`);
    expect(fs.statSync(own).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(own, 'utf8'))).toEqual(mine);
    expect(fs.existsSync(other)).toBe(true);
    for (const stale of [ofZombie, ofDead, damaged, ofReusedPid]) expect(fs.existsSync(stale), stale).toBe(false);
    expect(fs.readdirSync(path.dirname(own)).sort()).toEqual([path.basename(other), path.basename(own)].sort());

    removeServerFile(dataDir, 'not-my-token');
    expect(fs.existsSync(own)).toBe(true);
    removeServerFile(dataDir, 'mine');
    removeServerFile(dataDir, 'mine');
    expect(fs.existsSync(own)).toBe(false);
    expect(fs.existsSync(other)).toBe(true);
  });

  it('lists the live servers, started last first, ignoring zombies, dead pids and reused pids', async () => {
    const dataDir = tempDir();
    expect(readServerFiles(dataDir)).toEqual({ servers: [], unreadable: [] });
    const older = serverOn(POSTGRES_URL, liveProcess(), { startedAt: minutesAgo(10) });
    const newer = serverOn(POSTGRES_URL, liveProcess(), { startedAt: minutesAgo(1) });
    const zombie = await makeZombie();
    zombies.push(zombie);
    for (const info of [
      older,
      newer,
      serverOn(POSTGRES_URL, zombie.pid),
      serverOn(POSTGRES_URL, await deadPid(), { startTime: null }),
      serverOn(POSTGRES_URL, liveProcess(), { startTime: '1' }),
    ]) {
      plant(dataDir, info);
    }
    plant(dataDir, serverOn(POSTGRES_URL, liveProcess()), liveProcess()); // a file whose content names another pid than its name
    expect(readServerFiles(dataDir)).toEqual({ servers: [newer, older], unreadable: [] });
  });

  it('gives a command the live server on its PostgreSQL database that started last', async () => {
    const dataDir = tempDir();
    const first = serverOn(POSTGRES_URL, liveProcess(), { startedAt: minutesAgo(10) });
    const second = serverOn(POSTGRES_URL, liveProcess(), { startedAt: minutesAgo(5) });
    const elsewhere = serverOn(OTHER_POSTGRES_URL, liveProcess(), { startedAt: minutesAgo(1) });
    const zombie = await makeZombie();
    zombies.push(zombie);
    for (const info of [first, second, elsewhere, serverOn(POSTGRES_URL, zombie.pid)]) plant(dataDir, info);

    expect(runningServerFor({ dataDir, databaseUrl: POSTGRES_URL })).toEqual(second);
    expect(runningServerFor({ dataDir, databaseUrl: OTHER_POSTGRES_URL })).toEqual(elsewhere);
    expect(runningServerFor({ dataDir, databaseUrl: 'postgres://lernwerk@127.0.0.1:5433/lernwerk' })).toBeNull();
    expect(runningServerFor({ dataDir, databaseUrl: undefined })).toBeNull(); // PGlite: no server holds the dir's lock

    fs.rmSync(serverFilePath(dataDir, second.pid));
    expect(runningServerFor({ dataDir, databaseUrl: POSTGRES_URL })).toEqual(first);
  });

  it('says to run as the server’s user when only a live server’s file cannot be read', () => {
    const dataDir = tempDir();
    const ofLive = plant(dataDir, serverOn(POSTGRES_URL, liveProcess()));
    const readFileSync = fs.readFileSync;
    vi.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, options?: unknown) => {
      if (file === ofLive) throw Object.assign(new Error(`EACCES: permission denied, open '${ofLive}'`), { code: 'EACCES' });
      return readFileSync(file, options as BufferEncoding);
    }) as typeof fs.readFileSync);
    expect(readServerFiles(dataDir)).toEqual({ servers: [], unreadable: [ofLive] });
    expect(() => runningServerFor({ dataDir, databaseUrl: POSTGRES_URL })).toThrow(`${ofLive} of the running server is readable only by the server's user: run this command as that user.`);

    // A readable server on the command's database is used all the same.
    const readable = serverOn(POSTGRES_URL, liveProcess());
    plant(dataDir, readable);
    expect(runningServerFor({ dataDir, databaseUrl: POSTGRES_URL })).toEqual(readable);
  });
});
