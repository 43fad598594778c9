import path from 'node:path';
import { ImportFile } from '../../src/model/material';
import { ShareKind } from '../../src/model/pageData';
import { readContentFile } from '../content/readContentFile';
import { ImportConflictError, importFile } from '../store/import';
import { CliError, parseCommandLine, withDatabase } from './cliSupport';

const USAGE = `Usage: npm run import -- FILE.json [--share public|private|guest|scorm|preview]

Imports a material or a collection (upserted by id) and prints its share link.
The database is the server's: DATABASE_URL if set, else PGlite in DATA_DIR (default ./data).`;

/** `npm run import -- FILE.json [--share KIND]`; answers the exit code. */
export async function runImport(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv, { options: { share: { type: 'string', default: 'public' }, help: { type: 'boolean', short: 'h' } } }, USAGE);
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

  // npm runs scripts in the package root; INIT_CWD is where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.positionals[0]);
  const parsed = await readContentFile(file, ImportFile);
  if (!parsed.ok) {
    console.error(`${file} was not imported (${parsed.problems.length} problem${parsed.problems.length === 1 ? '' : 's'}):`);
    for (const problem of parsed.problems) console.error(`  ${problem}`);
    return 1;
  }

  try {
    return await withDatabase('import again', async (db) => {
      const result = await importFile(db, parsed.value, { share: kind.data });
      const base = `http://localhost:${Number(process.env.PORT) || 3000}/s/${result.share.publicId}/`;
      if (result.rootModelName === 'Material') {
        const [material] = result.materials;
        console.log(`Imported material "${result.title}" (id ${result.rootId}, ${material.models} models).`);
      } else {
        console.log(`Imported collection "${result.title}" (id ${result.rootId}) with ${result.materials.length} materials:`);
        for (const m of result.materials) console.log(`  ${m.id}  "${m.title}"  ${base}${m.publicId}`);
      }
      console.log(`Share (${kind.data}${result.share.created ? ', new' : ''}): ${base}`);
      return 0;
    });
  } catch (error) {
    if (error instanceof ImportConflictError) {
      console.error(`${file} was not imported:`);
      for (const issue of error.issues) console.error(`  ${issue}`);
      return 1;
    }
    if (error instanceof CliError) {
      console.error(error.message);
      return error.exitCode;
    }
    throw error;
  }
}

runImport(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
