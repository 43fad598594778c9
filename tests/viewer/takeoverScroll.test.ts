// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { scrollRestorationAfterTakeover } from '../../src/viewer/takeoverScroll';

/* When the router may set the window's scroll position (src/viewer/takeoverScroll.ts). */

const at = (hash: string) => ({ location: { hash } });
const scrolledTo = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });

afterEach(() => {
  document.body.innerHTML = '';
  scrolledTo(0);
});

describe('the router scroll restoration around the takeover of the first paint', () => {
  it("leaves the window alone at the render that takes over the server's first paint, and acts from then on", () => {
    document.body.innerHTML = '<div id="shell"></div>';
    scrolledTo(2400);
    const allowed = scrollRestorationAfterTakeover();
    expect(allowed(at(''))).toBe(false);
    expect(allowed(at(''))).toBe(true);
    expect(allowed(at('kapitel'))).toBe(true);
  });

  it('scrolls to an #element the first paint did not hold, unless the window moved', () => {
    document.body.innerHTML = '<div id="shell"></div>';
    expect(scrollRestorationAfterTakeover()(at('far-down'))).toBe(true);
    scrolledTo(300);
    expect(scrollRestorationAfterTakeover()(at('far-down'))).toBe(false);
    expect(scrollRestorationAfterTakeover()(at(''))).toBe(false);
  });

  it('acts at every render of a page the server did not draw', () => {
    scrolledTo(300);
    const allowed = scrollRestorationAfterTakeover();
    expect(allowed(at(''))).toBe(true);
    expect(allowed(at('x'))).toBe(true);
  });
});
