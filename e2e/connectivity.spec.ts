import { appStarted, expect, test } from './support/transitions';
import { demoShares, sharePath } from './support/demoShares';

test('losing and regaining the connection shows the notices of spec section 2', async ({ page, context, request }) => {
  const { material: share } = await demoShares(request);
  await page.goto(sharePath(share));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await appStarted(page, 'connectivity');
  await expect(page.getByTestId('connectivity-notice')).toHaveCount(0);

  await context.setOffline(true);
  const notice = page.getByTestId('connectivity-notice').filter({ hasText: 'Verbindung unterbrochen' });
  await expect(notice).toContainText('Bitte überprüfe deine Internetverbindung.');
  // Screen readers hear it at once from the page's assertive live region, the restored notice from the polite one.
  await expect(page.locator('[data-live-announcer="assertive"]')).toHaveText('Verbindung unterbrochen. Bitte überprüfe deine Internetverbindung.');

  await context.setOffline(false);
  await expect(page.getByTestId('connectivity-notice').filter({ hasText: 'Verbindung wiederhergestellt' })).toBeVisible();
  await expect(page.locator('[data-live-announcer="polite"]')).toHaveText('Verbindung wiederhergestellt');
  await expect(page.getByTestId('connectivity-notice').filter({ hasText: 'Verbindung unterbrochen' })).toHaveCount(0);
  // The restored notice goes after 5 s.
  await expect(page.getByTestId('connectivity-notice')).toHaveCount(0, { timeout: 8000 });
});
