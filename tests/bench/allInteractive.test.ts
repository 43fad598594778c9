import { describe, expect, it } from 'vitest';
import { allInteractiveOf } from '../../scripts/bench/browser';
import { checkBudgets, median } from '../../scripts/bench/report';

describe('allInteractiveOf (the TTI-style figure of the benchmark)', () => {
  it('is the last element rendered when nothing follows it', () => {
    expect(allInteractiveOf({ fcp: 100, lastRendered: 500, longTasks: [], requests: [], now: 1600 })).toBe(500);
  });

  it('waits until a quiet second has been observed', () => {
    expect(allInteractiveOf({ fcp: 100, lastRendered: 500, longTasks: [], requests: [], now: 1400 })).toBeUndefined();
  });

  it('is never before first contentful paint', () => {
    expect(allInteractiveOf({ fcp: 800, lastRendered: 500, longTasks: [], requests: [], now: 1900 })).toBe(800);
  });

  it('ends with the last long task before the first quiet second', () => {
    const longTasks: [number, number][] = [[400, 300], [1200, 100], [3000, 200]];
    // 700 → 1200 is not a second; 1300 → 2300 is quiet: the task ending at 1300 is the last one counted.
    expect(allInteractiveOf({ fcp: 100, lastRendered: 500, longTasks, requests: [], now: 5000 })).toBe(1300);
  });

  it('counts requests in flight as busy, but the figure is a long task end', () => {
    const longTasks: [number, number][] = [[400, 300]];
    const requests = [{ start: 650, end: 2500 }];
    expect(allInteractiveOf({ fcp: 100, lastRendered: 500, longTasks, requests, now: 3000 })).toBeUndefined();
    expect(allInteractiveOf({ fcp: 100, lastRendered: 500, longTasks, requests, now: 3600 })).toBe(700);
    expect(allInteractiveOf({ fcp: 100, lastRendered: 500, longTasks, requests: [{ start: 650, end: undefined }], now: 9000 })).toBeUndefined();
  });
});

describe('budgets', () => {
  it('median of an even count is the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  it('names what was missed and what was not measured', () => {
    const load = (ms: number, kind: 'app' | 'floor') => ({
      kind, status: 'ok' as const, fcpMs: ms, lastRenderedMs: ms, allInteractiveMs: ms, heapBytes: 1e6, wireBytes: 1e5, domElements: 100,
      textResponses: 2, uncompressed: [], clicksMs: [10, 12, 11], answerMs: ms + 100,
    });
    const budgets = checkBudgets({
      startedAt: '', finishedAt: '', commit: 'x', database: 'pglite', browser: 'Chromium', floor: '',
      options: { sizes: [100, 1000], pairs: { 100: 1, 1000: 1 }, clicks: 3, timeoutMs: 120_000, seed: 1, build: true },
      sizes: [100, 1000].map((size) => ({
        size, node: { viewerStartMs: [1], parseMs: [1] },
        pairs: [{ pair: 0, appFirst: true, app: load(size === 100 ? 300 : 2000, 'app'), floor: load(200, 'floor') }],
      })),
      firstRouteJsGzip: 100 * 1024, ingest: null, ingestNote: '',
    });
    const byName = Object.fromEntries(budgets.map((b) => [b.name.split(' ')[0] + ' ' + b.name.split(' ')[1], b]));
    expect(byName['all interactive'].ok).toBe(false);
    expect(byName['all interactive'].detail).toContain('1,000: 10× ✗');
    // The answer against the floor's later of first paint (200 ms) and answer (300 ms): 400 ms = 1.3×, 2,100 ms = 7×.
    expect(byName['the last'].detail).toBe('100: 400 ms = 1.3×; 1,000: 2.10 s = 7.0× ✗');
    expect(budgets.filter((b) => !b.ok).map((b) => b.name)).toEqual([
      'all interactive ≤ 2.5× the floor at every size',
      'first contentful paint ≤ 1.5× the floor at every size',
      "the last question answers ≤ 2× the floor's max(first paint, answer) at every size",
    ]);
  });

  it('holds the first evaluation of a load to 16 ms at 1,000 elements, apart from the clicks after it', () => {
    const load = (kind: 'app' | 'floor', clicksMs: number[]) => ({
      kind, status: 'ok' as const, fcpMs: 100, lastRenderedMs: 100, allInteractiveMs: 100, heapBytes: 1e6, wireBytes: 1e5, domElements: 100,
      textResponses: 2, uncompressed: [], clicksMs, answerMs: 200,
    });
    const budgets = checkBudgets({
      startedAt: '', finishedAt: '', commit: 'x', database: 'pglite', browser: 'Chromium', floor: '',
      options: { sizes: [1000], pairs: { 1000: 2 }, clicks: 3, timeoutMs: 120_000, seed: 1, build: true },
      sizes: [{
        size: 1000, node: { viewerStartMs: [1], parseMs: [1] },
        pairs: [0, 1].map((pair) => ({ pair, appFirst: pair === 0, app: load('app', [16.2 + pair * 0.2, 12, 11]), floor: load('floor', [15, 12, 12]) })),
      }],
      firstRouteJsGzip: 100 * 1024, ingest: null, ingestNote: '',
    });
    const named = (start: string) => budgets.find((b) => b.name.startsWith(start))!;
    expect(named('click → feedback ≤ 16 ms')).toMatchObject({ ok: true, detail: '12.0 ms' });
    expect(named("the first evaluation's feedback")).toMatchObject({ ok: false, detail: "16.3 ms (the floor's 15.0 ms)" });
    expect(named('every measured press')).toMatchObject({ ok: true, detail: '2 app loads' });
  });

  it('misses when a press of the app brought no feedback (a press lost under the pointer)', () => {
    const load = (kind: 'app' | 'floor', clicks: { clicksMs?: number[]; clickError?: string }) => ({
      kind, status: 'ok' as const, fcpMs: 100, lastRenderedMs: 100, allInteractiveMs: 100, heapBytes: 1e6, wireBytes: 1e5, domElements: 100,
      textResponses: 2, uncompressed: [], answerMs: 200, ...clicks,
    });
    const budgets = checkBudgets({
      startedAt: '', finishedAt: '', commit: 'x', database: 'pglite', browser: 'Chromium', floor: '',
      options: { sizes: [1000], pairs: { 1000: 2 }, clicks: 3, pressMs: 80, timeoutMs: 120_000, seed: 1, build: true },
      sizes: [{
        size: 1000, node: { viewerStartMs: [1], parseMs: [1] },
        pairs: [
          { pair: 0, appFirst: true, app: load('app', { clicksMs: [12, 10, 10] }), floor: load('floor', { clicksMs: [11, 10, 10] }) },
          { pair: 1, appFirst: false, app: load('app', { clickError: 'page.waitForFunction: Timeout 60000ms exceeded.' }), floor: load('floor', { clicksMs: [11, 10, 10] }) },
        ],
      }],
      firstRouteJsGzip: 100 * 1024, ingest: null, ingestNote: '',
    });
    expect(budgets.find((b) => b.name.startsWith('every measured press'))).toMatchObject({
      ok: false,
      detail: '1 of 2 app loads without: page.waitForFunction: Timeout 60000ms exceeded.',
    });
  });
});
