import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser } from '@playwright/test';
import { hashPassword } from '../server/auth/password';
import { sweep } from './support/a11ySweep';
import { adminTokens, demoShares, sharePath } from './support/demoShares';
import { expectAllSaved } from './support/guest';
import { clickChoice, de, element, feedback } from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * Issue 29, part 2, in the browser: three learners, each in a browser context of their own, answer a question
 * of a guest share as named guests; then a teacher (an account the material grants `results`) opens the
 * share's results screen, sees the three learners and the question's figures, filters by date (a range
 * without activity is the empty state, the range cleared brings the figures back), and downloads the CSV by
 * keyboard. Runs on the suite's server: the account and the material come through its admin routes.
 */

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const teacher = { email: `lehrerin-${suffix}@schule.example`, password: 'Ergebnisse-2026!' };
const materialId = `results-e2e-${suffix}`;
const question = `${materialId}-frage`;
const material = {
  modelName: 'Material',
  id: materialId,
  publicId: materialId,
  title: 'Wolken und Regen',
  permissions: [{ modelName: 'UserPermission', user: teacher.email, abilities: ['results'] }],
  content: [
    { modelName: 'Text', id: `${materialId}-text`, content: { html: '<p>Wolken bestehen aus kleinen Tröpfchen.</p>' } },
    {
      modelName: 'ChoiceQuestion',
      id: question,
      type: 'sc',
      question: '<p>Woraus entstehen Wolken?</p>',
      choices: [
        { id: `${question}-a`, text: 'Wasserdampf', correct: true },
        { id: `${question}-b`, text: 'Staub', correct: false },
        { id: `${question}-c`, text: 'Rauch', correct: false },
      ],
    },
  ],
};
const learners = [
  { name: 'Ada Lovelace', choice: 'Wasserdampf' },
  { name: 'Ben Bauer', choice: 'Staub' },
  { name: 'Cara Conti', choice: 'Staub' },
];

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  for (const token of adminTokens()) {
    const headers = { authorization: `Bearer ${token}` };
    if ((await request.get('/api/admin/demo-shares', { headers })).ok()) return headers;
  }
  throw new Error('no admin token of the suite server found');
}

/** A learner in a context of their own: a named guest session of the share, one answer evaluated and saved. */
async function learnerAnswers(browser: Browser, baseURL: string, share: string, learner: (typeof learners)[number]) {
  const context = await browser.newContext({ baseURL });
  try {
    const guest = await context.request.post('/api/guest', { data: { name: learner.name, publicId: share } });
    expect(guest.ok(), await guest.text()).toBe(true);
    const guestSessionId = ((await guest.json()) as { data: { publicId: string } }).data.publicId;
    const page = await context.newPage();
    await page.goto(`${sharePath(share)}?guestSessionId=${guestSessionId}`);
    const box = element(page, question);
    await clickChoice(box, learner.choice);
    await box.getByRole('button', { name: de.evaluate }).click();
    await expect(feedback(box)).toContainText(learner.choice === 'Wasserdampf' ? de.positiveTitle : de.negativeTitle);
    await expectAllSaved(page);
  } finally {
    await context.close();
  }
}

