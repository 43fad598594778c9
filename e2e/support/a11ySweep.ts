import type { Page, TestInfo } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describeViolations } from './a11y';
import { expect } from './transitions';

/*
 * WCAG 2.2 AA at every width a learner meets (issue 28, item 3): 320, 390, 768 and 1280 CSS px, and
 * 200 % zoom (1280 px at 200 % lays out as 640 CSS px: that width stands for it). axe with the wcag2a,
 * wcag2aa, wcag21a, wcag21aa and wcag22aa tags (which carry target-size) must find nothing, of any
 * impact. The page stays; its viewport changes in turn, so a sweep costs one page load; axe is put into
 * the page once and run there directly (a fifth of what building it anew for every width costs). Frames
 * of other sites are not looked into: their content is not ours.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type Violations = import('axe-core').Result[];

const WIDTHS = [
  { name: '320', width: 320, height: 640 },
  { name: '390', width: 390, height: 844 },
  // Colours do not change with zoom, and there axe now and then reads a far-off element's background at
  // a point where another element lies (its position measured while the page was scrolled elsewhere):
  // contrast is checked at the four widths.
  { name: '200% zoom', width: 640, height: 400, skip: ['color-contrast'] },
  { name: '768', width: 768, height: 1024 },
  { name: '1280', width: 1280, height: 800 },
  // The learner's high contrast (the display panel: `data-contrast="more"` on <html>), at a phone's width.
  { name: '390 in high contrast', width: 390, height: 844, contrast: 'more' },
] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits until the page holds still: the same height and number of elements over 100 ms and a frame, and
 * no animation running (stand-ins waking, images arriving and media queries of a new width all move it).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const signature = () => `${document.documentElement.scrollHeight}:${document.getElementsByTagName('*').length}`;
      const before = signature();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return before === signature() && document.getAnimations().every((animation) => animation.playState !== 'running');
    },
    undefined,
    { timeout: 10_000 },
  );
}

/** Runs axe at every width; fails naming each violation with the width it was found at. */
export async function sweep(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  // The server's first paint is checked as the app's: the app replaces its frames chunk by chunk, and frames
  // made after the adjustments below would be measured unadjusted (a barrier sized by its estimate, its
  // links drawn over the footer's buttons).
  await expect(page.locator('[data-shell-element]'), 'the app took over the first paint').toHaveCount(0, { timeout: 15_000 });
  // Off-screen elements skip layout (content-visibility: auto, src/styles.css), and axe measures colours
  // where their estimated boxes overlap others: laid out as when scrolled to, they are measured as seen.
  // (Set through the CSSOM, which the pages' Content-Security-Policy allows, unlike a style element.)
  // axe scrolls to what it measures and reads the colours at that point: under a sticky header it would
  // read the header's (what scrolls under the header is e2e/focusVisible.spec.ts's concern). Both stay in
  // the flow for the sweep.
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('.element-group').forEach((element) => element.style.setProperty('content-visibility', 'visible'));
    document.querySelectorAll<HTMLElement>('header.sticky').forEach((header) => header.style.setProperty('position', 'static'));
  });
  // Interactive elements far down show a stand-in until they come near the viewport; one that wakes while
  // axe runs moves what comes after it. Scrolled through once, as a learner does, they are all awake.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    // One passed by before its observer saw it (a busy machine): brought into view, it wakes.
    for (let tries = 0; tries < 100; tries++) {
      const left = document.querySelector('[data-dormant]');
      if (!left) break;
      left.scrollIntoView({ block: 'center' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.scrollTo(0, 0);
  });
  await expect(page.locator('[data-dormant]'), 'every stand-in woke').toHaveCount(0);
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    if ('contrast' in size) await page.evaluate((contrast) => document.documentElement.setAttribute('data-contrast', contrast), size.contrast);
    // From the top, as a page opens: content scrolled under the sticky header is not what is checked.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(
      ({ tags, skip }) =>
        (window as unknown as { axe: typeof import('axe-core') }).axe
          .run(document, { runOnly: { type: 'tag', values: tags }, rules: Object.fromEntries(skip.map((id) => [id, { enabled: false }])), resultTypes: ['violations'] })
          .then((r) => r.violations),
      { tags: TAGS, skip: 'skip' in size ? [...size.skip] : [] },
    ) as Violations;
    if (violations.length) {
      const file = testInfo.outputPath(`axe-${screen}-${size.width}.json`.replace(/[^\w.-]+/g, '-'));
      writeFileSync(file, JSON.stringify(violations, null, 2));
      found.push(`${screen} at ${size.name}:\n${describeViolations(violations)}`);
    }
  }
  expect(found, found.join('\n')).toEqual([]);
}

