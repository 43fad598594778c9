import { checkA11y } from './support/a11y';
import { demoCollection, demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * Issue 24, screens of spec sections 2 and 9: the collection's pending state while a material loads, the
 * full-page material card with its close button, and the print action with its print frame.
 */

// The delays below are routed in the page: the service worker's fetches would pass them by.
test.use({ serviceWorkers: 'block' });

const slow = (ms: number) => async (route: import('@playwright/test').Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue();
};

test('a material of the collection shows its pending state while it loads: opened from the grid, and by its address with a slow collection', async ({ page, request }) => {
  const { collection } = await demoShares(request);
  const target = demoCollection.items[1].material;
  await page.route('**/api/collectionMaterial', slow(1500));
  await page.goto(sharePath(collection));
  await page.getByTestId('material-card').filter({ hasText: target.title }).getByRole('link').first().click();
  await expect(page.getByTestId('material-pending')).toBeVisible({ timeout: 1200 });
  await expect(page.getByRole('status').filter({ hasText: 'Wird geladen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();

  await page.unroute('**/api/collectionMaterial');
  await page.route('**/api/model/query', slow(2500));
  await page.goto(sharePath(collection, `${target.publicId}/`));
  await expect(page.getByTestId('material-pending'), 'not a blank page while the collection loads').toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
});

test('the full-page material card shows the card at full size; its close button returns to /material, the material search', async ({ page, request }, testInfo) => {
  const { collection } = await demoShares(request);
  const errors = collectPageErrors(page);
  const target = demoCollection.items[0].material;
  const response = await page.goto(sharePath(collection, `material/${target.publicId}/`));
  expect(response?.status()).toBe(200);
  const card = page.getByTestId('material-card-page');
  await expect(card.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Öffnen' })).toHaveAttribute('href', sharePath(collection, `${target.publicId}/`));
  await checkA11y(page, testInfo, 'material-card-page');
  await card.getByRole('link', { name: 'Schließen' }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${collection}/materials/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Materialsuche' })).toBeVisible();
  expect((await request.get(sharePath(collection, 'material/kein-material/'))).status()).toBe(404);
  expect(errors).toEqual([]);
});

test('Print prints the page from a print frame, which is removed 100 ms after printing', async ({ page, request }) => {
  const { material } = await demoShares(request);
  await page.goto(sharePath(material));
  await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
  // The browser's print dialog is replaced: it records what the frame holds, then printing ends at once.
  await page.evaluate(() => {
    const record = window as unknown as { printed?: { html: string; at: number }; removedAt?: number };
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (!(node instanceof HTMLIFrameElement) || node.dataset.testid !== 'print-frame') continue;
          const view = node.contentWindow as Window;
          view.print = () => {
            record.printed = { html: node.contentDocument?.body.innerHTML ?? '', at: performance.now() };
            view.dispatchEvent(new Event('afterprint'));
          };
        }
        for (const node of change.removedNodes) if (node instanceof HTMLIFrameElement && node.dataset.testid === 'print-frame') record.removedAt = performance.now();
      }
    }).observe(document.body, { childList: true });
  });
  await page.getByTestId('viewer-header').getByRole('button', { name: 'Drucken' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { removedAt?: number }).removedAt ?? null)).not.toBeNull();
  const { printed, removedAt } = await page.evaluate(() => {
    const record = window as unknown as { printed: { html: string; at: number }; removedAt: number };
    return { printed: record.printed, removedAt: record.removedAt };
  });
  expect(printed.html).toContain(demoMaterial.title);
  expect(removedAt - printed.at).toBeGreaterThanOrEqual(99);
  await expect(page.getByTestId('print-frame')).toHaveCount(0);
});
