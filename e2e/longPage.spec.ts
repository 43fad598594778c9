import type { Page } from '@playwright/test';
import { generateMaterial, type GeneratedMaterial } from '../scripts/bench/generateMaterial';
import type { MaterialInput } from '../model/material';
import { holdTheApp } from './support/holdTheApp';
import { importShare } from './support/importShare';
import { ownOrigin, ownPort, ownServer, type OwnServer } from './support/ownServer';
import { clickChoice } from './support/learner';
import { latestValues, storedEvents } from './support/storedEvents';
import { expect, test } from './support/transitions';

/*
 * Issue 9: a long page mounts in chunks and its actors spawn as their elements render, yet the
 * learner's ways into it still work. On generated pages of 1,000 and 5,000 elements (the bench's
 * generator): scrollTo and highlight reach an element near the end, an answer there is saved on
 * the server and the barrier after it unlocks; anchors, print and the browser's find reach the end
 * of the 5,000-element page. This spec runs its own server with both materials imported.
 */

const port = ownPort(9);
// No trace: its DOM snapshots of a 5,000-element page (about 46,000 nodes) at every step held the page's
// main thread for over 20 s, which measured Playwright, not the viewer (a failure still leaves a screenshot).
test.use({ baseURL: ownOrigin(port), trace: 'off' });
let server: OwnServer | null = null;
const shares: Record<number, string> = {};

/** The generated page with, near its end, a question, a barrier waiting for it (mode last) and what the barrier hides. */
function withBarrierNearEnd(generated: GeneratedMaterial): MaterialInput {
  const { material } = generated;
  const prefix = material.id;
  const content = [...material.content];
  const near: MaterialInput['content'] = [
    {
      modelName: 'ChoiceQuestion', id: `${prefix}-near-end`, type: 'sc',
      question: '<p>Welche Schicht speichert das Grundwasser am Ende dieser langen Seite?</p>',
      choices: [{ id: `${prefix}-near-end-a`, text: 'Der Kies', correct: true }, { id: `${prefix}-near-end-b`, text: 'Die Wolke', correct: false }],
    },
    { modelName: 'Barrier', id: `${prefix}-near-end-barrier`, mode: 'last', buttonLabel: 'Weiter zum Schluss' },
    { modelName: 'Text', id: `${prefix}-after-barrier`, content: { html: '<p>Hinter der Sperre: das Ende der langen Seite.</p>' } },
  ];
  content.splice(content.length - 3, 0, ...near);
  return { ...material, content };
}


test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = ownServer(port);
  for (const size of [1000, 5000]) shares[size] = await importShare(withBarrierNearEnd(generateMaterial(size)), server.dataDir, 'guest');
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

const idsOf = (size: number) => {
  const prefix = `bench${size}`;
  return { question: `${prefix}-near-end`, barrier: `${prefix}-near-end-barrier`, after: `${prefix}-after-barrier`, last: generateMaterial(size).lastElementId };
};

/**
 * The highlight in element `id` shows `text`. Read by evaluate, not by a locator's poll: a locator
 * assertion that began while a long page mounted never saw the mark (Playwright's in-page poll
 * stalled; the mark was there after 4 s, and the same assertion started later passed at once).
 */
async function expectHighlight(page: Page, id: string, text: string) {
  const mark = () => page.evaluate((target) => document.querySelector(`[id="${target}"] mark[data-highlight]`)?.textContent ?? null, id);
  await expect.poll(mark, { timeout: 20_000 }).toBe(text);
}

/** Whether the element's top is inside the viewport. */
const inViewport = (page: Page, id: string) =>
  page.evaluate((target) => {
    const box = document.getElementById(target)?.getBoundingClientRect();
    return Boolean(box && box.top >= -1 && box.top < window.innerHeight);
  }, id);

