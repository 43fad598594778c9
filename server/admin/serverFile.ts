/**
 * `DATA_DIR/servers/PID.json`: a running server's address and admin token, for the commands
 * (`npm run import`, `npm run users`, `npm run export:scorm`) started beside it.
 *
 * Every server writes a file of its own, named by its pid, once it listens (a new token on every
 * start), and removes it when it shuts down; so several servers may share one DATA_DIR (a fleet on
 * one PostgreSQL database, each on its own PORT) and none overwrites or removes another's. The files
 * are created with mode 0600, so only the server's user (and root) can read the token. A file whose
 * process is gone (killed, or a zombie) is stale: the commands ignore it and the next server to start
 * removes it. A command picks, among the live servers on the database it is configured for, the one
 * started last (server/cli/viaServer.ts), sends its work to that server's admin routes
 * (server/routes/admin.ts) with the token, and prints share links with the server's real address and port.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive, processStartTime } from '../db/lock';

/** The directory in DATA_DIR that holds the server files. */
export const SERVERS_DIR_NAME = 'servers';

/** The server file of process `pid` in `dataDir`. */
export const serverFilePath = (dataDir: string, pid: number = process.pid): string => path.join(dataDir, SERVERS_DIR_NAME, `${pid}.json`);

export interface ServerFile {
  pid: number;
  /** The process's start time (Linux), so that a pid reused after a crash is not taken for the server. */
  startTime: string | null;
  /** Where learners reach the server: the origin of the share links (`http://localhost:3000`). */
  origin: string;
  /** Where a command on this machine reaches the admin routes (a loopback address when the server listens on all). */
  adminOrigin: string;
  /** Bearer token of the admin routes. */
  token: string;
  database: 'pglite' | 'postgres';
  /** PostgreSQL: which database (server, port, name and user; never the password), see `databaseId`. */
  databaseId: string | null;
  startedAt: string;
}

/** A token for the admin routes: 32 random bytes. */
export const newAdminToken = (): string => randomBytes(32).toString('base64url');

/** Which PostgreSQL database a URL names, without its password (a command compares it with the server's). */
export function databaseId(databaseUrl: string): string {
  let key = databaseUrl;
  try {
    const url = new URL(databaseUrl);
    key = `${url.username}@${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    // not a URL (a keyword/value connection string): the whole string identifies it
  }
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const ALL = new Set(['0.0.0.0', '::', '']);

const hostInUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** The origin of share links for a server listening on `host`:`port` (localhost when it listens on all addresses or loopback). */
export function publicOrigin(host: string, port: number): string {
  return `http://${ALL.has(host) || LOOPBACK.has(host) || host.startsWith('127.') ? 'localhost' : hostInUrl(host)}:${port}`;
}

/** Where a command on this machine reaches a server listening on `host`:`port`. */
export function adminOrigin(host: string, port: number): string {
  if (host === '::') return `http://[::1]:${port}`;
  if (ALL.has(host) || host === 'localhost') return `http://127.0.0.1:${port}`;
  return `http://${hostInUrl(host)}:${port}`;
}

/**
 * Writes this process's server file (mode 0600, complete or not at all) and removes the files of
 * servers that are gone.
 */
export function writeServerFile(dataDir: string, info: Omit<ServerFile, 'pid' | 'startTime' | 'startedAt'>): ServerFile {
  const file = serverFilePath(dataDir);
  const content: ServerFile = { pid: process.pid, startTime: processStartTime(process.pid), startedAt: new Date().toISOString(), ...info };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  fs.rmSync(tmp, { force: true });
  fs.writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(tmp, file);
  removeStaleServerFiles(dataDir);
  return content;
}

/** Removes this process's server file if it still holds `token` (safe to call twice). */
export function removeServerFile(dataDir: string, token: string): void {
  const file = serverFilePath(dataDir);
  if (readEntry(file).info?.token === token) fs.rmSync(file, { force: true });
}

/** What the server files of `dataDir` say: the live servers, started last first, and the files of live servers this user may not read. */
export interface ServerFiles {
  servers: ServerFile[];
  unreadable: string[];
}

/** The server files of the live servers on `dataDir` (a dead or zombie process's file is ignored). */
export function readServerFiles(dataDir: string): ServerFiles {
  const servers: ServerFile[] = [];
  const unreadable: string[] = [];
  for (const { file, pid } of serverFileEntries(dataDir)) {
    const { info, denied } = readEntry(file);
    if (denied && isAlive(pid, null)) unreadable.push(file);
    if (info && info.pid === pid && isAlive(pid, info.startTime ?? null)) servers.push(info);
  }
  servers.sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : 0));
  return { servers, unreadable };
}

/** Why a command cannot use a live server's file: it runs as another user than the server. */
export const unreadableServerFileMessage = (file: string): string =>
  `${file} of the running server is readable only by the server's user: run this command as that user.`;

function serverFileEntries(dataDir: string): { file: string; pid: number }[] {
  const dir = path.join(dataDir, SERVERS_DIR_NAME);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const pid = /^(\d+)\.json$/.exec(name)?.[1];
    return pid ? [{ file: path.join(dir, name), pid: Number(pid) }] : [];
  });
}

/** A server file's content (null: gone, unreadable, being replaced or damaged); `denied` when this user may not read it. */
function readEntry(file: string): { raw: string | null; info: ServerFile | null; denied: boolean } {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') return { raw: null, info: null, denied: true };
    return { raw: null, info: null, denied: false };
  }
  try {
    const info = JSON.parse(raw) as ServerFile;
    const complete = typeof info.pid === 'number' && typeof info.token === 'string' && typeof info.adminOrigin === 'string';
    return { raw, info: complete ? info : null, denied: false };
  } catch {
    return { raw, info: null, denied: false };
  }
}

/** Removes the server files whose process is gone, each only if it still holds what was read (its pid may run a new server meanwhile). */
function removeStaleServerFiles(dataDir: string): void {
  for (const { file, pid } of serverFileEntries(dataDir)) {
    if (pid === process.pid) continue;
    const { raw, info } = readEntry(file);
    if (raw === null || isAlive(pid, info?.pid === pid ? (info.startTime ?? null) : null)) continue;
    try {
      if (fs.readFileSync(file, 'utf8') === raw) fs.rmSync(file, { force: true });
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
}
