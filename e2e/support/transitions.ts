import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

/**
 * `test` with an automatic fixture that records every statechart transition the viewer takes in the
 * browser (src/viewer/inspection.ts: it records when `window.__lernwerkTransitions` exists before the
 * app starts) and saves them as `test-results/transitions/<test>.json` for `npm run coverage:paths`.
 * Each push is forwarded to Node at once, so page navigations lose nothing. Contexts a test opens
 * itself record when made by the `newContext` fixture.
 */
/** Records the transitions of every page of `context` into `recorded`, from the next page load on. */
async function recordIn(context: BrowserContext, recorded: unknown[]): Promise<void> {
  await context.exposeBinding('__lernwerkSaveTransitions', (_source, items: unknown[]) => void recorded.push(...items));
  await context.addInitScript(() => {
    const target = window as unknown as { __lernwerkTransitions: unknown[]; __lernwerkSaveTransitions: (items: unknown[]) => void };
    const sink: unknown[] = [];
    sink.push = (...items: unknown[]) => {
      // Frames of other origins may lack the binding: recording must never break the app.
      if (typeof target.__lernwerkSaveTransitions === 'function') target.__lernwerkSaveTransitions(items);
      return Array.prototype.push.apply(sink, items);
    };
    target.__lernwerkTransitions = sink;
  });
}

/** A round trip per open page: binding calls sent before it have arrived after it. */
async function drain(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) await page.evaluate(() => 0).catch(() => undefined);
}

export const test = base.extend<{ transitionLog: unknown[]; recordTransitions: void; newContext: (options?: BrowserContextOptions) => Promise<BrowserContext> }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it must be an object pattern, and this one has none
  transitionLog: async ({}, use) => use([]),
  recordTransitions: [
    async ({ context, transitionLog }, use, testInfo) => {
      await recordIn(context, transitionLog);
      await use();
      await drain(context);
      const dir = path.join(testInfo.project.outputDir, 'transitions');
      mkdirSync(dir, { recursive: true });
      const name = `${testInfo.titlePath.join(' ').replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80)}-${testInfo.testId}-${testInfo.retry}.json`;
      writeFileSync(path.join(dir, name), JSON.stringify({ test: testInfo.titlePath.join(' › '), transitions: transitionLog }));
    },
    { auto: true },
  ],
  /**
   * A further browser context (another browser that kept nothing), recorded like the test's own;
   * closed after the test. Close one earlier with `closeContext`, which first takes what it recorded.
   */
  newContext: async ({ browser, transitionLog }, use) => {
    const made: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      await recordIn(context, transitionLog);
      made.push(context);
      return context;
    });
    for (const context of made) await closeContext(context);
  },
});

/** Closes a context of `newContext` once the transitions its pages recorded have arrived. */
export async function closeContext(context: BrowserContext): Promise<void> {
  await drain(context);
  await context.close().catch(() => undefined);
}

export { expect };

/**
 * Waits until the app runs in `page` and has started the chart `machineId`: the server's first paint
 * shows the page before the app's code has loaded, and a test that cuts the connection then tests the
 * loading of that code, not the app.
 */
export async function appStarted(page: Page, machineId: string): Promise<void> {
  await page.waitForFunction(
    (id) => (window as unknown as { __lernwerkTransitions?: { machineId: string }[] }).__lernwerkTransitions?.some((step) => step.machineId === id) ?? false,
    machineId,
  );
}
