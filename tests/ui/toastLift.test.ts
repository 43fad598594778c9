import { describe, expect, it } from 'vitest';
import { TOASTS_BOTTOM_PX, TOASTS_GAP_PX, toastRegionBottom } from '../../src/ui/toastLift';

const VIEWPORT = 800;
/** A region of toasts 100 px high at the right of a 1280 px wide window. */
const region = { left: 844, right: 1264, height: 100 };
const box = (top: number, bottom: number, left = 244, right = 1036) => ({ top, bottom, left, right });

describe('toastRegionBottom: where the toasts sit so that they cover nothing marked to avoid', () => {
  it('stays at its usual offset when nothing is in the way', () => {
    expect(toastRegionBottom(region, [], VIEWPORT)).toBe(TOASTS_BOTTOM_PX);
    expect(toastRegionBottom(region, [box(100, 160)], VIEWPORT), 'above the toasts').toBe(TOASTS_BOTTOM_PX);
    expect(toastRegionBottom(region, [box(900, 960)], VIEWPORT), 'below the viewport').toBe(TOASTS_BOTTOM_PX);
    expect(toastRegionBottom(region, [box(700, 760, 0, 600)], VIEWPORT), 'left of the toasts').toBe(TOASTS_BOTTOM_PX);
  });

  it('rises just above the footer navigation while it is in the way', () => {
    // The footer at the end of the page: 64 px high, 40 px above the bottom of the viewport.
    expect(toastRegionBottom(region, [box(696, 760)], VIEWPORT)).toBe(VIEWPORT - 696 + TOASTS_GAP_PX);
    // Only partly scrolled in: still lifted above its top.
    expect(toastRegionBottom(region, [box(780, 844)], VIEWPORT)).toBe(VIEWPORT - 780 + TOASTS_GAP_PX);
  });

  it('rises above a second element it would cover once lifted above the first', () => {
    expect(toastRegionBottom(region, [box(696, 760), box(560, 640)], VIEWPORT)).toBe(VIEWPORT - 560 + TOASTS_GAP_PX);
  });

  it('never leaves the top of the viewport', () => {
    expect(toastRegionBottom(region, [box(20, 790)], VIEWPORT)).toBe(VIEWPORT - region.height);
  });
});
