// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { IntersectionObserverDouble } from '../setup';

describe('tests/setup.ts in jsdom', () => {
  it('polyfills CSS.escape with the CSSOM algorithm', () => {
    expect(CSS.escape('1a')).toBe('\\31 a');
    expect(CSS.escape('-')).toBe('\\-');
    expect(CSS.escape('a b#c')).toBe('a\\ b\\#c');
    expect(CSS.escape('react-aria-1')).toBe('react-aria-1');
  });

  it('gives matchMedia, ResizeObserver and a silent scrollTo', () => {
    expect(window.matchMedia('(min-width: 640px)')).toMatchObject({ matches: false, media: '(min-width: 640px)' });
    expect(() => new ResizeObserver(() => {}).observe(document.body)).not.toThrow();
    const errors = vi.spyOn(console, 'error');
    window.scrollTo(0, 100);
    expect(errors).not.toHaveBeenCalled();
  });

  it('delivers simulated intersections to observed elements only', () => {
    const seen: boolean[] = [];
    const observer = new IntersectionObserver((entries) => seen.push(...entries.map((e) => e.isIntersecting)));
    const double = observer as unknown as IntersectionObserverDouble;
    const watched = document.createElement('div');
    const other = document.createElement('div');
    observer.observe(watched);
    double.simulate(other, true);
    double.simulate(watched, true);
    expect(seen).toEqual([true]);
    expect(IntersectionObserverDouble.instances.has(double)).toBe(true);
    observer.disconnect();
    expect(IntersectionObserverDouble.instances.has(double)).toBe(false);
  });
});
