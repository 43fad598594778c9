import type { LearnerResult } from '../../model/results';

/** A band of the progress distribution: `from`–`to` per cent (the last one is 100 % alone). */
export type ProgressBand = { from: number; to: number; learners: number };

/** Learners per 10 % band of progress (0–9 %, …, 90–99 %) and those at 100 %: eleven bands, empty ones included. */
export function progressBands(learners: readonly Pick<LearnerResult, 'progress'>[]): ProgressBand[] {
  const bands: ProgressBand[] = Array.from({ length: 10 }, (_, index) => ({ from: index * 10, to: index * 10 + 9, learners: 0 }));
  bands.push({ from: 100, to: 100, learners: 0 });
  for (const { progress } of learners) {
    const percent = progressPercent(progress);
    bands[percent === 100 ? 10 : Math.floor(percent / 10)].learners += 1;
  }
  return bands;
}

/** `part` of `whole` in whole per cent; 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** Progress (0–1) in whole per cent, rounded down: 100 % only when complete. */
export function progressPercent(progress: number): number {
  return progress >= 1 ? 100 : Math.max(0, Math.floor(progress * 100));
}
