import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * `test` with an automatic fixture that records every statechart transition the viewer takes in the
 * browser (src/viewer/inspection.ts: it records when `window.__lernwerkTransitions` exists before the
 * app starts) and saves them as `test-results/transitions/<test>.json` for `npm run coverage:paths`.
 * Each push is forwarded to Node at once, so page navigations lose nothing.
 */
export const test = base.extend<{ recordTransitions: void }>({
  recordTransitions: [
    async ({ context }, use, testInfo) => {
      const recorded: unknown[] = [];
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
      await use();
      // A round trip per open page: binding calls sent before it have arrived after it.
      for (const page of context.pages()) await page.evaluate(() => 0).catch(() => undefined);
      const dir = path.join(testInfo.project.outputDir, 'transitions');
      mkdirSync(dir, { recursive: true });
      const name = `${testInfo.titlePath.join(' ').replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80)}-${testInfo.testId}-${testInfo.retry}.json`;
      writeFileSync(path.join(dir, name), JSON.stringify({ test: testInfo.titlePath.join(' › '), transitions: recorded }));
    },
    { auto: true },
  ],
});

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
