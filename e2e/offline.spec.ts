import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { MODEL_CACHE, PAGE_CACHE } from '../src/offline/cacheKeys';
import { display as displayTexts } from '../model/displayTexts';
import { choiceAnswers, demoElement } from './support/demoAnswers';
import { demoCollection, demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { expectAllSaved, guestDe, pendingCount, saveGuestProgress, saveState } from './support/guest';
import { clickChoice, de, element, openChapterCard } from './support/learner';
import { checkA11y } from './support/a11y';
import { collectPageErrors } from './support/pageErrors';
import { ownOrigin, ownPort, ownServer } from './support/ownServer';
import { reverseProxy } from './support/proxy';
import { idsOf, latestValues, storedEvents } from './support/storedEvents';
import { queuedEvents } from './support/trackingQueue';
import { closeContext, expect, test } from './support/transitions';
import { expectIconDrawn } from './support/icons';

/*
 * Issue 10, point 7: a reload without a network still shows the material the learner had open and keeps
 * their unsent work, through the service worker (src/offline/sw.ts). The network is cut for real: the
 * browser opens the suite's server through a reverse proxy of this spec's own (support/proxy.ts), which is
 * stopped, so the reload's navigation, the unload's flush and every retry are refused, as when a school's
 * wifi drops; `context.setOffline` would let the unload flush through. Then: a new build's worker is offered
 * with a reload toast.
 */

const kap3 = demoElement('kap3', 'Chapter');
const multipleChoice = demoElement('kap3-frage-sparen', 'ChoiceQuestion');
const diaryBarrier = demoElement('kap3-sperre-tagebuch', 'Barrier');
const diary = demoElement('kap3-freitext-sparen', 'FreeTextInput');
const diaryText = 'Offline geschrieben: kürzer duschen.';

const displayDe = displayTexts.de;

/** The proxy listens on the run's port block (ownPort), the update test's own server on the next port. */
const proxyPort = ownPort(5);
const updateServerPort = ownPort(6);

/** Evaluates a question with its submit button and waits for the evaluated state. */
async function evaluate(page: Page, id: string, submitText?: string) {
  const question = element(page, id);
  await question.getByRole('button', { name: submitText || de.evaluate, exact: true }).click();
  await expect(question.locator('section[data-state]').first()).toHaveAttribute('data-state', 'evaluated');
}

/** The URLs the service worker keeps in one of its caches (src/offline/cacheKeys.ts). */
function keptUrls(page: Page, cache: string): Promise<string[]> {
  return page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((request) => request.url) : []), cache);
}

/** What the learner sees (the viewport: the toast is fixed to it), attached to the test. */
async function viewportScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Runs `run` in a new browser context that reaches the e2e server only through a reverse proxy the test
 * can stop (a real network cut, unlike `context.setOffline`); the context is closed and the proxy stopped
 * afterwards, whatever happened.
 */
async function throughProxy(newContext: (options: BrowserContextOptions) => Promise<BrowserContext>, serverOrigin: string, options: BrowserContextOptions, run: (context: BrowserContext, proxy: ReturnType<typeof reverseProxy>) => Promise<void>) {
  const proxy = reverseProxy(proxyPort, serverOrigin);
  await proxy.start();
  const context = await newContext({ ...options, baseURL: proxy.origin });
  try {
    await run(context, proxy);
  } finally {
    await closeContext(context);
    await proxy.stop();
  }
}

/** Waits until a service worker controls the page (the first visit: it registers in idle time and takes over once installed). */
async function expectControlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 30_000 }).toMatch(/\/sw\.js$/);
}

