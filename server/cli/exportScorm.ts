import path from 'node:path';
import { SCORM_VERSIONS, type ScormVersion } from '../../model/hostMessages';
import { findShare, isSharePublicIdShape } from '../store/shares';
import { launchScripts } from '../scorm/launchScript';
import { buildScormPackage, courseUrlOf } from '../scorm/package';
import { originOf, originWarnings } from '../scorm/origin';
import { packagingNote, packagingProblem, summaryOfShare, type ShareSummary } from '../scorm/shareSummary';
import { CliError, onServerOrDatabase, parseCommandLine, runCommand } from './cliSupport';
import { shareThroughServer, writeAtomically } from './packageExport';

const USAGE = `Usage: npm run export:scorm -- SHARE_PUBLIC_ID --version 1.2|2004 [--out FILE.zip] [--origin https://…]

Writes a SCORM package of a material's share for an LMS: SCORM 1.2 or SCORM 2004 4th Edition, one
SCO whose launch page finds the LMS, shows the share as this server serves it (in a frame) and hands
the learner's progress, results and state to the LMS.
--out      the zip to write (default: lernwerk-SHARE_PUBLIC_ID-scorm-VERSION.zip here)
--origin   the server's address as learners' browsers reach it (default: PUBLIC_ORIGIN, else the
           running server's address, else http://localhost:PORT); it is written into the package
Scorm shares are meant for it; public and guest shares can be packaged too; private and preview
shares and collections cannot. The database is the server's (DATABASE_URL, else PGlite in DATA_DIR);
while a server runs on it, the share is read through that server.`;

const VERSION_NAMES: Record<ScormVersion, string> = { '1.2': 'SCORM 1.2', '2004': 'SCORM 2004 4th Edition' };

/** `npm run export:scorm -- SHARE_PUBLIC_ID --version 1.2|2004 [--out FILE.zip] [--origin URL]`; answers the exit code. */
export async function runExportScorm(argv: string[]): Promise<number> {
  const options = {
    version: { type: 'string' },
    out: { type: 'string' },
    origin: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const args = parseCommandLine(argv, { options }, USAGE);
  if (typeof args === 'number') return args;
  if (args.positionals.length !== 1 || args.values.version === undefined) {
    console.error(USAGE);
    return 2;
  }
  const version = args.values.version as ScormVersion;
  if (!SCORM_VERSIONS.includes(version)) {
    console.error(`Unknown SCORM version "${args.values.version}"; use 1.2 or 2004 (SCORM 2004 4th Edition).`);
    return 2;
  }
  let origin: string | null = null;
  if (args.values.origin !== undefined) {
    origin = originOf(args.values.origin);
    if (!origin) {
      console.error(`--origin ${args.values.origin} is not an http(s) origin (like https://lernwerk.school.example, no path).`);
      return 2;
    }
  } else if (process.env.PUBLIC_ORIGIN) {
    origin = originOf(process.env.PUBLIC_ORIGIN);
    if (!origin) {
      console.error(`PUBLIC_ORIGIN=${process.env.PUBLIC_ORIGIN} is not an http(s) origin (like https://lernwerk.school.example, no path).`);
      return 2;
    }
  }
  const publicId = args.positionals[0];
  if (!isSharePublicIdShape(publicId)) {
    console.error(`"${publicId}" is not a share id (the part after /s/ in a share link).`);
    return 1;
  }
  // npm runs scripts in the package root; INIT_CWD is where the command was typed.
  const here = process.env.INIT_CWD ?? process.cwd();
  const out = path.resolve(here, args.values.out ?? `lernwerk-${publicId}-scorm-${version}.zip`);

  try {
    const found = await onServerOrDatabase<{ share: ShareSummary | null; origin: string }>('export again', {
      server: async (_call, server) => ({ share: await shareThroughServer(server.adminOrigin, publicId), origin: server.origin }),
      database: async (db, serverOrigin) => {
        const share = await findShare(db, publicId);
        return { share: share ? summaryOfShare(share) : null, origin: serverOrigin };
      },
    });
    const share = found.share;
    if (!share) {
      console.error(`No share ${publicId} in this database (DATABASE_URL, else DATA_DIR): check the id, or the server's DATA_DIR / DATABASE_URL.`);
      return 1;
    }
    const problem = packagingProblem(share);
    if (problem) {
      console.error(problem);
      return 1;
    }
    origin ??= found.origin;
    const zip = buildScormPackage({ version, sharePublicId: share.publicId, title: share.title, origin, scripts: await launchScripts() });
    writeAtomically(out, zip);
    console.log(
      `Wrote ${out} (${Math.max(1, Math.round(zip.byteLength / 1024))} KiB): ${VERSION_NAMES[version]} package of the material "${share.title}" (${share.kind} share ${share.publicId}).`,
    );
    console.log(`Its launch page shows ${courseUrlOf(origin, share.publicId)} in a frame and talks only to ${origin}.`);
    const note = packagingNote(share);
    if (note) console.error(note);
    for (const warning of originWarnings(origin)) console.error(warning);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      return error.exitCode;
    }
    throw error;
  }
}



runCommand(runExportScorm);
