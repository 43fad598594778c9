import path from 'node:path';
import { MOVE_ON_VALUES, type MoveOn } from '../../model/cmi5';
import { auUrl } from '../cmi5/courseStructure';
import { buildCmi5Package, type CourseChapter } from '../cmi5/package';
import { z } from 'zod';
import type { Material } from '../../model/material';
import { loadMaterial } from '../store/models';
import { findShare, isSharePublicIdShape } from '../store/shares';
import { originOf, originWarnings } from '../scorm/origin';
import { packagingNote, packagingProblem, summaryOfShare, type ShareSummary } from '../scorm/shareSummary';
import { CliError, onServerOrDatabase, parseCommandLine, runCommand } from './cliSupport';
import { shareThroughServer, writeAtomically } from './packageExport';

const USAGE = `Usage: npm run export:cmi5 -- SHARE_PUBLIC_ID [--out FILE.zip] [--origin https://…] [--mastery-score 0..1] [--move-on VALUE] [--per-chapter]

Writes a cmi5 course package of a material's share for an LMS: cmi5.xml at the zip's root, one AU
whose url is the share's launch page on this server (/cmi5/SHARE/). Launched by the LMS, the page gets
its token and launch data, shows the share and states initialized, completed, passed or failed and
terminated to the LMS.
--out            the zip to write (default: lernwerk-SHARE_PUBLIC_ID-cmi5.zip here)
--origin         the server's address as learners' browsers reach it (default: PUBLIC_ORIGIN, else the
                 running server's address, else http://localhost:PORT)
--mastery-score  the score (0 to 1, up to 4 decimals) from which the learner passed; without it the AU
                 sends neither passed nor failed
--move-on        when the LMS counts the AU as done: Completed (default), Passed, CompletedAndPassed,
                 CompletedOrPassed or NotApplicable; Passed needs a mastery score
--per-chapter    one AU per top-level chapter (its progress and questions) instead of one for the material
Scorm shares are meant for it; public and guest shares can be packaged too; private and preview
shares and collections cannot.`;

type CourseShare = ShareSummary & { rootId: string };
type Found = { share: CourseShare | null; origin: string; chapters: CourseChapter[] | null };

/** The material's top-level chapters, in order. */
const chaptersOf = (material: Material): CourseChapter[] =>
  material.content.flatMap((element) => (element.modelName === 'Chapter' ? [{ id: element.id, publicId: element.publicId, title: element.title }] : []));

