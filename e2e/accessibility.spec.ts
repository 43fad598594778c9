import type { Page } from '@playwright/test';
import { demoCollection, demoMaterial, pagesOf } from './support/demoContent';
import { demoShares, sharePath, type AllDemoShares } from './support/demoShares';
import { sweep } from './support/a11ySweep';
import { guestDe, saveGuestProgress } from './support/guest';
import { arabicMaterial } from './support/arabicMaterial';
import { suiteDataDir } from './support/e2ePort';
import { importShare } from './support/importShare';
import { DISPLAY_COOKIE } from '../model/displayPreferences';
import { pageDisplay } from '../server/pages/displayOnPage';
import { unavailablePageHtml } from '../server/pages/unavailablePage';
import { expect, test } from './support/transitions';

/*
 * Issue 28, item 3: WCAG 2.2 AA on every screen a learner, a guest or an LMS meets, at 320, 390, 768
 * and 1280 CSS px and at 200 % zoom (./support/a11ySweep.ts). The full-text search page is swept in
 * search.spec.ts, whose server has it on.
 */

let shares: AllDemoShares;
test.beforeEach(async ({ request }) => {
  shares ??= await demoShares(request);
});

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const inCollection = demoCollection.items[0].material.publicId;

/** Every screen a learner, a guest or an LMS meets, opened as they meet it. */
const screens: { name: string; open: (page: Page) => Promise<void> }[] = [
  // Every page of the demo material: every element kind in its first state.
  ...pagesOf(demoMaterial).map(({ route }) => ({
    name: route ? `chapter ${route.slice(0, -1)}` : 'material',
    open: async (page: Page) => {
      await page.goto(sharePath(shares.material, route));
      await heading(page);
    },
  })),
  {
    name: 'material in English',
    open: async (page) => {
      await page.goto(`${sharePath(shares.materialEn)}?lang=en`);
      await heading(page);
    },
  },
  {
    name: 'display panel',
    open: async (page) => {
      await page.goto(sharePath(shares.material));
      await page.getByTestId('viewer-header').getByRole('button', { name: 'Darstellung' }).click();
      await expect(page.getByTestId('display-panel')).toBeVisible();
    },
  },
  {
    name: 'material in high contrast',
    open: async (page) => {
      const { origin } = new URL(sharePath(shares.material), test.info().project.use.baseURL as string);
      await page.context().addCookies([{ name: DISPLAY_COOKIE, value: '100.more.system.default', url: origin }]);
      // The first chapter: questions, feedback and cards, with their borders and grey texts.
      await page.goto(sharePath(shares.material, pagesOf(demoMaterial)[1].route));
      await heading(page);
      await expect(page.locator('html')).toHaveAttribute('data-contrast', 'more');
    },
  },
  {
    name: 'material in Arabic (right to left)',
    open: async (page) => {
      await page.goto(sharePath(await importShare(arabicMaterial, suiteDataDir(), 'public')));
      await heading(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    },
  },
  {
    name: 'guest dialog',
    open: async (page) => {
      await page.goto(sharePath(shares.materialGuest));
      await page.getByTestId('viewer-header').getByRole('button', { name: guestDe.save }).click();
      await expect(page.getByTestId('guest-dialog')).toBeVisible();
    },
  },
  {
    name: 'annotation panel of a saved guest',
    open: async (page) => {
      await page.goto(sharePath(shares.materialGuest));
      await saveGuestProgress(page, { firstName: 'Ada', lastName: 'Lovelace' });
      await page.getByTestId('open-annotations').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'login page of a private share',
    open: async (page) => {
      await page.goto(sharePath(shares.materialPrivate));
      await expect(page.getByRole('form', { name: 'Anmelden' })).toBeVisible();
    },
  },
  {
    name: 'collection',
    open: async (page) => {
      await page.goto(sharePath(shares.collection));
      await heading(page);
    },
  },
  {
    name: 'material search of the collection',
    open: async (page) => {
      await page.goto(sharePath(shares.collection));
      await page.getByRole('link', { name: 'Materialsuche' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Materialsuche' })).toBeVisible();
    },
  },
  {
    name: 'material card page',
    open: async (page) => {
      await page.goto(sharePath(shares.collection, `material/${inCollection}/`));
      await expect(page.getByRole('link', { name: 'Öffnen' })).toBeVisible();
    },
  },
  {
    name: 'material in the collection',
    open: async (page) => {
      await page.goto(sharePath(shares.collection, `${inCollection}/`));
      await heading(page);
    },
  },
  {
    name: 'unknown share',
    open: async (page) => {
      await page.goto('/s/no-such-share-at-all/');
      await heading(page);
    },
  },
  {
    name: 'cmi5 launch page opened without an LMS',
    open: async (page) => {
      await page.goto(`/cmi5/${shares.material}/`);
      await heading(page);
    },
  },
  {
    name: 'certificate check with its display options open',
    open: async (page) => {
      await page.goto('/verify/ABCD-EFGH-JKLM?lang=de');
      await page.getByText('Darstellung', { exact: true }).click();
      await expect(page.getByRole('button', { name: 'Übernehmen' })).toBeVisible();
    },
  },
  {
    // The database cannot serve: the page is the server's own drawing (server/http/errors.ts), fulfilled here.
    name: 'page of a moment\'s unavailability (503) with its display options open',
    open: async (page) => {
      const url = '/s/unavailable-for-a-moment/';
      await page.route(`**${url}`, (route) =>
        route.fulfill({ status: 503, contentType: 'text/html; charset=utf-8', body: unavailablePageHtml('de', url, pageDisplay({ url }, 'de')) }),
      );
      await page.goto(url);
      await heading(page);
      await page.getByText('Darstellung', { exact: true }).click();
      await expect(page.getByRole('button', { name: 'Übernehmen' })).toBeVisible();
    },
  },
  {
    name: 'LTI refusal page',
    open: async (page) => {
      await page.goto('/lti/login');
      await heading(page);
    },
  },
];

for (const screen of screens) {
  test(`axe finds nothing on ${screen.name} at 320, 390, 768, 1280 px, 200 % zoom and in high contrast`, async ({ page }, testInfo) => {
    await screen.open(page);
    await sweep(page, testInfo, screen.name);
  });
}

