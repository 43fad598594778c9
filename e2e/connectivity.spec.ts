import { appStarted, expect, test } from './support/transitions';
import { demoShares, sharePath } from './support/demoShares';

test('losing and regaining the connection shows the notices of spec section 2', async ({ page, context, request }) => {
  const { material: share } = await demoShares(request);
  await page.goto(sharePath(share));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await appStarted(page, 'connectivity');
  await expect(page.getByTestId('connectivity-notice')).toHaveCount(0);

  await context.setOffline(true);
  const notice = page.getByRole('alert').filter({ hasText: 'Verbindung unterbrochen' });
  await expect(notice).toContainText('Bitte überprüfe deine Internetverbindung.');

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Verbindung wiederhergestellt' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Verbindung unterbrochen' })).toHaveCount(0);
  // The restored notice goes after 5 s.
  await expect(page.getByTestId('connectivity-notice')).toHaveCount(0, { timeout: 8000 });
});
