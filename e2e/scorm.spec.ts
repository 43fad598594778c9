import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { e2ePort, suiteDataDir } from './support/e2ePort';
import { importShare } from './support/importShare';
import { ownOrigin, ownPort } from './support/ownServer';
import { collectPageErrors } from './support/pageErrors';
import { closeContext, expect, test } from './support/transitions';

/*
 * Issue 13: SCORM packages in a real LMS run-time. The LMS is scorm-again (SCORM 1.2 and 2004) on a
 * page of its own origin (a loopback server of this spec, another port than the course's): it
 * installs the API, frames the exported package's launch.html from the zip, and records every value
 * the package sets. The learner answers the course's question in the frame inside the frame; the
 * LMS must have received the learner's name as the course's guest, completion, success (against the
 * LMS's mastery score), score and suspend data. Relaunching with the stored CMI data, in a new
 * browser context (nothing kept in the browser), resumes the learner's work from the server.
 */

const COURSE_ORIGIN = () => ownOrigin(e2ePort());
const lmsPort = ownPort(2);
const LMS_ORIGIN = ownOrigin(lmsPort);

const material = {
  modelName: 'Material',
  id: 'scorm-kurs',
  publicId: 'scorm-kurs',
  title: 'Wasser im LMS',
  evaluationType: 'composite',
  metadata: {},
  content: [
    { modelName: 'Text', id: 'scorm-text', content: { html: '<p>Eine Frage zum Wasser.</p>' } },
    {
      modelName: 'ChoiceQuestion', id: 'scorm-frage', type: 'sc', question: '<p>Wie viel des Wassers der Erde ist Süßwasser?</p>',
      choices: [
        { id: 'scorm-frage-a', text: 'etwa 2,5 Prozent', correct: true },
        { id: 'scorm-frage-b', text: 'etwa 50 Prozent', correct: false },
      ],
    },
  ],
};

type Version = '1.2' | '2004';
let share = '';
const packages = new Map<Version, Record<string, Uint8Array>>();
let lms: Server | null = null;
const scormAgain = (file: string) => readFileSync(path.join('node_modules/scorm-again/dist', file));

/** What the LMS answers when it refuses a call: the error code and text of the version's run-time environment. */
const REFUSALS = {
  '1.2': { LMSInitialize: ['101', 'General exception'], LMSSetValue: ['101', 'General exception'], LMSCommit: ['101', 'General exception'] },
  '2004': { Initialize: ['102', 'General Initialization Failure'], SetValue: ['351', 'General Set Failure'], Commit: ['391', 'General Commit Failure'] },
} as const;

