import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ServerFile } from '../admin/serverFile';
import { readConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { openDatabase, pgliteDir } from '../db/open';
import type { Database } from '../db/types';
import { isSharePublicIdShape } from '../store/shares';
import { AdminRequestError, adminClient, runningServerFor, ServerUnreachableError, waitForServerOrFreeLock, type AdminCall } from './viaServer';

/** A failure the command explains in one message; the exit code is 1, or 2 for wrong usage. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * The command line with `--help` handled: answers the parsed arguments, or the exit code when the
 * command is done already (help printed: 0; unknown option: 2, with the usage).
 */
export function parseCommandLine<T extends Omit<ParseArgsConfig, 'args' | 'allowPositionals'>>(argv: string[], config: T, usage: string) {
  const { args: shieldedArgv, unshield } = shieldDashedIds(argv, config.options ?? {});
  let args;
  try {
    args = parseArgs({ ...config, args: shieldedArgv, allowPositionals: true as const });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if ((args.values as { help?: boolean }).help) {
    console.log(usage);
    return 0;
  }
  return { ...args, positionals: args.positionals.map(unshield) };
}

/**
 * A share id (base64url) begins with `-` one time in 64 (with `--` one time in 4,096), and parseArgs would read
 * `-Xq3…` as a cluster of short options, `--Xq3…` as an unknown long one (or either, after a string option, as
 * a missing value) and refuse it. Before `--`, an argument of a share id's shape that names no option of the
 * command is the value of the string option before it (joined to it: `--out=-Xq3…`), else a positional:
 * parseArgs gets it as a string that cannot be an option, given back afterwards.
 */
const SHIELD = '\u0000';

function shieldDashedIds(argv: string[], options: NonNullable<ParseArgsConfig['options']>) {
  const stringOption = (arg: string | undefined) => {
    if (!arg?.startsWith('-') || arg.includes('=')) return false;
    const name = arg.replace(/^--?/, '');
    const option = arg.startsWith('--') ? options[name] : Object.values(options).find((o) => o.short === name);
    return option?.type === 'string';
  };
  const terminator = argv.indexOf('--');
  const args: string[] = [];
  argv.forEach((arg, i) => {
    const namesOption = arg.startsWith('--') && Object.hasOwn(options, arg.slice(2));
    const dashedId = arg.startsWith('-') && !namesOption && isSharePublicIdShape(arg) && (terminator < 0 || i < terminator);
    if (!dashedId) args.push(arg);
    else if (stringOption(argv[i - 1])) args.push(`${args.pop()}${argv[i - 1].startsWith('--') ? '=' : ''}${arg}`);
    else args.push(SHIELD + arg);
  });
  return { args, unshield: (positional: string) => (positional.startsWith(SHIELD) ? positional.slice(SHIELD.length) : positional) };
}

/** How long a command waits for the process holding the embedded database (a server still starting, another command). */
function lockWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.LOCK_WAIT_MS);
  return env.LOCK_WAIT_MS !== undefined && Number.isFinite(ms) && ms >= 0 ? ms : 30_000;
}

/** A command's work, either way it reaches the data (server/cli/viaServer.ts). */
export interface CommandWork<T> {
  /** Through the running server's admin routes; `server.origin` is the origin of share links. */
  server: (call: AdminCall, server: ServerFile) => Promise<T>;
  /** On the database itself (no server runs on it); `origin` is the origin of share links (PORT, default 3000). */
  database: (db: Database, origin: string) => Promise<T>;
}

/**
 * Does a command's work through the server running on the configured database when there is one
 * (server/cli/viaServer.ts), else on the database itself (DATABASE_URL, or the embedded one in
 * DATA_DIR), closed afterwards. A PGlite dir held by a process that serves no commands (a server
 * still starting, another command) is waited for, up to LOCK_WAIT_MS (30 s), then a CliError whose
 * message ends with `again`. An admin request the server refuses is an AdminRequestError.
 */
export async function onServerOrDatabase<T>(again: string, work: CommandWork<T>): Promise<T> {
  const config = readConfig();
  for (let attempt = 0; ; attempt++) {
    const server = runningServerFor(config);
    if (server) {
      try {
        return await work.server(adminClient(server), server);
      } catch (error) {
        // The server stopped between reading its file and the request: its database is free (or soon is).
        if (error instanceof ServerUnreachableError && attempt < 3 && !runningServerFor(config)) continue;
        if (error instanceof ServerUnreachableError) throw new CliError(error.message);
        throw error;
      }
    }
    let db: Database;
    try {
      // A command does one thing at a time: PGlite in this thread starts faster than in a worker.
      db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, pglite: 'in-process' });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      const waitMs = lockWaitMs();
      if (attempt < 3 && waitMs > 0) {
        console.error(`The embedded database in ${pgliteDir(config.dataDir)} is held by process ${error.pid}; waiting up to ${Math.round(waitMs / 1000)} s for it to serve commands or let go …`);
        if (await waitForServerOrFreeLock(config, waitMs)) continue;
      }
      throw new CliError(
        `The embedded database in ${pgliteDir(config.dataDir)} is held by process ${error.pid}, which takes no commands (another command, or a server still starting): wait for it or stop it, then ${again}.`,
      );
    }
    try {
      return await work.database(db, `http://localhost:${Number(process.env.PORT) || 3000}`);
    } finally {
      await db.close();
    }
  }
}

/** Explains an admin request the running server refused (the token is wrong, the request bad) as a CliError. */
export function refused(error: AdminRequestError): CliError {
  return new CliError(`The running server refused the command (HTTP ${error.status}):\n  ${error.problems.join('\n  ')}`);
}

/**
 * A refused admin request or a CliError as its message on stderr, answering its exit code; anything else
 * is thrown on (a bug: runCommand prints its stack).
 */
export function exitCodeFor(error: unknown): number {
  const known = error instanceof AdminRequestError ? refused(error) : error;
  if (!(known instanceof CliError)) throw known;
  console.error(known.message);
  return known.exitCode;
}

/** Runs a command's main function on the process's arguments: its answer is the exit code; a crash prints its stack and exits 1. */
export function runCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exitCode = 1;
    },
  );
}
