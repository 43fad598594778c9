import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { e2ePort, suiteDataDir } from './support/e2ePort';
import { importShare } from './support/importShare';
import { ownOrigin } from './support/ownServer';
import { collectPageErrors } from './support/pageErrors';
import { closeContext, expect, test } from './support/transitions';
import { sessionOrderProblems, verbOf } from '../tests/xapi/cmi5Rules';
import { startLocalCmi5Lms, type LmsLaunch, type LocalCmi5Lms } from '../tests/xapi/localCmi5Lms';

/*
 * Issue 26, item 3: a cmi5 LMS launches the share's AU. The LMS is played by the test
 * (tests/xapi/localCmi5Lms.ts, another origin than the course's): it imports the course structure the
 * export wrote (the AU's url, id and mastery score from cmi5.xml), writes LMS.LaunchData and the learner's
 * preferences, and launches the AU page with the cmi5 launch parameters. The checks are those an LMS
 * makes of an AU (as CATAPULT's): the token fetched once, LaunchData read and never written, initialized
 * first with the session id, completed once everything is experienced, passed against the mastery
 * score, nothing of the kind in Browse mode, terminated last, the exit going to the returnURL; and every
 * statement keeps the xAPI 2.0 and cmi5 rules (the LMS refuses any that does not).
 */

const COURSE_ORIGIN = () => ownOrigin(e2ePort());

const material = {
  modelName: 'Material',
  id: 'cmi5-kurs',
  publicId: 'cmi5-kurs',
  title: 'Wasser im cmi5-LMS',
  evaluationType: 'composite',
  metadata: {},
  content: [
    { modelName: 'Text', id: 'cmi5-text', content: { html: '<p>Eine Frage zum Wasser.</p>' } },
    {
      modelName: 'ChoiceQuestion', id: 'cmi5-frage', type: 'sc', question: '<p>Wie viel des Wassers der Erde ist Süßwasser?</p>',
      choices: [
        { id: 'cmi5-frage-a', text: 'etwa 2,5 Prozent', correct: true },
        { id: 'cmi5-frage-b', text: 'etwa 50 Prozent', correct: false },
      ],
    },
  ],
};

/** The same course in two chapters, for a package with an AU per chapter: the second is never opened. */
const chapteredMaterial = {
  ...material,
  id: 'cmi5-kapitelkurs',
  publicId: 'cmi5-kapitelkurs',
  title: 'Wasser in Kapiteln',
  content: [
    { modelName: 'Chapter', id: 'cmi5-k1', publicId: 'suesswasser', title: 'Süßwasser', content: material.content.map((e) => ({ ...e, id: `k1-${e.id}`, ...('choices' in e && e.choices ? { choices: e.choices.map((c) => ({ ...c, id: `k1-${c.id}` })) } : {}) })) },
    { modelName: 'Chapter', id: 'cmi5-k2', publicId: 'salzwasser', title: 'Salzwasser', content: [{ modelName: 'Text', id: 'k2-text', content: { html: '<p>Das Meer.</p>' } }] },
  ],
};

let lms: LocalCmi5Lms;
let au = { url: '', id: '', masteryScore: 0 };
let chapterAus: { url: string; id: string }[] = [];

