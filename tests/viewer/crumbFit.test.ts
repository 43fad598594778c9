import { describe, expect, it } from 'vitest';
import { MIN_CURRENT_CRUMB_PX, visibleCrumbs } from '../../src/viewer/crumbFit';

/** The demo's deepest trail as a phone measures it: home, two ancestors, the current page (px, separators included). */
const trail = [290, 130, 190, 150];
const MENU = 24;
const shown = (widths: number[], available: number) =>
  visibleCrumbs(widths.length, { crumbs: widths, menu: MENU, available })
    .map((visible, i) => (visible ? String(i) : '…'))
    .join(' ')
    .replace(/(… )+…|…( …)+/g, '…');

describe('visibleCrumbs: which crumbs show in full and which collapse into the menu', () => {
  it('shows every crumb when the trail fits', () => {
    expect(shown(trail, 760)).toBe('0 1 2 3');
    expect(shown([120, 150], 270)).toBe('0 1');
  });

  it('on a narrower header, collapses the ancestors from the top down and keeps home while it fits', () => {
    // Room for home beside the menu, the parent and the current page.
    expect(shown(trail, 290 + MENU + 190 + 150)).toBe('0 … 2 3');
    // Home does not fit any more: the parent shows, home goes into the menu with the rest.
    expect(shown(trail, MENU + 190 + 150)).toBe('… 2 3');
  });

  it('never shows an ancestor cut short: it shows in full or goes into the menu', () => {
    // The current page may shorten (to its minimum) to make room; an ancestor never does.
    expect(shown(trail, MENU + 190 + MIN_CURRENT_CRUMB_PX)).toBe('… 2 3');
    expect(shown(trail, MENU + 189 + MIN_CURRENT_CRUMB_PX)).toBe('… 3');
  });

  it('lets the current page shorten down to its minimum, then leaves only the menu', () => {
    expect(shown([290, 400], MENU + MIN_CURRENT_CRUMB_PX)).toBe('… 1');
    expect(shown([290, 400], MENU + MIN_CURRENT_CRUMB_PX - 1)).toBe('…');
  });

  it('never shows an ancestor above a collapsed one nearer to the page', () => {
    // The parent (300) does not fit, its parent (20) would: it collapses with it.
    expect(shown([500, 20, 300, 100], MENU + 100 + 40)).toBe('… 3');
  });

  it('keeps only home and the last two of a long trail, however wide the header', () => {
    expect(shown([100, 100, 100, 100, 100], 5000)).toBe('0 … 3 4');
    expect(visibleCrumbs(5)).toEqual([true, false, false, true, true]);
    expect(visibleCrumbs(3)).toEqual([true, true, true]);
  });
});