test('a reload while the network is cut shows the material and the unsent answers, which are stored once when it is back', async ({ newContext, baseURL, request }, testInfo) => {
  test.setTimeout(240_000);
  await throughProxy(newContext, baseURL!, {}, async (context, proxy) => {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const { materialGuest: share } = await demoShares(request);
    await page.goto(sharePath(share));
    await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
    const link = await saveGuestProgress(page, { firstName: 'Nora', lastName: 'Netzlos' });
    const guestSessionId = new URL(link).searchParams.get('guestSessionId') ?? '';
    const pageKey = `${proxy.origin}/s/${share}/?guestSessionId=${guestSessionId}`;

    await test.step('first visit, online: the worker takes over and keeps the page of this guest and the material', async () => {
      await expectControlled(page);
      await expect.poll(() => keptUrls(page, PAGE_CACHE), { timeout: 20_000 }).toContain(pageKey);
      await expect.poll(() => keptUrls(page, MODEL_CACHE)).toContainEqual(expect.stringContaining(`/api/material/${share}/`));
    });

    await test.step('online: an answer the server acknowledges', async () => {
      await openChapterCard(page, kap3);
      for (const name of choiceAnswers(multipleChoice).right) await clickChoice(element(page, multipleChoice.id), name);
      await evaluate(page, multipleChoice.id, multipleChoice.submitText);
      await expectAllSaved(page);
    });

    await proxy.stop();
    await test.step('network cut: the barrier and the diary are answered; they wait in the queue', async () => {
      await element(page, diaryBarrier.id).getByRole('button', { name: diaryBarrier.buttonLabel }).click();
      await element(page, diary.id).getByRole('textbox').fill(diaryText);
      await evaluate(page, diary.id, diary.submitText);
      await expect(saveState(page)).toHaveAttribute('data-status', 'pending', { timeout: 20_000 });
      await expect(saveState(page)).toContainText(guestDe.serverReason);
      // The browser then reports the network gone, and back: the indicator names the reason it knows.
      await context.setOffline(true);
      await expect(saveState(page)).toContainText(guestDe.offlineReason);
      await context.setOffline(false);
      await expect(saveState(page)).toContainText(guestDe.serverReason, { timeout: 20_000 });
    });
    const queued = await queuedEvents(page);
    expect(queued.length, 'the offline answers are queued').toBeGreaterThanOrEqual(2);
    // The online answer has left the queue: after the reload it can only come from the worker's copy of the page.
    expect(queued.map((event) => event.metadata.id)).not.toContain(multipleChoice.id);

    await test.step('reload with the network still cut: the kept page, the material and both answers are there', async () => {
      const answer = await page.reload();
      expect(answer?.ok(), 'the service worker answered the reload').toBe(true);
      expect(page.url()).toContain(`/s/${share}/`);
      await expect(page.getByRole('heading', { level: 1, name: kap3.title })).toBeVisible();
      // The page is the worker's copy (not the browser's offline page, not the network's).
      await expect(page.locator('#page-data')).toHaveAttribute('data-offline-copy', /^\d+$/);
      await expect(element(page, multipleChoice.id).locator('section[data-state]').first()).toHaveAttribute('data-state', 'evaluated');
      await expect(element(page, diary.id).locator('section[data-state]').first()).toHaveAttribute('data-state', 'evaluated');
      await expect(element(page, diary.id)).toContainText(diaryText);
      await expectIconDrawn(saveState(page), "the save state's icon, from the kept sprite");
      await expect(saveState(page)).toHaveAttribute('data-status', 'pending');
      expect(await pendingCount(page)).toBe(queued.length);
      expect((await queuedEvents(page)).map((event) => event.id).sort()).toEqual(queued.map((event) => event.id).sort());
      await viewportScreenshot(page, testInfo, 'offline-reload');
      await checkA11y(page, testInfo, 'offline-reload');
    });

    await test.step('network still cut: the readable font, chosen now, comes from what the worker kept', async () => {
      await page.getByTestId('viewer-header').getByRole('button', { name: displayDe.title }).click();
      const panel = page.getByRole('dialog', { name: displayDe.title });
      const readable = panel.locator('label').filter({ hasText: displayDe.font });
      await readable.click();
      await expect(page.locator('html')).toHaveAttribute('data-font', 'readable');
      const readableFaces = () =>
        page.evaluate(() => document.fonts.ready.then(() => [...document.fonts].filter((font) => font.family.includes('Atkinson') && font.status !== 'unloaded').map((font) => font.status)));
      await expect.poll(readableFaces, { timeout: 10_000 }).toContain('loaded');
      expect(await readableFaces(), 'no face of it failed to load').not.toContain('error');
      await readable.click();
      await page.keyboard.press('Escape');
      await expect(page.locator('html')).not.toHaveAttribute('data-font');
    });

    await test.step('network back: the queued answers are sent and stored once; the next reload is fresh from the server', async () => {
      await proxy.start();
      // The sender retries with backoff (1 s … 30 s): at most one interval after the network is back.
      await expectAllSaved(page, 45_000);
      expect(await queuedEvents(page)).toEqual([]);
      const stored = await storedEvents(request, { shareId: share, guestSessionId });
      const { ids, repeated } = idsOf(stored);
      expect(repeated).toEqual([]);
      for (const event of queued) expect(ids.has(event.id), `queued event ${event.id} is stored`).toBe(true);
      const state = latestValues(stored);
      expect(state[multipleChoice.id]).toMatchObject({ evaluated: true });
      expect(state[diaryBarrier.id]).toMatchObject({ unlocked: true });
      expect(state[diary.id]).toMatchObject({ value: diaryText, evaluated: true });

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: kap3.title })).toBeVisible();
      await expect(page.locator('#page-data')).not.toHaveAttribute('data-offline-copy');
      await expect(element(page, diary.id)).toContainText(diaryText);
    });

    await test.step("a shared device: 'Forget in this browser' drops the kept copies of the guest's pages and answers", async () => {
      await page.getByTestId('guest-name').click();
      await page.getByTestId('guest-dialog').getByRole('button', { name: 'In diesem Browser vergessen' }).click();
      await expect(page).not.toHaveURL(/guestSessionId/);
      await expect(page.getByTestId('viewer-header').getByRole('button', { name: guestDe.save })).toBeVisible();
      await expect.poll(() => keptUrls(page, PAGE_CACHE)).not.toContain(pageKey);
      expect(await keptUrls(page, PAGE_CACHE)).not.toContainEqual(expect.stringContaining(guestSessionId));
    });
    expect(errors).toEqual([]);
  });
});

