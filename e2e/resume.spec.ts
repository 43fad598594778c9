import { expect, test } from './support/transitions';
import { demoShares, sharePath } from './support/demoShares';

test('an anonymous learner’s answers survive a reload of the page', async ({ page, request }) => {
  const { material: share } = await demoShares(request);
  await page.goto(sharePath(share, 'wasserkreislauf/'));
  const question = page.locator('[id="kap1-frage-suesswasser"]');
  await question.getByText('etwa 2,5 Prozent', { exact: true }).click();
  await question.getByRole('button', { name: 'Auswerten' }).click();
  await expect(question.getByRole('button', { name: 'Antwort bearbeiten' })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: /Fortschritt im Kurs/ });
  const progressNow = async () => Number(await progress.getAttribute('aria-valuenow'));
  // The server's first paint answers the question as a form before the app runs; the progress counts it once the
  // app has taken the answer over.
  await expect.poll(progressNow).toBeGreaterThan(0);
  const before = await progressNow();

  await page.reload();
  await expect(question.getByRole('button', { name: 'Antwort bearbeiten' })).toBeVisible();
  await expect(question.getByRole('radio', { name: 'etwa 2,5 Prozent' })).toBeChecked();
  await expect(progress).toHaveAttribute('aria-valuenow', String(before));
});
