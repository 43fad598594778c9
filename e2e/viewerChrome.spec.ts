import { readFileSync } from 'node:fs';
import { checkA11y } from './support/a11y';
import { demoElement } from './support/demoAnswers';
import { demoCollection, demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { guestDe, saveGuestProgress } from './support/guest';
import { expectIconDrawn } from './support/icons';
import { element, openChapterCard } from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { saveScreenshot } from './support/screenshots';
import { expect, test } from './support/transitions';
import type { Locator, Page, TestInfo } from '@playwright/test';

/*
 * Issue 10, point 8: what the viewer's header and footer offer a learner at the edges — a wrong
 * chapter address, a phone's narrow header, a toast over the footer, the copyright notice.
 */

const kap1 = demoElement('kap1', 'Chapter');
const kap2 = demoElement('kap2', 'Chapter');
const kap1Evaporation = demoElement('kap1-1', 'Chapter');
const kap1Measuring = demoElement('kap1-1-1', 'Chapter');

const notFound = {
  de: { message: 'Die angeforderte Seite wurde nicht gefunden.', toStart: 'Zum Anfang des Kurses' },
  en: { message: 'The page you requested could not be found.', toStart: 'To the start of the course' },
} as const;

test('a wrong chapter address shows the not-found view inside the viewer, with the header and a link to the course start', async ({ page, request }, testInfo) => {
  const { material: share } = await demoShares(request);
  const errors = collectPageErrors(page);
  const title = page.getByRole('heading', { level: 1, name: demoMaterial.title });

  for (const wrong of ['gibt-es-nicht/', `${kap1.publicId}/gibt-es-nicht/`]) {
    await test.step(`/${wrong}`, async () => {
      // Answered 404 (link checkers and LMSs read the status), with the page the app takes over.
      expect((await page.goto(sharePath(share, wrong)))?.status()).toBe(404);
      await expect(page.getByTestId('error-view')).toContainText('404');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.de.message);
      const header = page.getByTestId('viewer-header');
      await expect(header).toBeVisible();
      await expect(header.getByRole('link', { name: 'Zurück' })).toBeVisible();
      await expect(header.getByRole('group', { name: 'Sprache' })).toBeVisible();
    });
  }
  await saveScreenshot(page, testInfo, 'not-found');
  await checkA11y(page, testInfo, 'not-found');

  await test.step('the link leads to the course start', async () => {
    await page.getByRole('main').getByRole('link', { name: notFound.de.toStart }).click();
    await expect(title).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/s/${share}/$`));
  });

  await test.step('the header’s back arrow leads there too', async () => {
    await page.goto(sharePath(share, 'gibt-es-nicht/'));
    await page.getByTestId('viewer-header').getByRole('link', { name: 'Zurück' }).click();
    await expect(title).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/s/${share}/$`));
  });

  await test.step('in English', async () => {
    await page.goto(`${sharePath(share, 'gibt-es-nicht/')}?lang=en`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.en.message);
    await page.getByRole('main').getByRole('link', { name: notFound.en.toStart }).click();
    await expect(title).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/s/${share}/\\?lang=en$`));
  });
  expect(errors).toEqual([]);
});

/** A screenshot of what the window shows (fixed toasts and the sticky header where the learner sees them), attached to the test. */
async function saveViewport(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * Whether a click at the middle of `target` reaches it while a toast shows: 'reachable', 'covered'
 * (something lies on top of it there), or 'no toast' (the question no longer arises).
 */
async function clickableUnderToast(target: Locator): Promise<'reachable' | 'covered' | 'no toast'> {
  return target.evaluate((element) => {
    if (!document.querySelector('[data-testid="toast"]')) return 'no toast';
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit) ? 'reachable' : 'covered';
  });
}

/** Shows a toast the way a guest meets one: copying their link fails (the clipboard is refused). */
async function showCopyFailedToast(page: Page) {
  await page.getByTestId('guest-name').click();
  const dialog = page.getByTestId('guest-dialog');
  await dialog.getByRole('button', { name: guestDe.copyLink }).click();
  await expect(page.getByTestId('toast')).toContainText('Kopieren nicht möglich');
  await dialog.getByRole('button', { name: guestDe.close }).click();
  await expect(dialog).toHaveCount(0);
}

test('a toast never covers the footer navigation: Forward stays clickable while it shows, on a desktop and on a phone', async ({ page, request }, testInfo) => {
  const { materialGuest: share } = await demoShares(request);
  const errors = collectPageErrors(page);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new DOMException('refused', 'NotAllowedError')) } });
  });
  await page.goto(sharePath(share, `${kap1.publicId}/`));
  await expect(page.getByRole('heading', { level: 1, name: kap1.title })).toBeVisible();
  await saveGuestProgress(page, { firstName: 'Tom', lastName: 'Toast' });

  const forward = page.getByRole('navigation', { name: 'Seitennavigation' }).getByRole('link', { name: /Weiter/ });
  const toast = page.getByTestId('toast');
  /** Where the learner may have scrolled to: the end of the page, or Forward just above the bottom edge, where the toasts are. */
  const scrolls = {
    'the end of the page': () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight)),
    'Forward at the bottom edge': () => forward.evaluate((link) => window.scrollBy(0, link.getBoundingClientRect().bottom - (window.innerHeight - 24))),
  };
  for (const viewport of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
    await test.step(`${viewport.width}×${viewport.height}`, async () => {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      await showCopyFailedToast(page);
      for (const [where, scroll] of Object.entries(scrolls)) {
        await scroll();
        await expect(toast).toBeVisible();
        await expect(forward).toBeInViewport();
        // Well within the toast's 8 s: a frame for the toasts to move, not the toast going away.
        await expect.poll(() => clickableUnderToast(forward), { message: `${where}: nothing lies on top of Forward while the toast shows`, timeout: 3000 }).toBe('reachable');
        const [toastBox, forwardBox] = [await toast.boundingBox(), await forward.boundingBox()];
        const apart = toastBox!.y + toastBox!.height <= forwardBox!.y || forwardBox!.y + forwardBox!.height <= toastBox!.y;
        expect(apart, `${where}: the toast (${JSON.stringify(toastBox)}) lies above or below Forward (${JSON.stringify(forwardBox)})`).toBe(true);
        await saveViewport(page, testInfo, `toast-footer-${viewport.width}-${where.replace(/\W+/g, '-')}`);
      }
      await expect(toast, 'the toast still shows').toBeVisible();
      await forward.click({ timeout: 3000 });
      await expect(page.getByRole('heading', { level: 1, name: kap2.title })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: kap1.title })).toBeVisible();
      // The next round starts without a toast: this one goes after its 8 s (not while the pointer rests on it).
      await page.mouse.move(1, 1);
      await expect(toast).toHaveCount(0, { timeout: 15_000 });
    });
  }
  expect(errors).toEqual([]);
});

/** The copyright notice of the demo settings (content/settings.json). */
const copyrightNotice = (JSON.parse(readFileSync('content/settings.json', 'utf8')) as { copyrightNotice: string }).copyrightNotice;

test('the copyright notice of the settings is at the foot of every page of a public share, on screen and in print', async ({ page, request }, testInfo) => {
  const { material, materialGuest, collection } = await demoShares(request);
  const errors = collectPageErrors(page);
  const notice = page.getByRole('contentinfo');
  const pages = [
    { path: sharePath(material), title: demoMaterial.title },
    { path: sharePath(material, `${kap1.publicId}/`), title: kap1.title },
    { path: sharePath(material, 'gibt-es-nicht/'), title: 'Die angeforderte Seite wurde nicht gefunden.' },
    { path: sharePath(materialGuest, `${kap2.publicId}/`), title: kap2.title },
    { path: sharePath(collection), title: demoCollection.title },
  ];
  for (const { path, title } of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(notice).toHaveText(copyrightNotice);
      await notice.scrollIntoViewIfNeeded();
      await expect(notice).toBeVisible();
    });
  }
  await test.step('printed: the notice stays, the footer navigation goes', async () => {
    await page.goto(sharePath(material, `${kap1.publicId}/`));
    await page.emulateMedia({ media: 'print' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Seitennavigation' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  });
  await checkA11y(page, testInfo, 'copyright-notice');
  expect(errors).toEqual([]);
});

type ShownCrumb = { text: string; current: boolean; full: boolean; width: number };

/** The crumbs the header shows: their text, whether it shows in full (not cut with an ellipsis) and their width. */
async function shownCrumbs(page: Page): Promise<ShownCrumb[]> {
  const nav = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
  // The trail's code loads after the page's (src/viewer/Header.tsx): wait until it shows.
  await expect(nav.getByRole('listitem').first()).toBeVisible();
  return nav
    .locator('ol:not([aria-hidden]) > li')
    .evaluateAll((items) =>
      items.flatMap((item) => {
        const crumb = item.querySelector<HTMLElement>('a, [aria-current="page"]');
        if (!crumb) return [];
        const width = crumb.getBoundingClientRect().width;
        return [{ text: crumb.textContent ?? '', current: crumb.hasAttribute('aria-current'), full: crumb.scrollWidth <= crumb.clientWidth + 1 && width > 0, width }];
      }),
    );
}

test('on a phone the breadcrumbs collapse into the menu instead of shrinking to stubs; a wide window shows them all', async ({ page, request }, testInfo) => {
  const { material, materialGuest } = await demoShares(request);
  const errors = collectPageErrors(page);
  const nav = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
  const more = nav.getByRole('button', { name: 'Weitere Ebenen' });
  await page.setViewportSize({ width: 390, height: 844 });
  const cases = [
    { share: material, trail: [kap1, kap1Evaporation] },
    { share: material, trail: [kap1, kap1Evaporation, kap1Measuring] },
    // The guest share's header also holds "Lernstand speichern": even less room.
    { share: materialGuest, trail: [kap1, kap1Evaporation, kap1Measuring] },
  ];
  for (const { share, trail } of cases) {
    await test.step(`${share === material ? 'public' : 'guest'} share, ${trail.map((c) => c.publicId).join('/')}`, async () => {
      await page.goto(sharePath(share, trail.map((c) => `${c.publicId}/`).join('')));
      await expect(page.getByRole('heading', { level: 1, name: trail.at(-1)!.title })).toBeVisible();
      await expect(more).toBeVisible();
      const crumbs = await shownCrumbs(page);
      for (const crumb of crumbs.filter((c) => !c.current)) expect(crumb.full, `"${crumb.text}" shows in full`).toBe(true);
      for (const crumb of crumbs.filter((c) => c.current)) {
        expect(crumb.text).toBe(trail.at(-1)!.title);
        expect(crumb.full || crumb.width >= 90, `the current page "${crumb.text}" is shortened no further than 6rem (${crumb.width} px)`).toBe(true);
      }
      // Every ancestor not shown is in the menu, in order.
      const ancestors = [demoMaterial.title, ...trail.slice(0, -1).map((c) => c.title)];
      const shown = crumbs.map((c) => c.text);
      await more.click();
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(ancestors.filter((title) => !shown.includes(title)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
    });
  }
  await saveViewport(page, testInfo, 'breadcrumbs-phone');
  await checkA11y(page, testInfo, 'breadcrumbs-phone');

  await test.step('the menu leads home', async () => {
    await more.click();
    await page.getByRole('menuitem', { name: demoMaterial.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
  });

  await test.step('a wide window shows the whole trail in full', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(sharePath(material, `${kap1.publicId}/${kap1Evaporation.publicId}/${kap1Measuring.publicId}/`));
    await expect(page.getByRole('heading', { level: 1, name: kap1Measuring.title })).toBeVisible();
    await expect(more).toHaveCount(0);
    const crumbs = await shownCrumbs(page);
    expect(crumbs.map((c) => c.text)).toEqual([demoMaterial.title, kap1.title, kap1Evaporation.title, kap1Measuring.title]);
    expect(crumbs.every((c) => c.full)).toBe(true);
  });
  expect(errors).toEqual([]);
});

test("the icons are drawn from the one sprite, which the spec's address /icons.svg leads to as well", async ({ page, request }) => {
  const errors = collectPageErrors(page);
  await page.goto(sharePath((await demoShares(request)).material, `${kap1.publicId}/`));
  const header = page.getByTestId('viewer-header');
  const back = header.getByRole('link', { name: 'Zurück' });
  await expectIconDrawn(back, 'the back arrow');
  await expectIconDrawn(header.getByTestId('save-state'), "the save state's icon");
  const spriteUrl = await back.locator('svg > use').evaluate((node) => new URL(node.getAttribute('href')!, document.baseURI).href);
  expect(spriteUrl).toMatch(/^http:.*\/app\/assets\/icons-[\w-]+\.svg#chevron-left$/);

  const viaSpecAddress = await request.get('/icons.svg');
  expect(viaSpecAddress.ok()).toBe(true);
  expect(viaSpecAddress.url()).toBe(spriteUrl.replace(/#.*$/, ''));
  expect(await viaSpecAddress.text()).toContain('<symbol id="search"');
  expect(errors).toEqual([]);
});

test("an icon-only control is named by a tooltip: under the mouse, and under keyboard focus, never nearer than 20 px to the window's edge", async ({ page, request }) => {
  const errors = collectPageErrors(page);
  await page.goto(sharePath((await demoShares(request)).material, `${kap1.publicId}/`));
  const header = page.getByTestId('viewer-header');
  const back = header.getByRole('link', { name: 'Zurück' });
  const tooltip = page.getByTestId('tooltip');
  await expect(page.locator('#shell')).toHaveCount(0);

  // The open delay itself is timed in tests/ui/tooltips.test.tsx (fake timers); here: the real page, hovered.
  // The tooltip's code is a chunk that follows the page: a pointer that came before it must move again.
  await expect(async () => {
    await page.mouse.move(600, 400);
    await back.hover();
    await expect(tooltip).toHaveText('Zurück', { timeout: 2000 });
  }).toPass();
  const box = (await tooltip.boundingBox())!;
  const control = (await back.boundingBox())!;
  expect(box.x, 'the back arrow is near the left edge; its tooltip keeps 20 px from it').toBeGreaterThanOrEqual(20);
  expect(box.y).toBeGreaterThan(control.y + control.height);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);

  await page.mouse.move(600, 400);
  await page.locator('body').press('Tab');
  await expect(back).toBeFocused();
  await expect(tooltip, 'keyboard focus names it').toHaveText('Zurück');
  await page.keyboard.press('Tab');
  await expect(tooltip).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('without a service worker (its fetches of images would pass by the aborted route)', () => {
  test.use({ serviceWorkers: 'block' });

  test('images that fail to load leave the image-error placeholder where they stood, or give way to what shows without an image', async ({ page, request }, testInfo) => {
    const { material, collection } = await demoShares(request);
    const errors = collectPageErrors(page);
    // Every image request fails, as on a connection that drops them or a server that lost the files.
    await page.route('**/api/assets/**', (route) => route.abort());
    const imageError = 'Das Bild konnte nicht geladen werden';

    await page.goto(sharePath(material));
    await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
    const cover = page.getByTestId('cover');
    await expect(cover.getByTestId('image-error'), 'the cover keeps its frame and says why it is empty').toContainText(imageError);
    await expect(cover.locator('img')).toHaveCount(0);
    await expect(page.getByTestId('viewer-header').getByRole('link', { name: 'Zur Startseite' }), 'the logo gives way to the name').toHaveText('Lernwerk');
    const card = element(page, kap1.id);
    await expect(card.getByRole('link')).toBeVisible();
    await expect(card.locator('img'), "a chapter card's thumbnail gives way to its colour strip").toHaveCount(0);
    await saveScreenshot(page, testInfo, 'images-failed-material');

    await openChapterCard(page, kap1);
    const rain = element(page, demoElement('kap1-bild-regen', 'Image').id);
    await rain.scrollIntoViewIfNeeded();
    await expect(rain.getByRole('img', { name: imageError }), 'a content image is named by the error').toBeVisible();

    await page.goto(sharePath(collection));
    await expect(page.getByRole('heading', { level: 1, name: demoCollection.title })).toBeVisible();
    const cards = page.getByTestId('material-card');
    await expect(cards).toHaveCount(demoCollection.items.length);
    await expect(cards.first().getByTestId('image-error')).toContainText(imageError);
    await expect(page.getByTestId('material-card').locator('img')).toHaveCount(0);
    await checkA11y(page, testInfo, 'collection-images-failed');
    expect(errors).toEqual([]);
  });
});

test('the tooltip follows the pointer and the keyboard between icon controls, and closes when the pointer leaves', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  await page.goto(sharePath((await demoShares(request)).material, `${kap1.publicId}/`));
  const header = page.getByTestId('viewer-header');
  const back = header.getByRole('link', { name: 'Zurück' });
  const print = header.getByRole('button', { name: 'Drucken' });
  const tooltip = page.getByTestId('tooltip');
  const away = () => page.mouse.move(600, 400);
  await expect(async () => {
    await away();
    await back.hover();
    await expect(tooltip).toHaveText('Zurück', { timeout: 2000 });
  }).toPass();

  // Open, the pointer moves to the next control: it names that one; the pointer leaves: it closes.
  await print.hover();
  await expect(tooltip).toHaveText('Drucken');
  await away();
  await expect(tooltip).toHaveCount(0);

  // The pointer passes one control on its way to the next: the tooltip names where it rests.
  await back.hover();
  await print.hover();
  await expect(tooltip).toHaveText('Drucken');
  // Open, the keyboard moves the focus: the tooltip names the focused control.
  await page.keyboard.press('Tab');
  await expect(back).toBeFocused();
  await expect(tooltip).toHaveText('Zurück');
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);

  // The pointer leaves before the delay is over: nothing opens.
  await away();
  await back.hover();
  await away();
  await page.waitForTimeout(700);
  await expect(tooltip).toHaveCount(0);
  expect(errors).toEqual([]);
});
