import { describe, expect, it } from 'vitest';
import { percentOf, progressBands, progressPercent } from '../../src/results/figures';

describe('results figures', () => {
  it('counts learners per 10 % band, 100 % only when complete', () => {
    const bands = progressBands([0, 0.05, 0.1, 0.5, 0.999, 1, 1].map((progress) => ({ progress })));
    expect(bands.map((band) => `${band.from}-${band.to}:${band.learners}`)).toEqual([
      '0-9:2',
      '10-19:1',
      '20-29:0',
      '30-39:0',
      '40-49:0',
      '50-59:1',
      '60-69:0',
      '70-79:0',
      '80-89:0',
      '90-99:1',
      '100-100:2',
    ]);
  });

  it('shows progress rounded down and shares of nothing as 0 %', () => {
    expect(progressPercent(0.999)).toBe(99);
    expect(progressPercent(1)).toBe(100);
    expect(progressPercent(-0.2)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
});