test('1,000 elements: scrollTo and highlight reach an element near the end, its answer is saved, the barrier after it unlocks', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ids = idsOf(1000);
  const share = shares[1000];
  const guest = await request.post('/api/guest', { data: { name: 'Lena Lang', publicId: share } });
  expect(guest.ok()).toBe(true);
  const guestSessionId = ((await guest.json()) as { data: { publicId: string } }).data.publicId;

  await page.goto(`/s/${share}/?guestSessionId=${guestSessionId}&scrollTo=${ids.question}&highlight=Grundwasser`);
  const question = page.locator(`[id="${ids.question}"]`);
  await expectHighlight(page, ids.question, 'Grundwasser');
  await expect.poll(() => inViewport(page, ids.question)).toBe(true);

  // The chunks above the target still mount meanwhile. Once (CI, 2026-11-25) Evaluate went out with no
  // choice selected: the click on the label had not selected it, whether it landed elsewhere or was lost
  // is not known. The selection is checked, and a click that selected nothing is made again.
  const gravel = question.getByRole('radio', { name: /Der Kies/ });
  await expect(async () => {
    if (!(await gravel.isChecked())) await clickChoice(question, 'Der Kies');
    await expect(gravel).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await question.getByRole('button', { name: 'Auswerten' }).click();
  await expect(question.getByText('Richtig beantwortet:', { exact: false })).toBeVisible();

  const barrier = page.locator(`[id="${ids.barrier}"]`);
  await expect(page.locator(`[id="${ids.after}"]`)).toHaveCount(0);
  await barrier.getByRole('button', { name: 'Weiter zum Schluss' }).click();
  await expect(page.locator(`[id="${ids.after}"]`)).toContainText('Hinter der Sperre');
  await expect(page.locator(`[id="${ids.last}"]`)).toHaveCount(1);

  await expect
    .poll(async () => latestValues(await storedEvents(request, { shareId: share, guestSessionId })), { timeout: 15_000 })
    .toMatchObject({ [ids.question]: { evaluated: true, progress: 1 }, [ids.barrier]: { unlocked: true } });
});

test('1,000 elements: where the learner scrolled the server\'s first paint to, or where its #element put them, the app leaves them', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const ids = idsOf(1000);
  const takenOver = () => expect(page.locator('#shell')).toHaveCount(0, { timeout: 30_000 });

  // Scrolled with the wheel while the app's code is held back: the app takes over and the window stays (it went to the top).
  let held = await holdTheApp(page);
  await page.goto(`/s/${shares[1000]}/`);
  await expect(page.locator('[data-shell-element]').first()).toBeVisible();
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 2400);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(2400);
  held.release();
  await takenOver();
  // It stays there while the app renders the page around it (the router put it back at the top at once, before).
  for (let look = 0; look < 5; look++) {
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(2400);
    await page.waitForTimeout(200);
  }

  // Opened at the question near the end by its #address, the browser scrolls the first paint to it; the learner
  // scrolls back up by 300 px, and the app does not scroll the question into view again (the router did), nor
  // does the question move as the app replaces the frames above it (they took 220 px each, an estimate: 233 px).
  // A browser of its own: this one's service worker would hand out the app's code past the routes that hold it.
  const context = await browser.newContext({ baseURL: ownOrigin(port) });
  page = await context.newPage();
  held = await holdTheApp(page);
  await page.goto(`/s/${shares[1000]}/#${ids.question}`);
  await expect.poll(() => inViewport(page, ids.question)).toBe(true);
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  const placed = await scrollY();
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, -300);
  await expect.poll(scrollY).toBe(placed - 300);
  const topOfQuestion = () => page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), ids.question);
  const shown = await topOfQuestion();
  held.release();
  await expect(page.locator('#shell')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator(`[id="${ids.question}"]:not([data-shell-element])`)).toHaveCount(1);
  for (let look = 0; look < 5; look++) {
    expect(await scrollY()).toBe(placed - 300);
    expect(Math.abs((await topOfQuestion()) - shown), `the question stood at ${shown} px`).toBeLessThanOrEqual(4);
    await page.waitForTimeout(200);
  }
  await context.close();
});

