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

/** The LMS page: scorm-again's API with the CMI data given in the address, every LMS call reported to the test, the package framed. */
function lmsPage(version: Version): string {
  const [script, api, global] = version === '1.2' ? ['scorm12.min.js', 'Scorm12API', 'API'] : ['scorm2004.min.js', 'Scorm2004API', 'API_1484_11'];
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>LMS</title>
<script src="/scorm-again/${script}"></script>
<script>
  const api = new ${api}({ logLevel: 5, autocommit: false });
  api.loadFromJSON(JSON.parse(decodeURIComponent(location.hash.slice(1) || '%7B%7D')));
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

/** Opens the LMS page with `cmi`, recording the LMS calls of the package. */
async function launch(page: Page, version: Version, cmi: object): Promise<Call[]> {
  const calls: Call[] = [];
  await page.exposeFunction('lmsCall', (call: Call) => void calls.push(call));
  await page.goto(`${LMS_ORIGIN}/lms.html?v=${version}#${encodeURIComponent(JSON.stringify(cmi))}`);
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