/** The LMS page: scorm-again's API with the CMI data given in the address, every LMS call reported to the test, the package framed. */
function lmsPage(version: Version): string {
  const [script, api, global] = version === '1.2' ? ['scorm12.min.js', 'Scorm12API', 'API'] : ['scorm2004.min.js', 'Scorm2004API', 'API_1484_11'];
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>LMS</title>
<script src="/scorm-again/${script}"></script>
<script>
  const api = new ${api}({ logLevel: 5, autocommit: false });
  api.loadFromJSON(JSON.parse(decodeURIComponent(location.hash.slice(1) || '%7B%7D')));
  // An LMS that refuses (refuse=Method,… in the address): the first call of each method named answers "false"
  // with the error the run-time environment defines for it, which the error calls report until the next call.
  const refusals = ${JSON.stringify(REFUSALS[version])};
  const refuse = new Set((new URLSearchParams(location.search).get('refuse') || '').split(',').filter(Boolean));
  let refused = null;
  for (const name of Object.keys(refusals)) {
    const original = api[name].bind(api);
    api[name] = (...args) => {
      refused = refuse.delete(name) ? refusals[name] : null;
      return refused ? 'false' : original(...args);
    };
  }
  const [lastError, errorString, diagnostic] = ${JSON.stringify(version === '1.2' ? ['LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic'] : ['GetLastError', 'GetErrorString', 'GetDiagnostic'])};
  const answer = (name, refusedAnswer) => {
    const original = api[name].bind(api);
    api[name] = (...args) => (refused ? refusedAnswer(args[0]) : original(...args));
  };
  answer(lastError, () => refused[0]);
  answer(errorString, (code) => (String(code) === refused[0] ? refused[1] : ''));
  answer(diagnostic, () => '');
  for (const name of ${JSON.stringify(version === '1.2' ? ['LMSInitialize', 'LMSSetValue', 'LMSCommit', 'LMSFinish'] : ['Initialize', 'SetValue', 'Commit', 'Terminate'])}) {
    const original = api[name].bind(api);
    api[name] = (...args) => { const answer = original(...args); window.lmsCall({ name, args, answer, error: api.${version === '1.2' ? 'LMSGetLastError' : 'GetLastError'}() }); return answer; };
  }
  window.${global} = api;
</script></head>
<body><h1>Lernplattform</h1><iframe title="Kurs" src="/pkg/launch.html" style="width:1200px;height:900px;border:0"></iframe></body></html>`;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  share = await importShare(material, suiteDataDir(), 'scorm');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lernwerk-scorm-'));
  try {
    for (const version of ['1.2', '2004'] as const) {
      const out = path.join(dir, `kurs-${version}.zip`);
      const cli = spawn(process.execPath, ['--import', 'tsx', 'server/cli/exportScorm.ts', share, '--version', version, '--out', out, '--origin', COURSE_ORIGIN()], {
        env: { ...process.env, DATA_DIR: suiteDataDir(), DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
      expect(code, output).toBe(0);
      packages.set(version, unzipSync(readFileSync(out)));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  lms = createServer((request, response) => {
    const url = new URL(request.url ?? '/', LMS_ORIGIN);
    const version = (url.searchParams.get('v') ?? request.headers.referer?.match(/[?&]v=([\d.]+)/)?.[1] ?? '1.2') as Version;
    const send = (type: string, body: string | Uint8Array) => response.writeHead(200, { 'content-type': type }).end(body);
    if (url.pathname === '/lms.html') return send('text/html; charset=utf-8', lmsPage(version));
    if (url.pathname.startsWith('/scorm-again/')) return send('text/javascript', scormAgain(path.basename(url.pathname)));
    const file = url.pathname.startsWith('/pkg/') ? packages.get(version)?.[decodeURIComponent(url.pathname.slice(5))] : undefined;
    if (!file) return response.writeHead(404).end();
    const type = file && url.pathname.endsWith('.html') ? 'text/html; charset=utf-8' : url.pathname.endsWith('.js') ? 'text/javascript' : url.pathname.endsWith('.css') ? 'text/css' : 'application/octet-stream';
    return send(type, file);
  });
  await new Promise<void>((resolve) => lms!.listen(lmsPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (lms ? lms.close(() => resolve()) : resolve()));
});

type Call = { name: string; args: string[]; answer: string; error: string };

/** Opens the LMS page with `cmi`, recording the LMS calls of the package; the LMS refuses the first call of each method of `refuse`. */
async function launch(page: Page, version: Version, cmi: object, refuse: string[] = []): Promise<Call[]> {
  const calls: Call[] = [];
  await page.exposeFunction('lmsCall', (call: Call) => void calls.push(call));
  await page.goto(`${LMS_ORIGIN}/lms.html?v=${version}${refuse.length ? `&refuse=${refuse.join(',')}` : ''}#${encodeURIComponent(JSON.stringify(cmi))}`);
  return calls;
}

const course = (page: Page) => page.frameLocator('iframe[title="Kurs"]').frameLocator('iframe');
/** The last value the package set for `element`. */
const lastSet = (calls: Call[], element: string) => calls.filter((c) => /SetValue$/.test(c.name) && c.args[0] === element).at(-1)?.args[1];

const ELEMENTS = {
  '1.2': { status: 'cmi.core.lesson_status', score: 'cmi.core.score.raw', exit: 'cmi.core.exit', end: 'LMSFinish', name: { core: { student_id: 'ada-7', student_name: 'Lovelace, Ada', lesson_status: 'not attempted', entry: 'ab-initio' }, student_data: { mastery_score: '80' } } },
  '2004': { status: 'cmi.completion_status', score: 'cmi.score.scaled', exit: 'cmi.exit', end: 'Terminate', name: { learner_id: 'ada-7', learner_name: 'Lovelace, Ada', completion_status: 'unknown', entry: 'ab-initio', scaled_passing_score: '0.8' } },
} as const;