test('1,000 elements: Evaluate pressed in the server\'s paint and released after the app\'s element replaced it under the pointer counts', async ({ browser }) => {
  test.setTimeout(60_000);
  const ids = idsOf(1000);
  // A browser of its own: the service worker of another would hand out the app's code past the routes that hold it.
  const context = await browser.newContext({ baseURL: ownOrigin(port) });
  const page = await context.newPage();
  const held = await holdTheApp(page);
  await page.goto(`/s/${shares[1000]}/#${ids.question}`);
  await expect.poll(() => inViewport(page, ids.question)).toBe(true);
  const question = page.locator(`[id="${ids.question}"]`);
  await question.locator(`label[data-choice-id="${ids.question}-a"]`).click();
  const early = question.locator('[data-early-button]');
  await expect(early).toBeEnabled();
  const box = (await early.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // The press starts on the early form; the app comes, and its list replaces the form before the release.
  await page.mouse.down();
  held.release();
  await expect(page.locator(`[id="${ids.question}"]:not([data-shell-element])`)).toHaveCount(1, { timeout: 30_000 });
  await page.mouse.up();
  await expect(question.locator('[data-feedback]')).toBeVisible();
  await expect(question.locator('[data-answer-button]')).toHaveText('Antwort bearbeiten');
  await context.close();
});

test('5,000 elements: scrollTo, highlight, anchors, print and find reach the end of the page', async ({ page }) => {
  test.setTimeout(180_000);
  const ids = idsOf(5000);
  const share = shares[5000];

  await test.step('scrollTo and highlight reach the question near the end at once', async () => {
    await page.goto(`/s/${share}/?scrollTo=${ids.question}&highlight=Schicht`);
    await expectHighlight(page, ids.question, 'Schicht');
    await expect.poll(() => inViewport(page, ids.question)).toBe(true);
  });

  await test.step('an anchor link on the page jumps to it', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    // The barrier names what still blocks it, each a link to that element's anchor.
    const blocking = page.locator(`[id="${ids.barrier}"] [data-testid="barrier-blocking"] a`);
    await expect(blocking).toHaveAttribute('href', `#${ids.question}`);
    await blocking.click();
    await expect.poll(() => inViewport(page, ids.question)).toBe(true);
  });

  await test.step('printing renders the whole page first, even while it is still mounting', async () => {
    await page.goto(`/s/${share}/`);
    // The app's page, not the server's first paint (#shell, whose heading and elements show before the app's code
    // runs). Read by evaluate: a locator's in-page poll over the 5,000 elements the server drew held the page's main
    // thread so that the app did not start within 10 s (with this poll it starts within 2 s).
    await expect.poll(() => page.evaluate(() => Boolean(document.querySelector('article[data-page-id] h1'))), { timeout: 20_000 }).toBe(true);
    // Printing right after the first paint: the print handler mounts every list to its end and wakes every element at once.
    const printed = await page.evaluate((question) => {
      window.dispatchEvent(new Event('beforeprint'));
      return {
        questionWidget: Boolean(document.getElementById(question)?.querySelector('input[type="radio"]')),
        standIns: document.querySelectorAll('[data-dormant]').length,
      };
    }, ids.question);
    expect(printed).toEqual({ questionWidget: true, standIns: 0 });
  });

  await test.step("the browser's find reaches text at the end of the page, also before it woke", async () => {
    await page.goto(`/s/${share}/`);
    // Not woken by the app: its stand-in, or (a choice question of the server's first paint) its early form.
    await expect(page.locator(`[id="${ids.question}"] :is([data-dormant], [data-early-form])`)).toHaveCount(1);
    // window.find is Chromium's find-in-page on the document, off-screen (content-visibility) parts included.
    const found = await page.evaluate(() => {
      window.getSelection()?.removeAllRanges();
      const hit = (window as unknown as { find: (text: string) => boolean }).find('am Ende dieser langen Seite');
      return hit ? window.getSelection()?.anchorNode?.parentElement?.closest('[data-model-name]')?.id ?? null : null;
    });
    expect(found).toBe(ids.question);
  });
});
