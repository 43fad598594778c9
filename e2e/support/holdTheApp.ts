import type { Page } from '@playwright/test';

/**
 * Holds every script of the page but its entry (its first) back until `release()`: the server's first
 * paint and what the entry does with it, before the app's code has come. Answers `release` and the
 * entry's path once it was asked for.
 */
export async function holdTheApp(page: Page): Promise<{ release: () => void; entry: () => string | undefined }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let entry: string | undefined;
  await page.route(/\/app\/assets\/[^/]+\.js$/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    entry ??= path;
    if (path !== entry) await released;
    await route.continue();
  });
  return { release, entry: () => entry };
}
