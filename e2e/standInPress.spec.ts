import { expect, test } from './support/transitions';
import { demoShares, sharePath } from './support/demoShares';

test('choices ticked in the server’s first paint, before the app runs, are ticked once it does, each once', async ({ page, request }) => {
  const address = sharePath((await demoShares(request)).material, 'wasser-im-haushalt/');
  // The app's code is held back until the learner has pressed; the page's small entry goes through.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let entry: string | undefined;
  await page.route(/\/app\/assets\/[^/]+\.js$/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    entry ??= path;
    if (path !== entry) await released;
    await route.continue();
  });
  await page.goto(address);
  expect(entry, 'the page’s entry is its first script').toMatch(/\/index-[^/]+\.js$/);

  const question = page.locator('[id="kap3-frage-sparen"]');
  await question.getByText('ein Sparduschkopf', { exact: true }).click();
  await question.getByText('die Spülmaschine nur voll beladen starten', { exact: true }).click();
  // Still the server's paint: no widget yet.
  await expect(page.locator('#shell')).toHaveCount(1);
  await expect(question.getByRole('checkbox')).toHaveCount(0);

  release();
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(question.getByRole('checkbox', { name: 'ein Sparduschkopf' })).toBeChecked();
  await expect(question.getByRole('checkbox', { name: 'die Spülmaschine nur voll beladen starten' })).toBeChecked();
  await expect(question.getByRole('checkbox', { name: 'die Spartaste an der Toilettenspülung' })).not.toBeChecked();
  // The replayed presses are answers like any other: evaluated, they are marked.
  await question.getByRole('button', { name: 'Antwort speichern' }).click();
  await expect(question.getByRole('button', { name: 'Antwort bearbeiten' })).toBeVisible();
  await expect(question.getByRole('checkbox', { name: 'ein Sparduschkopf' })).toBeChecked();
});