test('a collection: a material opened from the grid reloads without a network, from the kept page and the kept answers of its POST calls', async ({ newContext, baseURL, request }) => {
  test.setTimeout(180_000);
  await throughProxy(newContext, baseURL!, {}, async (context, proxy) => {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const { collection: share } = await demoShares(request);
    await page.goto(sharePath(share));
    await expect(page.getByRole('heading', { level: 1, name: demoCollection.title })).toBeVisible();
    await expectControlled(page);
    await expect.poll(() => keptUrls(page, MODEL_CACHE), { timeout: 20_000 }).toContainEqual(expect.stringContaining('/api/model/query?'));

    // Opened while the worker controls the page: the call for the material is kept as it is answered.
    const target = demoCollection.items[1].material;
    await page.getByTestId('material-card').filter({ hasText: target.title }).getByRole('link', { name: /Öffnen|Open/ }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${share}/${target.publicId}/$`));
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    await expect.poll(() => keptUrls(page, MODEL_CACHE)).toContainEqual(expect.stringContaining('/api/collectionMaterial?'));

    await proxy.stop();
    const answer = await page.reload();
    expect(answer?.ok(), 'the service worker answered the reload').toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    await expect(page.locator('#page-data')).toHaveAttribute('data-offline-copy', /^\d+$/);
    await expect(page.locator('[data-model-name]').first()).toBeVisible();
    // Opened while the browser knows it is offline: the kept page says so at once, and that the connection is back.
    await context.setOffline(true);
    expect((await page.reload())?.ok(), 'the service worker answered the offline reload').toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    // The notice, not the live region that says the same words to screen readers a moment later.
    await expect(page.getByTestId('connectivity-notice').filter({ hasText: 'Verbindung unterbrochen' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('connectivity-notice').filter({ hasText: 'Verbindung wiederhergestellt' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('without the service worker the same reload fails: the browser has nothing to show', async ({ newContext, baseURL, request }) => {
  await throughProxy(newContext, baseURL!, { serviceWorkers: 'block' }, async (context, proxy) => {
    const page = await context.newPage();
    const { materialGuest: share } = await demoShares(request);
    await page.goto(sharePath(share));
    await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
    await proxy.stop();
    await expect(page.reload()).rejects.toThrow(/ERR_/);
  });
});

test('a new build: the page offers a reload, and the reload brings the new worker', async ({ newContext }, testInfo) => {
  // A server of its own: it loads the demo content on its first start (tens of seconds on a busy machine).
  test.setTimeout(240_000);
  // A client of this test's own (the build copied), so its worker can change while the server runs.
  mkdirSync('.cache', { recursive: true });
  const clientDir = mkdtempSync(path.join('.cache', 'e2e-client-'));
  cpSync(process.env.CLIENT_DIR ?? 'dist/client', clientDir, { recursive: true });
  const server = ownServer(updateServerPort, { env: { CLIENT_DIR: path.resolve(clientDir) } });
  const context = await newContext({ baseURL: ownOrigin(updateServerPort) });
  try {
    await server.start();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const { material: share } = await demoShares(context.request);
    await page.goto(sharePath(share));
    await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
    await expectControlled(page);
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveCount(0);

    // What a deploy changes: the worker script (a new build's has a new precache manifest).
    const worker = path.join(clientDir, 'sw.js');
    writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// build 2\n`);
    // The browser checks the worker on every navigation (and the page every hour).
    await page.reload();
    await expect(toast).toContainText('Neue Version verfügbar', { timeout: 30_000 });
    await expect(toast).toContainText('Lade die Seite neu');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting?.state)).toBe('installed');
    await viewportScreenshot(page, testInfo, 'update-prompt');
    await checkA11y(page, testInfo, 'update-prompt');

    // The new worker takes over and the page reloads itself.
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await toast.getByRole('button', { name: 'Neu laden' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration('/');
      return { waiting: found?.waiting?.state ?? null, active: found?.active?.state, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(registration).toEqual({ waiting: null, active: 'activated', controlled: true });
    await expect(toast).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await closeContext(context);
    await server.dispose();
    rmSync(clientDir, { recursive: true, force: true });
  }
});