/** `npm run export:cmi5` of `share` (as an administrator runs it) and the cmi5.xml an LMS imports. */
async function exportCourse(share: string, dir: string, args: string[]): Promise<string> {
  const out = path.join(dir, `${share}.zip`);
  const cli = spawn(process.execPath, ['--import', 'tsx', 'server/cli/exportCmi5.ts', share, '--out', out, '--origin', COURSE_ORIGIN(), ...args], {
    env: { ...process.env, DATA_DIR: suiteDataDir(), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  expect(await new Promise<number | null>((resolve) => cli.once('exit', resolve)), output).toBe(0);
  return strFromU8(unzipSync(new Uint8Array(readFileSync(out)))['cmi5.xml']);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const share = await importShare(material, suiteDataDir(), 'scorm');
  const chapteredShare = await importShare(chapteredMaterial, suiteDataDir(), 'scorm');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lernwerk-cmi5-'));
  try {
    // What an LMS imports of the course structure.
    const xml = await exportCourse(share, dir, ['--mastery-score', '0.8', '--move-on', 'CompletedAndPassed']);
    const chapters = await exportCourse(chapteredShare, dir, ['--per-chapter', '--mastery-score', '0.8']);
    chapterAus = [...chapters.matchAll(/<au id="([^"]+)"[\s\S]*?<url>([^<]+)<\/url>/g)].map((m) => ({ id: m[1], url: m[2].replaceAll('&amp;', '&') }));
    au = {
      url: /<url>([^<]+)<\/url>/.exec(xml)![1].replaceAll('&amp;', '&'),
      id: /<au id="([^"]+)"/.exec(xml)![1],
      masteryScore: Number(/masteryScore="([^"]+)"/.exec(xml)![1]),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  lms = await startLocalCmi5Lms();
});

test.afterAll(async () => {
  await lms?.close();
});

const verbs = (launch: LmsLaunch) => launch.statements.map((s) => verbOf(s));
/** The verbs of a statements request's body (one statement or a list). */
const statementVerbs = (body: string | null): (string | null)[] => {
  const parsed: unknown = JSON.parse(body ?? '[]');
  return (Array.isArray(parsed) ? parsed : [parsed]).map((s: Record<string, unknown>) => verbOf(s));
};

test('Normal launch: token once, LaunchData read, initialized first with the session id; completed and passed against the mastery score; the exit sends terminated last and goes to the returnURL', async ({ newContext }) => {
  const context = await newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const launch = lms.launch({ auUrl: au.url, publisherId: au.id, masteryScore: au.masteryScore, moveOn: 'CompletedAndPassed', actorName: 'Ada Lovelace', returnURL: `${lms.origin}/returned`, languagePreference: 'en-US,de-DE' });
  await page.goto(launch.url);
  const course = page.frameLocator('iframe.lernwerk-course');
  // The learner's language (cmi5LearnerPreferences) for the page, and the LMS's learner as the course's guest: never asked for a name.
  await expect(page.getByRole('button', { name: 'Exit course' })).toBeVisible();
  await expect(course.getByTestId('guest-name')).toHaveText('Ada Lovelace');
  await expect.poll(() => verbs(launch)).toEqual(['initialized']);
  expect(launch.statements[0].context).toMatchObject({ registration: launch.registration, extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': launch.sessionId } });

  const question = course.locator('[id="cmi5-frage"]');
  await question.getByText('etwa 2,5 Prozent', { exact: true }).click();
  await question.getByRole('button', { name: 'Evaluate' }).click();
  await expect.poll(() => verbs(launch).sort()).toEqual(['completed', 'initialized', 'passed']);
  const passed = launch.statements.find((s) => verbOf(s) === 'passed')!;
  expect(passed.result).toMatchObject({ success: true, score: { scaled: 1 } });
  expect((passed.context as { extensions: Record<string, unknown> }).extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore']).toBe(0.8);
  await expect(course.getByTestId('save-state')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Exit course' }).click();
  await page.waitForURL(`${lms.origin}/returned`);
  expect(verbs(launch).at(-1)).toBe('terminated');
  expect(sessionOrderProblems(launch.statements)).toEqual([]);
  expect(launch.refused).toEqual([]);
  expect(launch.fetches).toBe(1);
  // LaunchData and the preferences read; LaunchData never written.
  expect(launch.requests).toContain('GET state/LMS.LaunchData');
  expect(launch.requests).toContain('GET profile/cmi5LearnerPreferences');
  expect(launch.requests.filter((r) => r.endsWith('state/LMS.LaunchData') && !r.startsWith('GET'))).toEqual([]);
  // The AU's own state document holds the guest session to resume and what went once per registration.
  expect(launch.requests).toContain('PUT state/lernwerk.cmi5.au');
  // The fetch URL is one-time: the cmi5 error now.
  const again = await fetch(launch.fetchUrl, { method: 'POST' });
  expect(await again.json()).toEqual({ 'error-code': '1', 'error-text': 'The authorization token has already been returned.' });
  expect(errors).toEqual([]);
  await closeContext(context);
});

test('Browse launch: no completion and no judgement, whatever the learner does; leaving the page sends terminated with a keepalive request', async ({ newContext }) => {
  const context = await newContext();
  const page = await context.newPage();
  const launch = lms.launch({ auUrl: au.url, publisherId: au.id, masteryScore: au.masteryScore, launchMode: 'Browse', languagePreference: 'de-AT' });
  await page.goto(launch.url);
  const course = page.frameLocator('iframe.lernwerk-course');
  // No name from the LMS: the fallback, in the learner's language (German).
  await expect(page.getByRole('status')).toContainText('Ansichtsmodus');
  await expect(course.getByTestId('guest-name')).toHaveText('Lernende Person');
  const question = course.locator('[id="cmi5-frage"]');
  await question.getByText('etwa 2,5 Prozent', { exact: true }).click();
  await question.getByRole('button', { name: 'Auswerten' }).click();
  await expect(course.getByTestId('save-state')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
  // What the page sends to the LMS as it goes: the browser reports it even after the page is gone.
  const sentOnLeave: (string | null)[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && request.url().startsWith(`${lms.endpoint}statements`)) sentOnLeave.push(...statementVerbs(request.postData()));
  });
  await page.close({ runBeforeUnload: true });
  // The page sent terminated as it went; the LMS stored it (1 in about 25 runs on a loaded machine, Chromium
  // reported the keepalive request sent and it never reached the LMS: then the LMS abandons the session, as
  // cmi5 says, and the statement the page sent is what is checked).
  await expect.poll(() => sentOnLeave).toEqual(['terminated']);
  await expect.poll(() => verbs(launch), { timeout: 5_000 }).toEqual(['initialized', 'terminated']).catch(() => {
    expect(verbs(launch)).toEqual(['initialized']);
  });
  expect(launch.refused).toEqual([]);
  expect(sessionOrderProblems(launch.statements)).toEqual([]);
  await closeContext(context);
});

test('a fetch URL already used: the page says the LMS refused, records nothing and does not open the course', async ({ page }) => {
  const launch = lms.launch({ auUrl: au.url, publisherId: au.id });
  await fetch(launch.fetchUrl, { method: 'POST' });
  await page.goto(launch.url);
  // Before any preference is read: the browser's language.
  await expect(page.getByRole('heading', { name: 'The learning platform refused access for recording.' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('The authorization token has already been returned.');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(launch.fetches).toBe(2);
  expect(launch.statements).toEqual([]);
});

test('an AU per chapter: the chapter\'s AU completes and passes with that chapter alone (the other chapter is never opened, so the material is not complete)', async ({ newContext }) => {
  expect(chapterAus).toHaveLength(2);
  const context = await newContext();
  const page = await context.newPage();
  const launch = lms.launch({ auUrl: chapterAus[0].url, publisherId: chapterAus[0].id, masteryScore: 0.8, actorName: 'Ada Lovelace', languagePreference: 'de' });
  await page.goto(launch.url);
  const course = page.frameLocator('iframe.lernwerk-course');
  // The course has started as the LMS's learner (as the Normal launch waits too): the answer goes to its session.
  await expect(course.getByTestId('guest-name')).toHaveText('Ada Lovelace');
  await expect.poll(() => verbs(launch)).toEqual(['initialized']);
  const question = course.locator('[id="k1-cmi5-frage"]');
  await question.getByText('etwa 2,5 Prozent', { exact: true }).click();
  await expect(question.getByRole('radio', { name: 'etwa 2,5 Prozent' })).toBeChecked();
  await question.getByRole('button', { name: 'Auswerten' }).click();
  await expect.poll(() => verbs(launch).sort()).toEqual(['completed', 'initialized', 'passed']);
  expect(launch.statements.every((s) => (s.object as { id: string }).id === launch.activityId)).toBe(true);
  expect(launch.refused).toEqual([]);
  await closeContext(context);
});