for (const version of ['1.2', '2004'] as const) {
  test(`SCORM ${version}: the LMS learner is the course's guest; completion, success, score and suspend data reach the LMS; a relaunch resumes`, async ({ newContext }) => {
    const e = ELEMENTS[version];
    const first = await newContext();
    const page = await first.newPage();
    const errors = collectPageErrors(page);
    const calls = await launch(page, version, e.name);

    // Never asked for a name: the LMS's learner is the guest.
    await expect(course(page).getByTestId('guest-name')).toHaveText('Ada Lovelace');
    await expect.poll(() => lastSet(calls, 'cmi.suspend_data') ?? '').toMatch(/"g":"[A-Za-z0-9_-]+"/);
    const question = course(page).locator('[id="scorm-frage"]');
    await question.getByText('etwa 2,5 Prozent', { exact: true }).click();
    await question.getByRole('button', { name: 'Auswerten' }).click();
    await expect(question.getByRole('button', { name: 'Antwort bearbeiten' })).toBeVisible();
    // The answer is on the server before this browser goes (closing it would cancel a request still under way):
    // the relaunch below is in a browser that kept nothing.
    await expect(course(page).getByTestId('save-state')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
    await expect(course(page).getByTestId('save-state')).toHaveAttribute('data-pending', '0');

    if (version === '1.2') {
      await expect.poll(() => lastSet(calls, e.status)).toBe('passed');
      await expect.poll(() => lastSet(calls, e.score)).toBe('100');
    } else {
      await expect.poll(() => lastSet(calls, e.status)).toBe('completed');
      await expect.poll(() => lastSet(calls, 'cmi.success_status')).toBe('passed');
      await expect.poll(() => lastSet(calls, e.score)).toBe('1');
      await expect.poll(() => lastSet(calls, 'cmi.progress_measure')).toBe('1');
    }
    const suspendData = lastSet(calls, 'cmi.suspend_data')!;
    // The LMS closes the course (its frame goes elsewhere): suspended, committed, finished; no LMS call failed.
    await page.evaluate(() => void (document.querySelector<HTMLIFrameElement>('iframe[title="Kurs"]')!.src = 'about:blank'));
    await expect.poll(() => calls.some((c) => c.name === e.end)).toBe(true);
    expect(lastSet(calls, e.exit)).toBe('suspend');
    expect(calls.filter((c) => c.error !== '0' && c.error !== ''), JSON.stringify(calls.filter((c) => c.error !== '0'))).toEqual([]);
    expect(errors).toEqual([]);
    await closeContext(first);

    // Relaunch with what the LMS stored, in a browser that kept nothing: the server has the work.
    const second = await newContext();
    const again = await second.newPage();
    const resumed = version === '1.2'
      ? { core: { ...ELEMENTS['1.2'].name.core, lesson_status: 'passed', entry: 'resume' }, student_data: { mastery_score: '80' }, suspend_data: suspendData }
      : { ...ELEMENTS['2004'].name, completion_status: 'completed', entry: 'resume', suspend_data: suspendData };
    const relaunchCalls = await launch(again, version, resumed);
    await expect(course(again).getByTestId('guest-name')).toHaveText('Ada Lovelace');
    await expect(course(again).locator('[id="scorm-frage"]').getByRole('button', { name: 'Antwort bearbeiten' })).toBeVisible();
    // Completion never goes back.
    expect(relaunchCalls.filter((c) => /SetValue$/.test(c.name) && c.args[0] === e.status && c.args[1] === 'incomplete')).toEqual([]);
    await closeContext(second);
  });
}

/** The launch page inside the LMS's frame: its own message (role status) is what the learner reads about the LMS. */
const launchPage = (page: Page) => page.frameLocator('iframe[title="Kurs"]');

test('opened without an LMS, the launch page says the course needs one and offers it unsaved', async ({ page }) => {
  await page.goto(`${LMS_ORIGIN}/pkg/launch.html?v=2004`);
  await expect(page.getByRole('heading', { name: 'This course must be started from a learning platform (LMS).' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('This page found no SCORM interface (API_1484_11)');
  await expect(page.getByRole('link', { name: 'View the course anyway, with nothing saved' })).toHaveAttribute('href', new RegExp(`^${COURSE_ORIGIN()}/`));
  await expect(page.locator('iframe')).toHaveCount(0);
});

test("SCORM 1.2: the LMS refuses to start the course: the launch page says so with the LMS's error and opens nothing", async ({ page }) => {
  const calls = await launch(page, '1.2', ELEMENTS['1.2'].name, ['LMSInitialize']);
  await expect(launchPage(page).getByRole('heading', { name: 'The learning platform refused to start the course.' })).toBeVisible();
  await expect(launchPage(page).getByRole('status')).toContainText('Error 101: General exception.');
  await expect(launchPage(page).locator('iframe')).toHaveCount(0);
  expect(calls.map((c) => [c.name, c.answer])).toEqual([['LMSInitialize', 'false']]);
});

test('SCORM 2004: the LMS refuses a value and a commit: the learner is told, the launch page commits again after its quiet time, and the result reaches the LMS', async ({ page }) => {
  const e = ELEMENTS['2004'];
  const calls = await launch(page, '2004', e.name, ['SetValue', 'Commit']);
  // The fresh attempt's first values: one refused, then the commit refused; the page says so above the course.
  await expect(launchPage(page).getByRole('status')).toContainText('The learning platform reports an error while saving (391: General Commit Failure)');
  expect(calls.filter((c) => c.answer === 'false').map((c) => c.name)).toEqual(['SetValue', 'Commit']);
  // After the quiet time the page commits again, and the LMS takes it.
  await expect.poll(() => calls.filter((c) => c.name === 'Commit').map((c) => c.answer), { timeout: 10_000 }).toEqual(['false', 'true']);
  const question = course(page).locator('[id="scorm-frage"]');
  await question.getByText('etwa 2,5 Prozent', { exact: true }).click();
  await question.getByRole('button', { name: 'Auswerten' }).click();
  await expect.poll(() => lastSet(calls, 'cmi.success_status')).toBe('passed');
  await expect.poll(() => calls.filter((c) => c.name === 'Commit').at(-1)?.answer).toBe('true');
});
