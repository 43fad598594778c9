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
