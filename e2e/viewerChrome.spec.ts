import { checkA11y } from './support/a11y';
import { demoElement } from './support/demoAnswers';
import { demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { collectPageErrors } from './support/pageErrors';
import { saveScreenshot } from './support/screenshots';
import { expect, test } from './support/transitions';

/*
 * Issue 10, point 8: what the viewer's header and footer offer a learner at the edges — a wrong
 * chapter address, a phone's narrow header, a toast over the footer, the copyright notice.
 */

const kap1 = demoElement('kap1', 'Chapter');

const notFound = {
  de: { message: 'Die angeforderte Seite wurde nicht gefunden.', toStart: 'Zum Anfang des Kurses' },
  en: { message: 'The page you requested could not be found.', toStart: 'To the start of the course' },
} as const;

test('a wrong chapter address shows the not-found view inside the viewer, with the header and a link to the course start', async ({ page, request }, testInfo) => {
  const { material: share } = await demoShares(request);
  const errors = collectPageErrors(page);
  const title = page.getByRole('heading', { level: 1, name: demoMaterial.title });

  for (const wrong of ['gibt-es-nicht/', `${kap1.publicId}/gibt-es-nicht/`]) {
    await test.step(`/${wrong}`, async () => {
      await page.goto(sharePath(share, wrong));
      await expect(page.getByTestId('error-view')).toContainText('404');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.de.message);
      const header = page.getByTestId('viewer-header');
      await expect(header).toBeVisible();
      await expect(header.getByRole('link', { name: 'Zurück' })).toBeVisible();
      await expect(header.getByRole('group', { name: 'Sprache' })).toBeVisible();
    });
  }
  await saveScreenshot(page, testInfo, 'not-found');
  await checkA11y(page, testInfo, 'not-found');

  await test.step('the link leads to the course start', async () => {
    await page.getByRole('main').getByRole('link', { name: notFound.de.toStart }).click();
    await expect(title).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/s/${share}/$`));
  });

  await test.step('the header’s back arrow leads there too', async () => {
    await page.goto(sharePath(share, 'gibt-es-nicht/'));
    await page.getByTestId('viewer-header').getByRole('link', { name: 'Zurück' }).click();
    await expect(title).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/s/${share}/$`));
  });

  await test.step('in English', async () => {
    await page.goto(`${sharePath(share, 'gibt-es-nicht/')}?lang=en`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.en.message);
    await page.getByRole('main').getByRole('link', { name: notFound.en.toStart }).click();
    await expect(title).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/s/${share}/\\?lang=en$`));
  });
  expect(errors).toEqual([]);
});
