import { readFileSync } from 'node:fs';
import { expect, test } from './support/transitions';
import { checkA11y, describeViolations, withImpact } from './support/a11y';
import { demoMaterialShareId, demoShares, sharePath } from './support/demoShares';
import { collectPageErrors } from './support/pageErrors';
import { saveScreenshot } from './support/screenshots';

interface DemoFile {
  title: string;
  items?: { material: { title: string } }[];
}
const readDemo = (file: string): DemoFile => JSON.parse(readFileSync(file, 'utf8')) as DemoFile;

test('/ opens the demo material share and renders its content elements', async ({ page, request }, testInfo) => {
  const shareId = await demoMaterialShareId(request);
  expect(shareId).toBe((await demoShares(request)).material);
  const pageErrors = collectPageErrors(page);

  await page.goto('/');

  await expect(page).toHaveURL(new RegExp(`/s/${shareId}/$`));
  await expect(page.getByRole('heading', { level: 1, name: readDemo('content/demo-material.json').title })).toBeVisible();
  const elements = page.locator('[data-model-name]');
  await expect(elements.first()).toBeVisible();
  expect(await elements.count()).toBeGreaterThan(1);
  await saveScreenshot(page, testInfo, 'demo-material');

  const violations = await checkA11y(page, testInfo, 'demo-material');
  expect(withImpact(violations, 'critical'), describeViolations(violations)).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('the demo collection share shows its title and material cards', async ({ page, request }, testInfo) => {
  const pageErrors = collectPageErrors(page);

  const demo = readDemo('content/demo-collection.json');
  await page.goto(sharePath((await demoShares(request)).collection));

  await expect(page.getByRole('heading', { level: 1, name: demo.title })).toBeVisible();
  const firstMaterial = demo.items?.[0]?.material.title ?? '';
  expect(firstMaterial).not.toBe('');
  await expect(page.getByText(firstMaterial, { exact: true }).first()).toBeVisible();
  await saveScreenshot(page, testInfo, 'demo-collection');

  const violations = await checkA11y(page, testInfo, 'demo-collection');
  expect(withImpact(violations, 'critical'), describeViolations(violations)).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('the page’s stylesheet applies once: the app’s lazy parts do not load it again beside the copy the server inlined', async ({ page, request }) => {
  await page.goto(sharePath((await demoShares(request)).material));
  await expect(page.locator('[data-shell-element]')).toHaveCount(0);
  // The lazy kinds, the header's parts and the annotation layer have come (each imports from the entry).
  await page.waitForLoadState('networkidle');
  const sheets = await page.evaluate(() => [...document.styleSheets].map((sheet) => `${sheet.cssRules.length} rules, first ${sheet.cssRules[0]?.cssText.slice(0, 120) ?? ''}`));
  expect(sheets.length).toBeGreaterThan(0);
  expect(sheets.filter((sheet, index) => sheets.indexOf(sheet) !== index)).toEqual([]);
});

test('a material page paints the server’s first paint before any of the app’s code but its small entry goes out', async ({ page, request }) => {
  const pageErrors = collectPageErrors(page);
  await page.goto(sharePath((await demoShares(request)).material));
  // The app has taken the page over: the server's first paint is gone, the app's header is there.
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: readDemo('content/demo-material.json').title })).toBeVisible();
  const timing = await page.evaluate(() => {
    const entry = (document.querySelector('script[type="module"][src]') as HTMLScriptElement).src;
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const code = performance
      .getEntriesByType('resource')
      .filter((resource) => /\/app\/assets\/[^/]+\.js$/.test(new URL(resource.name).pathname) && resource.name !== entry)
      .map((resource) => ({ url: new URL(resource.name).pathname, start: resource.startTime }));
    return { paint, code };
  });
  expect(timing.paint).not.toBeNull();
  expect(timing.code.length).toBeGreaterThan(2);
  for (const chunk of timing.code) expect(chunk.start, chunk.url).toBeGreaterThanOrEqual(timing.paint!);
  expect(pageErrors).toEqual([]);
});

test('a chapter opened by its own address comes drawn by the server, and the app takes it over: each element once, in order', async ({ page, request }) => {
  const pageErrors = collectPageErrors(page);
  const address = `${sharePath((await demoShares(request)).material)}wasserkreislauf/`;
  const served = await (await request.get(address)).text();
  expect(served).toContain('>Der Wasserkreislauf</h1>');

  await page.goto(address);
  // The page's top-level elements as the server drew them.
  const drawn = await page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return [...doc.querySelectorAll('[data-shell-content] > .element-group > [data-model-name]')].map((node) => node.id);
  }, served);
  expect(drawn.length).toBeGreaterThan(3);
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Der Wasserkreislauf' })).toHaveCount(1);
  await expect.poll(() => page.locator('[data-shell-element]').count()).toBe(0);
  const ids = await page.locator('[data-testid="page-content"] > .element-group > [data-model-name]').evaluateAll((nodes) => nodes.map((node) => node.id));
  expect(ids.slice(0, drawn.length)).toEqual(drawn);
  expect(new Set(ids).size).toBe(ids.length);
  expect(pageErrors).toEqual([]);
});