/** `npm run export:cmi5 -- SHARE_PUBLIC_ID …`; answers the exit code. */
export async function runExportCmi5(argv: string[]): Promise<number> {
  const options = {
    out: { type: 'string' },
    origin: { type: 'string' },
    'mastery-score': { type: 'string' },
    'move-on': { type: 'string' },
    'per-chapter': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const args = parseCommandLine(argv, { options }, USAGE);
  if (typeof args === 'number') return args;
  if (args.positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const moveOn = (args.values['move-on'] ?? 'Completed') as MoveOn;
  if (!MOVE_ON_VALUES.includes(moveOn)) {
    console.error(`--move-on ${args.values['move-on']} is not one of ${MOVE_ON_VALUES.join(', ')}.`);
    return 2;
  }
  let masteryScore: number | null = null;
  const scoreText = args.values['mastery-score'];
  if (scoreText !== undefined) {
    masteryScore = /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(scoreText) ? Number(scoreText) : NaN;
    if (Number.isNaN(masteryScore)) {
      console.error(`--mastery-score ${scoreText} is not a number from 0 to 1 with at most 4 decimals (like 0.8).`);
      return 2;
    }
  }
  if (masteryScore === null && (moveOn === 'Passed' || moveOn === 'CompletedAndPassed')) {
    console.error(`--move-on ${moveOn} needs --mastery-score: without one the course never states passed.`);
    return 2;
  }
  let origin: string | null = null;
  const originText = args.values.origin ?? process.env.PUBLIC_ORIGIN;
  if (originText !== undefined) {
    origin = originOf(originText);
    if (!origin) {
      console.error(`${args.values.origin !== undefined ? '--origin' : 'PUBLIC_ORIGIN='} ${originText} is not an http(s) origin (like https://lernwerk.school.example, no path).`);
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
  const out = path.resolve(here, args.values.out ?? `lernwerk-${publicId}-cmi5.zip`);

  try {
    const perChapter = args.values['per-chapter'] === true;
    const found = await onServerOrDatabase<Found>('export again', {
      server: async (_call, server) => {
        const found = await shareThroughServer(server.adminOrigin, publicId);
        if (found && !found.rootId) throw new CliError('The running server\'s share page names no material; is it a Lernwerk server of this version?');
        const share = found ? { ...found, rootId: found.rootId! } : null;
        const chapters = share && perChapter && share.rootModelName === 'Material' ? await chaptersThroughServer(server.adminOrigin, publicId, share.rootId) : null;
        return { share, origin: server.origin, chapters };
      },
      database: async (db, serverOrigin) => {
        const share = await findShare(db, publicId);
        const material = share && perChapter && share.rootModelName === 'Material' ? await loadMaterial(db, share.rootId) : null;
        return { share: share ? { ...summaryOfShare(share), rootId: share.rootId } : null, origin: serverOrigin, chapters: material ? chaptersOf(material) : null };
      },
    });
    const share = found.share;
    if (!share) {
      console.error(`No share ${publicId} in this database (DATABASE_URL, else DATA_DIR): check the id, or the server's DATA_DIR / DATABASE_URL.`);
      return 1;
    }
    const problem = packagingProblem(share);
    if (problem) {
      console.error(problem.replace('a SCORM package holds one course', 'a cmi5 package holds one material'));
      return 1;
    }
    if (perChapter && !found.chapters?.length) {
      console.error(`The material "${share.title}" has no top-level chapters: package it without --per-chapter (one AU for the material).`);
      return 1;
    }
    origin ??= found.origin;
    const zip = buildCmi5Package({ origin, sharePublicId: share.publicId, materialId: share.rootId, title: share.title, moveOn, masteryScore, chapters: found.chapters });
    writeAtomically(out, zip);
    console.log(`Wrote ${out} (${zip.byteLength} bytes): cmi5 course package of the material "${share.title}" (${share.kind} share ${share.publicId}), moveOn ${moveOn}${masteryScore === null ? ', no mastery score' : `, mastery score ${masteryScore}`}.`);
    console.log(
      found.chapters?.length
        ? `Its ${found.chapters.length} AUs (one per chapter) are ${auUrl(origin, share.publicId)}?chapter=…: the LMS launches them there, and they talk to the LMS's endpoint from that page.`
        : `Its AU is ${auUrl(origin, share.publicId)}: the LMS launches it there, and it talks to the LMS's endpoint from that page.`,
    );
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


/** What the export reads of the material the running server sends (`GET /api/material/SHARE/ID`: `{ data: material }`): its top-level elements. */
const ServedMaterial = z.object({
  data: z.object({ content: z.array(z.looseObject({ modelName: z.string(), id: z.string(), publicId: z.string().optional(), title: z.string().optional() })) }),
});

/** The material's top-level chapters as the running server sends them. */
async function chaptersThroughServer(adminOrigin: string, publicId: string, rootId: string): Promise<CourseChapter[]> {
  const response = await fetch(`${adminOrigin}/api/material/${encodeURIComponent(publicId)}/${encodeURIComponent(rootId)}`, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new CliError(`The running server answered the material with HTTP ${response.status}.`);
  const parsed = ServedMaterial.safeParse(await response.json());
  if (!parsed.success) throw new CliError(`The running server's material is not one of this version: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
  return parsed.data.data.content.flatMap((e) => (e.modelName === 'Chapter' && e.publicId ? [{ id: e.id, publicId: e.publicId, title: e.title ?? '' }] : []));
}


runCommand(runExportCmi5);
