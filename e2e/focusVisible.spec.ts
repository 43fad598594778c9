import { demoShares, sharePath } from './support/demoShares';
import { expect, test } from './support/transitions';

/*
 * Issue 28, item 4: what axe cannot see. WCAG 2.2 2.4.11 Focus Not Obscured: tabbing through a long
 * chapter, no focused control hides under the sticky header (or anything else drawn over it), at a
 * phone's width and a desktop's. 2.4.7 Focus Visible: every focused control draws a focus indicator.
 */

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`tabbing through a long chapter at ${viewport.width} px, every focused control shows and is not under the header`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const { material } = await demoShares(page.request);
    await page.goto(sharePath(material, 'vom-grundwasser-zum-hahn/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const problems: string[] = [];
    // Down the page and back up: going up, the browser scrolls a control into view at the top edge, where the header is.
    for (const key of [...Array<string>(60).fill('Tab'), ...Array<string>(45).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      // As the learner sees it: a stand-in that took the focus wakes and hands it to its widget within a frame or two.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const seen = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        if (!focused || focused === document.body) return null;
        const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`;
        const box = focused.getBoundingClientRect();
        const header = document.querySelector('[data-testid="viewer-header"]');
        // The focused control's own header is allowed to cover it: it is in it.
        if (!header || header.contains(focused)) return { name, covered: false, over: '', outline: true };
        const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
        const points = [box.top + 2, box.top + box.height / 2, box.bottom - 2].filter((y) => y >= 0 && y < window.innerHeight);
        let over = points.length === 0 ? 'outside the window' : '';
        const covered = points.length === 0 || points.some((y) => {
          const top = document.elementFromPoint(x, y);
          const hidden = top !== null && top !== focused && !focused.contains(top) && !top.contains(focused);
          if (hidden) over = `${top.tagName.toLowerCase()}.${String(top.className).slice(0, 60)} at y ${Math.round(y)}`;
          return hidden;
        });
        const style = getComputedStyle(focused);
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
        const shadow = style.boxShadow !== 'none';
        return { name, covered, over, outline: ring || shadow };
      });
      if (!seen) continue;
      if (seen.covered) problems.push(`${seen.name} is covered by ${seen.over} (${key})`);
      if (!seen.outline) problems.push(`${seen.name} draws no focus indicator`);
    }
    expect(problems).toEqual([]);
  });
}
