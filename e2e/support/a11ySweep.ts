import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { describeViolations } from './a11y';
import { expect } from './transitions';

/*
 * WCAG 2.2 AA at every width a learner meets (issue 28, item 3): 320, 390, 768 and 1280 CSS px, and
 * 200 % zoom (1280 px at 200 % lays out as 640 CSS px: that width stands for it). axe with the wcag2a,
 * wcag2aa, wcag21a, wcag21aa and wcag22aa tags (which carry target-size) must find nothing, of any
 * impact. The page stays; its viewport changes in turn, so a sweep costs one page load.
 */

const WIDTHS = [
  { name: '320', width: 320, height: 640 },
  { name: '390', width: 390, height: 844 },
  { name: '200% zoom', width: 640, height: 400 },
  { name: '768', width: 768, height: 1024 },
  { name: '1280', width: 1280, height: 800 },
] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe at every width; fails naming each violation with the width it was found at. */
export async function sweep(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  // Off-screen elements skip layout (content-visibility: auto, src/styles.css), and axe measures colours
  // where their estimated boxes overlap others: laid out as when scrolled to, they are measured as seen.
  // (Set through the CSSOM, which the pages' Content-Security-Policy allows, unlike a style element.)
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.content-flow > .element').forEach((element) => element.style.setProperty('content-visibility', 'visible')));
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // From the top, as a page opens: content scrolled under the sticky header is not what is checked.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Two frames: the layout of the new width has settled (media queries, observers).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    if (results.violations.length) {
      const file = testInfo.outputPath(`axe-${screen}-${size.width}.json`.replace(/[^\w.-]+/g, '-'));
      writeFileSync(file, JSON.stringify(results.violations, null, 2));
      found.push(`${screen} at ${size.name}:\n${describeViolations(results.violations)}`);
    }
  }
  expect(found, found.join('\n')).toEqual([]);
}

