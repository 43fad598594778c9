import type { Page } from '@playwright/test';
import { expect, test } from './support/transitions';
import { MODEL_NAMES } from '../model/elements';
import { checkA11y, describeViolations, withImpact } from './support/a11y';
import { demoCollection, demoMaterial, pagesOf, splitByBarriers } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { collectPageErrors } from './support/pageErrors';
import { saveScreenshot } from './support/screenshots';

/** Unfolds every foldable on the page so their content is rendered too. */
async function unfoldAll(page: Page) {
  for (const title of await page.locator('[data-model-name="Foldable"] button[aria-expanded="false"]').all()) await title.click();
}

async function renderedModelNames(page: Page): Promise<Set<string>> {
  return new Set(await page.locator('[data-model-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-model-name') ?? '')));
}

test('every element type of the demo material is rendered, and barriers hide what follows them', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { material: share } = await demoShares(request);
  const errors = collectPageErrors(page);
  const seen = new Set<string>();
  for (const { route, page: node } of pagesOf(demoMaterial)) {
    await page.goto(sharePath(share, route));
    await expect(page.getByRole('heading', { level: 1, name: node.title })).toBeVisible();
    await unfoldAll(page);
    const { shown, hidden } = splitByBarriers(node.content);
    for (const element of shown) {
      await expect(page.locator(`[id="${element.id}"][data-model-name="${element.modelName}"]`), `${route}: ${element.id}`).toBeAttached();
    }
    for (const element of hidden) await expect(page.locator(`[id="${element.id}"]`), `${route}: ${element.id} behind a barrier`).toHaveCount(0);
    for (const name of await renderedModelNames(page)) seen.add(name);
    if (route === '') await saveScreenshot(page, testInfo, 'material-root');
  }
  // What only barriers hide is shown by the embeddable view of one element (`/iframe/{id}`).
  for (const name of MODEL_NAMES.filter((n) => !seen.has(n))) {
    const element = pagesOf(demoMaterial).flatMap(({ page: p }) => splitByBarriers(p.content).hidden).find((e) => e.modelName === name);
    expect(element, `${name} appears nowhere in the demo material`).toBeDefined();
    await page.goto(sharePath(share, `iframe/${element!.id}/`));
    await expect(page.locator(`[id="${element!.id}"][data-model-name="${name}"]`)).toBeAttached();
    seen.add(name);
  }
  expect([...seen].sort()).toEqual(expect.arrayContaining([...MODEL_NAMES].sort()));
  expect(errors).toEqual([]);
});

test('a learner goes three chapters deep by the cards and back by the header', async ({ page, request }, testInfo) => {
  const { material: share } = await demoShares(request);
  const deepest = pagesOf(demoMaterial).find((p) => p.trail.length === 3);
  expect(deepest, 'the demo material nests chapters three levels deep').toBeDefined();
  const trail = deepest!.trail;

  await page.goto(sharePath(share));
  for (const chapter of trail) {
    await page.locator(`[id="${chapter.id}"]`).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
  }
  await expect(page).toHaveURL(new RegExp(`/s/${share}/${trail.map((c) => c.publicId).join('/')}/$`));
  const crumbs = page.getByRole('navigation', { name: /Brotkrümel|Breadcrumbs/ });
  await expect(crumbs.getByText(trail[2].title)).toHaveAttribute('aria-current', 'page');
  await saveScreenshot(page, testInfo, 'chapter-level-3');
  const violations = await checkA11y(page, testInfo, 'chapter-level-3');
  expect(withImpact(violations, 'critical'), describeViolations(violations)).toEqual([]);

  await page.getByRole('link', { name: 'Zurück' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: trail[1].title })).toBeVisible();
  await crumbs.getByRole('link', { name: demoMaterial.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/s/${share}/$`));

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: trail[1].title })).toBeVisible();
});

test('the interface switches between German and English and keeps the language while navigating', async ({ page, request }, testInfo) => {
  const { material: share } = await demoShares(request);
  await page.goto(sharePath(share));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Nach oben' })).toBeVisible();

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page).toHaveURL(/[?&]lang=en/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Goto top' })).toBeVisible();

  const first = pagesOf(demoMaterial)[1].trail[0];
  await page.locator(`[id="${first.id}"]`).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page).toHaveURL(/[?&]lang=en/);
  await expect(page.getByRole('link', { name: 'Back' }).first()).toBeVisible();
  await saveScreenshot(page, testInfo, 'chapter-en');

  await page.goto(`${sharePath(share)}?lang=en`);
  await expect(page.getByRole('button', { name: 'Goto top' })).toBeVisible();
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Nach oben' })).toBeVisible();
  await expect(page).not.toHaveURL(/lang=/);
});

test('the collection grid opens a material of the collection, and back returns to the grid', async ({ page, request }, testInfo) => {
  const { collection: share } = await demoShares(request);
  const errors = collectPageErrors(page);
  await page.goto(sharePath(share));
  await expect(page.getByRole('heading', { level: 1, name: demoCollection.title })).toBeVisible();
  await expect(page.getByTestId('material-card')).toHaveCount(demoCollection.items.length);

  await page.getByRole('searchbox').fill(demoCollection.items[2].material.title);
  await expect(page.getByTestId('material-card')).toHaveCount(1);
  await page.getByRole('searchbox').fill('');
  await expect(page.getByTestId('material-card'), 'an emptied search shows every card').toHaveCount(demoCollection.items.length);

  const target = demoCollection.items[1].material;
  const card = page.getByTestId('material-card').filter({ hasText: target.title });
  await card.getByRole('link', { name: /Öffnen|Open/ }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${share}/${target.publicId}/$`));
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  await expect(page.locator('[data-model-name]').first()).toBeVisible();
  await expect(page.getByTestId('viewer-header').getByTestId('header-title'), "the header names the material beside the back arrow").toHaveText(target.title);
  await saveScreenshot(page, testInfo, 'collection-material');

  await page.getByRole('link', { name: 'Zurück' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: demoCollection.title })).toBeVisible();

  await test.step('a search is restored on return from a material (spec section 2)', async () => {
    await page.getByRole('searchbox').fill(target.title);
    await expect(page.getByTestId('material-card')).toHaveCount(1);
    await page.getByTestId('material-card').getByRole('link', { name: /Öffnen|Open/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    await page.getByRole('link', { name: 'Zurück' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: demoCollection.title })).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveValue(target.title);
    await expect(page.getByTestId('material-card')).toHaveCount(1);
  });
  expect(errors).toEqual([]);
});

test('an unknown share shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/s/unknown-share-id/');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-view')).toContainText('404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Die angeforderte Seite wurde nicht gefunden.');
});
