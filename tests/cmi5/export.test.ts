import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmi5CourseXml } from '../../server/cmi5/package';
import type { Database } from '../../server/db/types';
import { importFile } from '../../server/store/import';
import { inWrittenDatabase, seedPgliteDataDir, useTestDatabase } from '../server/databases';
import { smallCollection, smallMaterial } from '../server/fixtures';
import { ensureServerBuild, runCommand } from '../server/compiledServer';
import { validateCourseStructure } from './validateCourseStructure';

/*
 * `npm run export:cmi5`: the package's cmi5.xml validates against the cmi5 CourseStructure.xsd, its AU
 * points at the share's launch page, its ids are IRIs under the origin without the share id, and
 * moveOn and masteryScore are the options'. The share kinds SCORM refuses are refused here too.
 */

/** The command as `npm run` runs it: the compiled entry (scripts/run-cli.mjs), as in production. */
const CLI = 'exportCmi5';

beforeAll(() => ensureServerBuild(), 180_000);
const chaptered = (suffix: string) =>
  smallMaterial(suffix, {
    title: 'Zellen',
    content: [1, 2].map((n) => ({
      modelName: 'Chapter' as const,
      id: `${suffix}-k${n}`,
      publicId: `kapitel-${n}`,
      title: `Kapitel ${n}`,
      content: [{ modelName: 'Text' as const, id: `${suffix}-k${n}-t`, content: { html: `<p>${n}</p>` } }],
    })),
  });

const ORIGIN = 'https://lernwerk.school.example';

describe('npm run export:cmi5 (PGlite)', () => {
  const t = useTestDatabase('pglite');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-cmi5-cli-'));
  const dataDir = path.join(dir, 'data');
  const run = (args: string[]) => runCommand(CLI, args, { DATA_DIR: dataDir, DATABASE_URL: t.url, PORT: '4321', INIT_CWD: dir, PUBLIC_ORIGIN: undefined });
  const inDb = <T>(fn: (db: Database) => Promise<T>) => inWrittenDatabase('pglite', t.db, dataDir, fn);
  const shares: Record<string, string> = {};

  beforeAll(async () => {
    await seedPgliteDataDir(dataDir);
    await inDb(async (db) => {
      const course = smallMaterial('cmi5-cli', { title: 'Zellen & "Gewebe"' });
      for (const share of ['scorm', 'private'] as const) shares[share] = (await importFile(db, course, { share })).share.publicId;
      shares.chaptered = (await importFile(db, chaptered('cmi5-chapters'), { share: 'scorm' })).share.publicId;
      shares.collection = (await importFile(db, smallCollection('cmi5-cli', [smallMaterial('cmi5-cli-c')]), { share: 'scorm' })).share.publicId;
    });
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes cmi5.xml at the zip root, valid against the XSD, one AU on the share\'s launch page with moveOn and masteryScore', async () => {
    const res = await run([shares.scorm, '--origin', `${ORIGIN}/`, '--mastery-score', '0.75', '--move-on', 'CompletedAndPassed', '--out', 'kurs.zip']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Its AU is ${ORIGIN}/cmi5/${shares.scorm}/`);
    const files = unzipSync(new Uint8Array(fs.readFileSync(path.join(dir, 'kurs.zip'))));
    expect(Object.keys(files)).toEqual(['cmi5.xml']);
    const xml = strFromU8(files['cmi5.xml']);
    const validation = validateCourseStructure(dir, xml);
    expect(validation.output).toContain('validates');
    expect(validation.valid).toBe(true);
    expect(xml).toContain(`<course id="${ORIGIN}/xapi/activities/m-cmi5-cli/cmi5-course">`);
    expect(xml).toContain(`<au id="${ORIGIN}/xapi/activities/m-cmi5-cli" moveOn="CompletedAndPassed" masteryScore="0.75" launchMethod="AnyWindow">`);
    expect(xml).toContain(`<url>${ORIGIN}/cmi5/${shares.scorm}/</url>`);
    expect(xml).toContain('<langstring lang="de">Zellen &amp; &quot;Gewebe&quot;</langstring>');
    expect(xml.match(/<au /g)).toHaveLength(1);
    // The share id opens the share: it is in the AU's url and nowhere else.
    expect(xml.split(shares.scorm)).toHaveLength(2);
  }, 60_000);

  it('--per-chapter: one AU per top-level chapter, each on the launch page of its chapter, valid against the XSD; without chapters refused', async () => {
    // One after the other: the commands share one embedded database, which one process holds at a time.
    const res = await run([shares.chaptered, '--origin', ORIGIN, '--per-chapter', '--out', 'kapitel.zip']);
    const none = await run([shares.scorm, '--per-chapter', '--out', 'none.zip']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const xml = strFromU8(unzipSync(new Uint8Array(fs.readFileSync(path.join(dir, 'kapitel.zip'))))['cmi5.xml']);
    expect(validateCourseStructure(dir, xml).valid).toBe(true);
    expect(xml.match(/<au /g)).toHaveLength(2);
    expect(xml).toContain(`<au id="${ORIGIN}/xapi/activities/m-cmi5-chapters/cmi5-chapters-k2" moveOn="Completed" launchMethod="AnyWindow">`);
    expect(xml).toContain(`<url>${ORIGIN}/cmi5/${shares.chaptered}/?chapter=kapitel-2</url>`);
    expect(xml).toContain('<langstring lang="de">Kapitel 1</langstring>');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('has no top-level chapters');
  }, 60_000);

  it('refuses what SCORM refuses (a private share, a collection) and options out of range', async () => {
    const privateShare = await run([shares.private]);
    const collection = await run([shares.collection]);
    // Refused before the database is opened.
    const [passedWithoutScore, badScore] = await Promise.all([run([shares.scorm, '--move-on', 'Passed']), run([shares.scorm, '--mastery-score', '1.5'])]);
    expect(privateShare.code).toBe(1);
    expect(privateShare.stderr).toContain('is private');
    expect(collection.code).toBe(1);
    expect(collection.stderr).toContain('shows a collection');
    expect(passedWithoutScore.code).toBe(2);
    expect(passedWithoutScore.stderr).toContain('--move-on Passed needs --mastery-score');
    expect(badScore.code).toBe(2);
    expect(badScore.stderr).toContain('is not a number from 0 to 1');
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.zip')).sort()).toEqual(['kapitel.zip', 'kurs.zip']);
  }, 60_000);
});

describe('cmi5.xml against the XSD', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-cmi5-xsd-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const base = { origin: ORIGIN, sharePublicId: 'abcdefghijklmnopqrstuv', materialId: 'm1', title: 'Wasser', moveOn: 'Completed' as const, masteryScore: null };

  it('without a mastery score, and with the whole range of moveOn values', () => {
    for (const moveOn of ['Passed', 'Completed', 'CompletedAndPassed', 'CompletedOrPassed', 'NotApplicable'] as const) {
      const xml = cmi5CourseXml({ ...base, moveOn, masteryScore: moveOn === 'Completed' ? null : 1 });
      expect(validateCourseStructure(dir, xml).valid, xml).toBe(true);
    }
    expect(cmi5CourseXml(base)).not.toContain('masteryScore');
  });

  it('the validation can fail: an AU without its url, or a moveOn the schema does not know, is invalid', () => {
    const xml = cmi5CourseXml(base);
    expect(validateCourseStructure(dir, xml.replace(/<url>.*<\/url>/, '')).valid).toBe(false);
    expect(validateCourseStructure(dir, xml.replace('moveOn="Completed"', 'moveOn="Done"')).valid).toBe(false);
  });
});
