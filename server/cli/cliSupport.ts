import { parseArgs, type ParseArgsConfig } from 'node:util';
import { readConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { openDatabase, pgliteDir } from '../db/open';
import type { Database } from '../db/types';

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
  let args;
  try {
    args = parseArgs({ ...config, args: argv, allowPositionals: true as const });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if ((args.values as { help?: boolean }).help) {
    console.log(usage);
    return 0;
  }
  return args;
}

/**
 * Runs `fn` on the configured database (DATABASE_URL or the embedded one in DATA_DIR) and closes it.
 * A PGlite dir held by a running server is a CliError saying so; `again` ends that sentence.
 */
export async function withDatabase<T>(again: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const config = readConfig();
  let db: Database;
  try {
    // A command does one thing at a time: PGlite in this thread starts faster than in a worker.
    db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, pglite: 'in-process' });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CliError(`The embedded database in ${pgliteDir(config.dataDir)} is in use by a running server (pid ${error.pid}): stop the server first, then ${again}.`);
    }
    throw error;
  }
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
