/**
 * `DATA_DIR/server.json`: a running server's address and admin token, for the commands
 * (`npm run import`, `npm run users`) started beside it.
 *
 * The server writes it once it listens (a new token on every start) and removes it when it shuts
 * down; the file is created with mode 0600, so only the server's user (and root) can read the
 * token. A command that finds the file, with the process alive (and, on PGlite, the same process
 * holding the database lock), sends its work to the server's admin routes (server/routes/admin.ts)
 * with the token, and prints share links with the server's real address and port.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive, processStartTime } from '../db/lock';

export const SERVER_FILE_NAME = 'server.json';

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

/** Writes the server file (mode 0600, complete or not at all). */
export function writeServerFile(dataDir: string, info: Omit<ServerFile, 'pid' | 'startTime' | 'startedAt'>): ServerFile {
  const file = path.join(dataDir, SERVER_FILE_NAME);
  const content: ServerFile = { pid: process.pid, startTime: processStartTime(process.pid), startedAt: new Date().toISOString(), ...info };
  fs.mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.rmSync(tmp, { force: true });
  fs.writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(tmp, file);
  return content;
}

/** Removes the server file if it is still this server's (another server may have started on the dir since). */
export function removeServerFile(dataDir: string, token: string): void {
  const file = path.join(dataDir, SERVER_FILE_NAME);
  try {
    if ((JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ServerFile>).token === token) fs.rmSync(file, { force: true });
  } catch {
    // gone already, or not ours to remove
  }
}

/**
 * The server file of a live server on `dataDir`, or null (none, or its process is gone). Throws
 * when it exists but cannot be read (a command run by another user than the server's).
 */
export function readServerFile(dataDir: string): ServerFile | null {
  const file = path.join(dataDir, SERVER_FILE_NAME);
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EACCES' || code === 'EPERM') {
      throw new Error(`${file} of the running server is readable only by the server's user: run this command as that user.`);
    }
    throw error;
  }
  let info: ServerFile;
  try {
    info = JSON.parse(raw) as ServerFile;
  } catch {
    return null; // being replaced, or damaged: as if there were none
  }
  if (typeof info.pid !== 'number' || typeof info.token !== 'string' || typeof info.adminOrigin !== 'string') return null;
  return isAlive(info.pid, info.startTime ?? null) ? info : null;
}
