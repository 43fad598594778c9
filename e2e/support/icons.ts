import { expect, type Locator } from '@playwright/test';

/**
 * The icon in `locator` (an `<svg>` using a symbol of the sprite, paint/Icon.tsx) is drawn: the browser
 * has the sprite and found the symbol. A `<use>` whose sprite did not arrive, or that names no symbol,
 * has an empty box.
 */
export async function expectIconDrawn(locator: Locator, message?: string) {
  const use = locator.locator('svg > use').first();
  await expect
    .poll(() => use.evaluate((node) => {
      const box = (node as SVGUseElement).getBBox();
      return box.width > 0 && box.height > 0;
    }), { message })
    .toBe(true);
}
