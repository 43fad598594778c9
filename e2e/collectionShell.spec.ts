import { catalogue } from '../i18n/resources/catalogue';
import { demoCollection } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * Issue 28: the collection's grid and its material search are drawn by the server (server/pages/collectionShell.ts)
 * before the app's code has come; the app takes it over once its first search has answered, in one frame: the title and the
 * cards stay where they were, and nothing shows twice.
 */

const catalogueDe = catalogue.de;

// The search is held back in the page: the service worker's fetches would pass it by.
test.use({ serviceWorkers: 'block' });

const box = async (locator: import('@playwright/test').Locator) => {
  const { x, y, width, height } = (await locator.boundingBox())!;
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
};

const pages = [
  { name: 'grid', path: '', search: '**/api/search/collection/**', title: demoCollection.title },
  { name: 'material search', path: 'materials/', search: '**/api/search/materials', title: catalogueDe.search.materials.title },
] as const;

for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 800 }]) {
  for (const drawn of pages) test(`at ${viewport.width} px the app takes over the server's ${drawn.name} without moving or repeating it`, async ({ page, request }) => {
    const { collection } = await demoShares(request);
    const errors = collectPageErrors(page);
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(drawn.search, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(sharePath(collection, drawn.path));

    const shell = page.locator('#shell');
    const title = page.getByRole('heading', { level: 1, name: drawn.title });
    await expect(title, 'one title: the server drew it, the app waits hidden').toHaveCount(1);
    await expect(shell.getByRole('heading', { level: 1 })).toBeVisible();
    const shellCard = shell.locator('article').first();
    const firstTitle = (await shellCard.getByRole('heading', { level: 2 }).textContent()) ?? '';
    const first = demoCollection.items.find((item) => item.material.title === firstTitle)?.material;
    expect(first, `the first card is a material of the collection: ${firstTitle}`).toBeDefined();
    if (drawn.name === 'grid') expect(first).toBe(demoCollection.items[0].material);
    await expect(shellCard.getByRole('link', { name: 'Öffnen' })).toHaveAttribute('href', sharePath(collection, `${first!.publicId}/`));
    const before = { title: await box(title), card: await box(shellCard) };

    release();
    await expect(shell).toHaveCount(0);
    const appCard = page.getByTestId('material-card').first();
    await expect(appCard).toContainText(firstTitle);
    await expect(title).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Öffnen' })).toHaveCount(demoCollection.items.length);
    expect({ title: await box(title), card: await box(appCard) }).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });
}
