import type { Page } from '@playwright/test';

/** Collects uncaught exceptions of the page from now on; read the array after the page has settled. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return errors;
}