test('three learners answer; the teacher sees their figures, filters by date and downloads the CSV', async ({ page, request, browser, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const admin = await adminHeaders(request);
  const account = await request.post('/api/admin/users', {
    headers: admin,
    data: { email: teacher.email, firstname: 'Lea', lastname: 'Lehrerin', passwordHash: await hashPassword(teacher.password) },
  });
  expect(account.status(), await account.text()).toBe(201);
  const imported = await request.post('/api/admin/import', { headers: admin, data: { share: 'guest', file: material } });
  expect(imported.status(), await imported.text()).toBe(200);
  const share = ((await imported.json()) as { data: { share: { publicId: string } } }).data.share.publicId;

  await test.step('three learners, each in a browser of their own, answer as named guests', async () => {
    await Promise.all(learners.map((learner) => learnerAnswers(browser, baseURL!, share, learner)));
  });

  const errors = collectPageErrors(page);
  const screen = page.getByTestId('results-page');

  await test.step('without a login the screen says to log in, and shows no learner', async () => {
    await page.goto(sharePath(share, '_results/'));
    await expect(screen).toHaveAttribute('data-state', 'refused');
    await expect(screen).toContainText('Melde dich an, um die Ergebnisse zu sehen.');
    await expect(screen).not.toContainText('Ada Lovelace');
  });

  await test.step('the teacher sees three learners and the question’s figures', async () => {
    expect((await page.request.post('/auth/login', { data: teacher })).ok()).toBe(true);
    await page.reload();
    await expect(screen).toHaveAttribute('data-state', 'loaded');
    await expect(page.getByRole('heading', { level: 1, name: 'Ergebnisse der Lernenden' })).toBeVisible();
    await expect(page.getByTestId('viewer-header')).toContainText(material.title);
    await expect(page.getByTestId('results-summary')).toContainText('3 Lernende');
    const rows = page.getByTestId('results-learners').locator('tbody tr');
    await expect(rows).toHaveCount(3);
    for (const learner of learners) await expect(rows.filter({ hasText: learner.name })).toContainText('(Gast)');
    const row = page.getByTestId('results-questions').locator('tbody tr').filter({ hasText: 'Woraus entstehen Wolken?' });
    await expect(row.locator('td').nth(0)).toHaveText('3 / 3');
    await expect(row.locator('td').nth(1)).toHaveText('1 (33 %)');
    await expect(row.locator('td').nth(2)).toHaveText('Staub (2)');
    const bands = page.getByTestId('results-distribution').locator('tbody tr');
    await expect(bands).toHaveCount(11);
    await expect(page.getByTestId('results-counts')).toContainText('Richtig beim ersten Mal');
    await sweep(page, testInfo, 'results');
  });

  await test.step('a range without activity is the empty state; cleared, the figures are back', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const from = page.getByLabel('Von');
    await from.fill('2099-01-01');
    await expect(screen).toHaveAttribute('data-state', 'empty');
    await expect(screen).toContainText('In diesem Zeitraum hat niemand an diesem Inhalt gearbeitet.');
    await expect(page.getByTestId('results-learners')).toHaveCount(0);
    await from.fill('');
    await expect(screen).toHaveAttribute('data-state', 'loaded');
    await expect(page.getByTestId('results-learners').locator('tbody tr')).toHaveCount(3);
  });

  await test.step('the CSV, downloaded by keyboard, holds the same figures', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV herunterladen' }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^results-${share}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.filter((line) => line.startsWith('learners,')).map((line) => line.split(',')[1]).sort()).toEqual(learners.map((learner) => learner.name));
    expect(lines).toContain(`questions,${question},ChoiceQuestion,Woraus entstehen Wolken?,,3,1,,Staub,2`);
    await expect(screen).toHaveAttribute('data-state', 'loaded');
  });

  await test.step('a fault is told with a retry; a failed download with a toast; both in turn work', async () => {
    await page.route('**/api/shares/*/results', (route) => route.abort('connectionrefused'), { times: 1 });
    await page.reload();
    await expect(screen).toHaveAttribute('data-state', 'failed');
    await expect(page.getByRole('alert')).toContainText('Die Ergebnisse konnten nicht geladen werden.');
    await page.getByRole('button', { name: 'Noch einmal versuchen' }).click();
    await expect(screen).toHaveAttribute('data-state', 'loaded');
    await page.route('**/api/shares/*/results.csv', (route) => route.fulfill({ status: 503, headers: { 'retry-after': '5' }, body: '' }), { times: 1 });
    await page.getByRole('button', { name: 'CSV herunterladen' }).click();
    await expect(page.getByText('Download fehlgeschlagen')).toBeVisible();
    await expect(screen).toHaveAttribute('data-state', 'loaded');
  });

  await test.step('in English', async () => {
    await page.goto(sharePath(share, '_results/?lang=en'));
    await expect(page.getByRole('heading', { level: 1, name: "Learners' results" })).toBeVisible();
    await expect(page.getByTestId('results-summary')).toContainText('3 learners');
    await expect(page.getByRole('columnheader', { name: 'Right at first' })).toBeVisible();
  });

  await test.step('a collection share the teacher has no results of answers like an unknown one, under the screen’s own header', async () => {
    const { collection } = await demoShares(request);
    await page.goto(sharePath(collection, '_results/?lang=en'));
    await expect(screen).toHaveAttribute('data-state', 'refused');
    await expect(screen).toContainText('These results do not exist, or you may not see them.');
    await expect(page.getByRole('link', { name: 'Back to the content' })).toBeVisible();
  });

  expect(errors).toEqual([]);
});
