import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
export type AxeViolation = AxeResults['violations'][number];

/** One line per violated rule: impact, rule id, number of nodes, help text and the first offending selector. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => `[${v.impact ?? 'unknown'}] ${v.id} (${v.nodes.length}×): ${v.help} — e.g. ${v.nodes[0]?.target.join(' ') ?? '?'}`)
    .join('\n');
}

/**
 * Runs axe on the current page (all default rules), saves the full results as `test-results/<test>/axe-<name>.json` (attached to the test),
 * prints a summary of the violations and fails the test on any of impact moderate or worse (minor ones are
 * printed only); returns them so the test can assert more.
 */
export async function checkA11y(page: Page, testInfo: TestInfo, name: string): Promise<AxeViolation[]> {
  await finiteAnimationsDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  const file = testInfo.outputPath(`axe-${name}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  await testInfo.attach(`axe-${name}.json`, { path: file, contentType: 'application/json' });
  if (results.violations.length > 0) {
    console.log(`axe on ${name} (${page.url()}): ${results.violations.length} violated rule(s)\n${describeViolations(results.violations)}`);
  }
  expectNoModerateOrWorse(results.violations, name);
  return results.violations;
}

/**
 * Waits until no animation or transition that ends is running: a dialog fading in is measured half see-through, its
 * colours blended with the page behind it. Endless ones (a spinner) are not waited for.
 */
async function finiteAnimationsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

/** Violations of the given impact levels only (axe impacts: minor, moderate, serious, critical). */
export function withImpact(violations: readonly AxeViolation[], ...impacts: string[]): AxeViolation[] {
  return violations.filter((v) => impacts.includes(v.impact ?? ''));
}

/** The impacts that fail a run: moderate and worse. Minor findings stay reported only. */
export const FAILING_IMPACTS = ['moderate', 'serious', 'critical'] as const;

/** Fails the test on any violation of impact moderate or higher, naming each in the message. */
export function expectNoModerateOrWorse(violations: readonly AxeViolation[], name: string): void {
  const failing = withImpact(violations, ...FAILING_IMPACTS);
  expect(failing, `axe on ${name}:\n${describeViolations(failing)}`).toEqual([]);
}
