import type { Page } from '@playwright/test';
import type { AxeViolation } from './a11y';

/**
 * The violations (with only their offending nodes) whose nodes lie inside an element matching
 * `containerSelector`, e.g. the question elements of a page. Node targets of the top document only.
 */
export async function violationsWithin(page: Page, violations: readonly AxeViolation[], containerSelector: string): Promise<AxeViolation[]> {
  const scoped: AxeViolation[] = [];
  for (const violation of violations) {
    const targets = violation.nodes.map((node) => node.target.map(String));
    const inside = await page.evaluate(
      ({ targets, containerSelector }) =>
        targets.map((target) => {
          if (target.length !== 1) return false;
          const node = document.querySelector(target[0]);
          return Boolean(node?.closest(containerSelector));
        }),
      { targets, containerSelector },
    );
    const nodes = violation.nodes.filter((_, index) => inside[index]);
    if (nodes.length) scoped.push({ ...violation, nodes });
  }
  return scoped;
}
