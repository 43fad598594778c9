import { expect, test } from './support/transitions';
import { demoShares, sharePath } from './support/demoShares';
import { holdTheApp } from './support/holdTheApp';

test('a foldable’s title pressed in the server’s first paint, before the app runs, is open once it does', async ({ page, request }) => {
  const address = sharePath((await demoShares(request)).material, 'vom-grundwasser-zum-hahn/');
  // The app's code is held back until the learner has pressed; the page's small entry goes through.
  const { release, entry } = await holdTheApp(page);
  await page.goto(address);
  expect(entry(), 'the page’s entry is its first script').toMatch(/\/index-[^/]+\.js$/);

  const foldable = page.locator('[id="kap2-aufklapper-uferfiltrat"]');
  await foldable.getByText('Was ist Uferfiltrat?', { exact: true }).click();
  // Still the server's paint: the title is the stand-in's text, no button yet.
  await expect(page.locator('#shell')).toHaveCount(1);
  await expect(foldable.getByRole('button')).toHaveCount(0);

  release();
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(foldable.getByRole('button', { name: 'Was ist Uferfiltrat?' })).toHaveAttribute('aria-expanded', 'true');
  await expect(foldable.getByText('Dieses vorgereinigte Wasser heißt')).toBeVisible();
});
