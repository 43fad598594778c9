// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findWithRetry, highlightMatches, LOOKUP_INTERVAL_MS, LOOKUP_TRIES, whenRendered } from '../../src/viewer/scrollToTarget';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('highlight', () => {
  it('marks every case-insensitive match inside the target only', () => {
    document.body.innerHTML = '<div id="t"><p>Wasser ist <b>WASSER</b>, wasserdicht.</p></div><p id="o">Wasser draußen</p>';
    const target = document.getElementById('t')!;
    expect(highlightMatches(target, 'wasser')).toBe(3);
    expect([...target.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Wasser', 'WASSER', 'wasser']);
    expect(target.textContent).toBe('Wasser ist WASSER, wasserdicht.');
    expect(document.getElementById('o')!.querySelector('mark')).toBeNull();
  });

  it('ignores a blank highlight', () => {
    document.body.innerHTML = '<div id="t">Text</div>';
    expect(highlightMatches(document.getElementById('t')!, '   ')).toBe(0);
    expect(highlightMatches(document.getElementById('t')!, [' ', ''])).toBe(0);
    expect(document.querySelector('mark')).toBeNull();
  });

  it('marks the words a search matched, each as a whole word in any case, the longest first', () => {
    document.body.innerHTML = '<div id="t"><p>Die Wasserwerke, ein WASSERWERK (kein Trinkwasserwerk, keine Wasserwerksleitung) und <i>Wasser</i>werke?</p></div>';
    const target = document.getElementById('t')!;
    expect(highlightMatches(target, ['wasserwerk', 'wasserwerke', '(x)'])).toBe(2);
    expect([...target.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Wasserwerke', 'WASSERWERK']);
    expect(target.textContent).toBe('Die Wasserwerke, ein WASSERWERK (kein Trinkwasserwerk, keine Wasserwerksleitung) und Wasserwerke?');
    // Marked once: a second pass finds them inside their marks and leaves them.
    expect(highlightMatches(target, ['wasserwerk', 'wasserwerke'])).toBe(0);
  });
});

describe('element lookup', () => {
  it(`tries ${LOOKUP_TRIES} times at ${LOOKUP_INTERVAL_MS} ms, then gives up`, async () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(document, 'getElementById');
    const lookup = findWithRetry('missing');
    await vi.advanceTimersByTimeAsync(LOOKUP_TRIES * LOOKUP_INTERVAL_MS + 500);
    await expect(lookup.promise).resolves.toBeNull();
    expect(spy).toHaveBeenCalledTimes(LOOKUP_TRIES);
  });

  it('finds an element that appears while the page renders', async () => {
    vi.useFakeTimers();
    const lookup = findWithRetry('late');
    await vi.advanceTimersByTimeAsync(250);
    document.body.innerHTML = '<section id="late"></section>';
    await vi.advanceTimersByTimeAsync(LOOKUP_INTERVAL_MS);
    await expect(lookup.promise).resolves.toBe(document.getElementById('late'));
  });

  it('waits for an element found to show its content, not the placeholder of its loading code, however long that takes', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="lazy"><div data-pending=""></div></div>';
    const lazy = document.getElementById('lazy')!;
    let rendered = false;
    whenRendered(lazy, () => (rendered = true));
    // Longer than the lookup's 10 tries: the element was found, its code is slow.
    await vi.advanceTimersByTimeAsync(3 * LOOKUP_TRIES * LOOKUP_INTERVAL_MS);
    expect(rendered).toBe(false);
    lazy.innerHTML = '<p>Grundwasser</p>';
    await vi.advanceTimersByTimeAsync(LOOKUP_INTERVAL_MS);
    expect(rendered).toBe(true);
  });
});
