/**
 * The commands (`npm run import`, `npm run users`, `npm run export:scorm`) beside a running server.
 *
 * Every server that listens writes `DATA_DIR/servers/PID.json` (its address and a token made for
 * this start, mode 0600: server/admin/serverFile.ts). When such a file names a live server on the
 * database this command is configured for (PGlite in the same data dir, or the same PostgreSQL
 * database), the command sends its work to the server's admin routes (server/routes/admin.ts)
 * instead of opening the database: PGlite is locked by the server, and on PostgreSQL the server's
 * caches are cleared at once. Of several such servers (a fleet on one PostgreSQL database) it takes
 * the one started last. Share links then carry the server's real address and port. Without such a
 * server the command opens the database itself, as before.
 */
import { readServerFiles, databaseId, unreadableServerFileMessage, type ServerFile } from '../admin/serverFile';
import { isAlive, LOCK_FILE_NAME } from '../db/lock';
import type { ServerConfig } from '../config';
import fs from 'node:fs';
import path from 'node:path';

/** A refused or failed admin request: the status and the `path: message` lines of the answer. */
export class AdminRequestError extends Error {
  constructor(
    readonly status: number,
    readonly problems: string[],
  ) {
    super(problems.join('\n'));
    this.name = 'AdminRequestError';
  }
}

/** The server could not be reached at all (it stopped meanwhile, or its address is wrong). */
export class ServerUnreachableError extends Error {}

/** Calls one admin route of a server and answers its `data`. */
export type AdminCall = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', route: string, body?: unknown) => Promise<T>;

/** The pid of the live process holding the data dir's lock (server/db/lock.ts), or null (none, or it died). */
function lockHolder(dataDir: string): number | null {
  let pidLine: string;
  let startLine: string;
  try {
    [pidLine = '', startLine = ''] = fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(pidLine);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid, startLine.trim() || null) ? pid : null;
}

/**
 * The running server that owns the configured database, or null; the one started last when several
 * do. PGlite: the server file's process holds the data dir's lock. PostgreSQL: the server file names
 * the same database (server, port, name and user). A server on the other kind of database does not
 * count. Throws when no readable file names such a server but a live server's file cannot be read
 * (a command run by another user than the server's).
 */
export function runningServerFor(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): ServerFile | null {
  const { servers, unreadable } = readServerFiles(config.dataDir);
  const { databaseUrl } = config;
  let server: ServerFile | undefined;
  if (databaseUrl) {
    const id = databaseId(databaseUrl);
    server = servers.find((s) => s.database === 'postgres' && s.databaseId === id);
  } else {
    const holder = servers.length > 0 ? lockHolder(config.dataDir) : null;
    server = servers.find((s) => s.database === 'pglite' && s.pid === holder);
  }
  if (server) return server;
  if (unreadable.length > 0) throw new Error(unreadableServerFileMessage(unreadable[0]));
  return null;
}

/**
 * Waits, at most `timeoutMs`, until the process holding the PGlite lock serves commands (a server
 * that was still starting: opening its database, loading the demo) or lets go of the lock (another
 * command ended, a server stopped). True when either happened: try again.
 */
export async function waitForServerOrFreeLock(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (runningServerFor(config) || lockHolder(config.dataDir) === null) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The admin routes of `server`, called with its token. */
export function adminClient(server: ServerFile): AdminCall {
  return async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${server.adminOrigin}/api/admin${route}`, {
        method,
        headers: { authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ServerUnreachableError(`The server (pid ${server.pid}) did not answer at ${server.adminOrigin}: ${(error as Error).cause ?? (error as Error).message}`);
    }
    const payload = (await response.json().catch(() => null)) as { data?: T; errors?: { path: string; message: string }[] } | null;
    if (!response.ok) {
      const problems = payload?.errors?.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)) ?? [`HTTP ${response.status}`];
      throw new AdminRequestError(response.status, problems);
    }
    return payload?.data as T;
  };
}
