import fs from 'node:fs/promises';
import path from 'node:path';
import { ImportFile } from '../../model/material';
import { ShareKind } from '../../model/pageData';
import { renditionsOf, prepareRenditions } from '../assets/prepareRenditions';
import { readConfig } from '../config';
import { readContentFile } from '../content/readContentFile';
import { ImportConflictError, importFile, type ImportResult } from '../store/import';
import { listingProblem } from '../store/shares';
import { CliError, onServerOrDatabase, parseCommandLine, refused, runCommand } from './cliSupport';
import { AdminRequestError } from './viaServer';

const USAGE = `Usage: npm run import -- FILE.json [--share public|private|guest|scorm|preview] [--listed | --unlisted]

Imports a material or a collection (upserted by id) and prints its share link.
--listed puts the share on the landing page (GET /), --unlisted takes it off; a new share is not
listed, a re-import leaves the listing as it was. Only public and guest shares can be listed.
The database is the server's: DATABASE_URL if set, else PGlite in DATA_DIR (default ./data).
While a server runs on that database, the import goes through it (its admin routes, with the
token in DATA_DIR/servers/PID.json) and the link carries its address; otherwise it is written directly.`;

/** `npm run import -- FILE.json [--share KIND] [--listed | --unlisted]`; answers the exit code. */
export async function runImport(argv: string[]): Promise<number> {
  const options = {
    share: { type: 'string', default: 'public' },
    listed: { type: 'boolean' },
    unlisted: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const args = parseCommandLine(argv, { options }, USAGE);
  if (typeof args === 'number') return args;
  if (args.positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const kind = ShareKind.safeParse(args.values.share);
  if (!kind.success) {
    console.error(`Unknown share kind "${args.values.share}"; use one of ${ShareKind.options.join(', ')}.`);
    return 2;
  }
  if (args.values.listed && args.values.unlisted) {
    console.error(`--listed and --unlisted contradict each other.\n\n${USAGE}`);
    return 2;
  }
  const listed = args.values.listed ? true : args.values.unlisted ? false : undefined;
  const listing = listingProblem(kind.data, listed);
  if (listing) {
    console.error(`${listing}.`);
    return 2;
  }

  // npm runs scripts in the package root; INIT_CWD is where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.positionals[0]);
  const parsed = await readContentFile(file, ImportFile);
  if (!parsed.ok) {
    console.error(`${file} was not imported (${parsed.problems.length} problem${parsed.problems.length === 1 ? '' : 's'}):`);
    for (const problem of parsed.problems) console.error(`  ${problem}`);
    return 1;
  }

  try {
    const result = await onServerOrDatabase<{ result: ImportResult; origin: string; via: string | null }>('import again', {
      // The file as written (the server checks it with the same schema), not our parse of it.
      server: async (call, server) => ({
        result: await call<ImportResult>('POST', '/import', { share: kind.data, listed, file: await readJson(file) }),
        origin: server.origin,
        via: `through the server running at ${server.origin} (pid ${server.pid})`,
      }),
      database: async (db, origin) => ({ result: await importFile(db, parsed.value, { share: kind.data, listed }), origin, via: null }),
    });
    printResult(result.result, kind.data, result.origin, result.via);
    await renderAhead(parsed.value);
    return 0;
  } catch (error) {
    if (error instanceof ImportConflictError) {
      console.error(`${file} was not imported:`);
      for (const issue of error.issues) console.error(`  ${issue}`);
      return 1;
    }
    if (error instanceof AdminRequestError && (error.status === 400 || error.status === 409)) {
      console.error(`${file} was not imported (the running server refused it):`);
      for (const problem of error.problems) console.error(`  ${problem}`);
      return 1;
    }
    const failure = error instanceof AdminRequestError ? refused(error) : error;
    if (failure instanceof CliError) {
      console.error(failure.message);
      return failure.exitCode;
    }
    throw error;
  }
}

/**
 * The images' renditions a first visit asks for, made at import into the server's cache (DATA_DIR/cache), so the first visit of the
 * imported pages waits for none (server/assets/prepareRenditions.ts).
 */
async function renderAhead(imported: unknown): Promise<void> {
  const wanted = renditionsOf(imported);
  if (!wanted.length) return;
  const config = readConfig();
  const counts = await prepareRenditions([path.join(config.contentDir, 'assets')], config.cacheDir, wanted);
  if (counts.made || counts.failed) console.log(`Images: ${counts.made} renditions made${counts.failed ? `, ${counts.failed} could not be made` : ''}.`);
}

/** The file's JSON as it is (a byte-order mark dropped). */
async function readJson(file: string): Promise<unknown> {
  return JSON.parse((await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
}

/** What was imported and its share links; `via` says which running server did it. */
function printResult(result: ImportResult, share: ShareKind, origin: string, via: string | null): void {
  const base = `${origin}/s/${result.share.publicId}/`;
  const how = via ? ` ${via}` : '';
  if (result.rootModelName === 'Material') {
    const [material] = result.materials;
    console.log(`Imported material "${result.title}" (id ${result.rootId}, ${material.models} models)${how}.`);
  } else {
    console.log(`Imported collection "${result.title}" (id ${result.rootId}) with ${result.materials.length} materials${how}:`);
    for (const m of result.materials) console.log(`  ${m.id}  "${m.title}"  ${base}${m.publicId}`);
  }
  console.log(`Share (${share}${result.share.created ? ', new' : ''}${result.share.listed ? ', listed on the landing page' : ''}): ${base}`);
}

runCommand(runImport);
