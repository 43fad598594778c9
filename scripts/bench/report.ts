/**
 * The benchmark's table (Markdown, for docs/benchmark.md and closing notes) and its budgets (issue 9).
 * Figures are medians over the loads that completed; ratios are app / floor of those medians.
 */
import type { LoadResult } from './browser';
import type { NodeTimings } from './nodeMeasure';

/** The row type of scripts/bench/ingest.ts (measureIngest). */
export type IngestRow = {
  database: 'pglite' | 'postgres' | 'postgres-xapi' | 'floor';
  learners: number;
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  healthP99Ms?: number;
  failed: number;
};

export interface PairResult {
  pair: number;
  appFirst: boolean;
  app: LoadResult;
  floor: LoadResult;
}

export interface SizeResult {
  size: number;
  pairs: PairResult[];
  node: NodeTimings;
  /** The app's first load of this page after the server started (its caches cold): reported apart, not in the medians. */
  firstLoad?: LoadResult;
}

export interface BenchResult {
  startedAt: string;
  finishedAt: string;
  commit: string;
  database: 'pglite' | 'postgres';
  browser: string;
  floor: string;
  options: { sizes: number[]; pairs: Record<number, number>; clicks: number; pressMs?: number; timeoutMs: number; seed: number; build: boolean; phone?: boolean };
  sizes: SizeResult[];
  /** Initial JS of the material route, gzip bytes (scripts/bundle-report.ts). */
  firstRouteJsGzip: number | null;
  ingest: IngestRow[] | null;
  ingestNote: string;
  budgets: BudgetResult[];
}

export interface BudgetResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** The budgets of issue 9, as numbers. */
export const BUDGETS = {
  allInteractiveRatio: 2.5,
  fcpRatio: 1.5,
  clickAt1000Ms: 16,
  /** Not growing with page size: the largest page's click ≤ factor × the smallest page's + slack. */
  clickGrowthFactor: 1.5,
  clickGrowthSlackMs: 4,
  /** The last question answers within this many times the floor's max(first paint, answer) (issue 28). */
  answerRatio: 2,
  heapRatio: 4,
  /** Fixed allowance on top of 4× the floor's heap: React, the router, i18n, xstate and zod (issue 28). */
  heapAllowanceBytes: 4 * 1024 * 1024,
  firstRouteJsGzip: 150 * 1024,
  ingestPostgresEventsPerSecond: 2000,
  ingestPostgresP99Ms: 50,
  ingestPgliteP99Ms: 250,
  ingestHealthP99Ms: 50,
} as const;

export function median(values: readonly number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

type Metric = 'fcpMs' | 'lastRenderedMs' | 'appStartedMs' | 'allInteractiveMs' | 'answerMs' | 'heapBytes' | 'wireBytes' | 'domElements' | 'longTasks' | 'longTaskMs';

function loads(size: SizeResult, kind: 'app' | 'floor'): LoadResult[] {
  return size.pairs.map((p) => p[kind]);
}

export function medianOf(size: SizeResult, kind: 'app' | 'floor', metric: Metric): number | undefined {
  return median(loads(size, kind).flatMap((l) => (l.status === 'ok' && typeof l[metric] === 'number' ? [l[metric] as number] : [])));
}

/** Median over loads of each load's first click: the page's first evaluation (issue 28), its code never run before. */
export function firstClickMedian(size: SizeResult, kind: 'app' | 'floor'): number | undefined {
  return median(loads(size, kind).flatMap((l) => (l.clicksMs?.length ? [l.clicksMs[0]] : [])));
}

/** Median over loads of each load's median click. */
export function clickMedian(size: SizeResult, kind: 'app' | 'floor'): number | undefined {
  return median(loads(size, kind).flatMap((l) => {
    const m = median(l.clicksMs ?? []);
    return m === undefined ? [] : [m];
  }));
}

function failedLoads(size: SizeResult, kind: 'app' | 'floor'): LoadResult[] {
  return loads(size, kind).filter((l) => l.status !== 'ok');
}

export const fmtMs = (ms: number | undefined) => {
  if (ms === undefined || !Number.isFinite(ms)) return '–';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
};

/** A click's time to the frame, to a tenth: the budget is 16 ms, and 16.3 ms is not 16. */
const fmtClick = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? '–' : `${ms.toFixed(1)} ms`);

export const fmtBytes = (bytes: number | undefined) => {
  if (bytes === undefined) return '–';
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
};

const fmtCount = (n: number | undefined) => (n === undefined ? '–' : Math.round(n).toLocaleString('en'));

export const fmtRatio = (ratio: number | undefined) => {
  if (ratio === undefined || !Number.isFinite(ratio)) return '–';
  return ratio < 10 ? `${ratio.toFixed(1)}×` : `${Math.round(ratio)}×`;
};

function ratio(app: number | undefined, floor: number | undefined): number | undefined {
  return app === undefined || floor === undefined || floor <= 0 ? undefined : app / floor;
}

function timeoutNote(size: SizeResult, kind: 'app' | 'floor', timeoutMs: number): string {
  const failed = failedLoads(size, kind);
  if (!failed.length) return '';
  const timeouts = failed.filter((l) => l.status === 'timeout').length;
  const parts = [];
  if (timeouts) parts.push(`${timeouts} timed out (> ${Math.round(timeoutMs / 1000)} s)`);
  if (failed.length > timeouts) parts.push(`${failed.length - timeouts} failed`);
  return `${kind} ${parts.join(', ')}`;
}

/** The app's and the floor's median of `metric` and their ratio (against the floor's `floorMetric` when given). */
function ratioCell(size: SizeResult, metric: Metric, format: (v: number | undefined) => string, timeoutMs: number, floorMetric: Metric = metric): string {
  const app = medianOf(size, 'app', metric);
  const floor = medianOf(size, 'floor', floorMetric);
  const notes = [timeoutNote(size, 'app', timeoutMs), timeoutNote(size, 'floor', timeoutMs)].filter(Boolean);
  const cell = app === undefined && floor === undefined ? '–' : `${fmtRatio(ratio(app, floor))} (${format(app)} / ${format(floor)})`;
  return notes.length ? `${cell}; ${notes.join(', ')}` : cell;
}

/** The whole report as Markdown. */
export function formatReport(result: BenchResult): string {
  const sizes = result.sizes;
  const head = `| | ${sizes.map((s) => `${s.size.toLocaleString('en')} elements`).join(' | ')} |`;
  const rule = `|---|${sizes.map(() => '---').join('|')}|`;
  const row = (label: string, cell: (s: SizeResult) => string) => `| ${label} | ${sizes.map(cell).join(' | ')} |`;
  const t = result.options.timeoutMs;
  const pairs = sizes.map((s) => `${s.pairs.length} at ${s.size.toLocaleString('en')}`).join(', ');
  /** How long the measured presses held the button (runs before it was an option released at once). */
  const press = `pressed ${result.options.pressMs ?? 0} ms`;
  const lines = [
    `Benchmark of ${result.commit} on ${result.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${result.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${result.browser}; ` +
      `app / static floor, medians of ${pairs} interleaved pairs (cold cache: a new browser context per load)` +
      (result.options.phone ? '; as a mid-range phone: 390 × 844 px at 3×, CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down.' : '.'),
    '',
    head,
    rule,
    row('first contentful paint', (s) => ratioCell(s, 'fcpMs', fmtMs, t)),
    row('last element rendered', (s) => ratioCell(s, 'lastRenderedMs', fmtMs, t)),
    row('all interactive', (s) => ratioCell(s, 'allInteractiveMs', fmtMs, t)),
    row('app rendered (its widgets answer), app / floor all interactive', (s) => ratioCell(s, 'appStartedMs', fmtMs, t, 'allInteractiveMs')),
    row('last question answers (opened at it, pressed as soon as it lets), app / floor', (s) => ratioCell(s, 'answerMs', fmtMs, t)),
    row('long tasks until interactive, app / floor', (s) =>
      `${fmtCount(medianOf(s, 'app', 'longTasks'))} (${fmtMs(medianOf(s, 'app', 'longTaskMs'))}) / ${fmtCount(medianOf(s, 'floor', 'longTasks'))} (${fmtMs(medianOf(s, 'floor', 'longTaskMs'))})`),
    row('JS heap after load', (s) => ratioCell(s, 'heapBytes', fmtBytes, t)),
    row('bytes on the wire', (s) => ratioCell(s, 'wireBytes', fmtBytes, t)),
    row('DOM elements', (s) => ratioCell(s, 'domElements', fmtCount, t)),
    row(`click Evaluate (${press}) → feedback on screen, app / floor`, (s) => {
      const app = clickMedian(s, 'app');
      const floor = clickMedian(s, 'floor');
      const errors = loads(s, 'app').filter((l) => l.status === 'ok' && l.clickError).length;
      return `${fmtClick(app)} / ${fmtClick(floor)}${errors ? ` (${errors} app load${errors === 1 ? '' : 's'} without a click result)` : ''}`;
    }),
    row(`first Evaluate of a load (${press}) → feedback on screen, app / floor`, (s) => `${fmtClick(firstClickMedian(s, 'app'))} / ${fmtClick(firstClickMedian(s, 'floor'))}`),
    row('first contentful paint of the first load of the page after the server started (app, not in the medians)', (s) =>
      s.firstLoad?.status === 'ok' ? fmtMs(s.firstLoad.fcpMs) : s.firstLoad ? s.firstLoad.status : '–'),
    row('viewer start in Node (createActor + page.open)', (s) => fmtMs(median(s.node.viewerStartMs))),
    row('Material.parse (zod) in Node', (s) => fmtMs(median(s.node.parseMs))),
    '',
    `First-route JavaScript (entry + material route tree and their static imports): ${result.firstRouteJsGzip === null ? 'not measured' : `${(result.firstRouteJsGzip / 1024).toFixed(1)} KiB gzip`} (budget ${BUDGETS.firstRouteJsGzip / 1024} KiB).`,
    compressionLine(result),
    `Floor: the same content as static HTML, ${result.floor}. Both over loopback (127.0.0.1).`,
    '',
    '**Budgets**',
    '',
    ...result.budgets.map((b) => `- ${b.ok ? 'met' : '**MISSED**'}: ${b.name}: ${b.detail}`),
  ];
  if (result.ingest?.length) {
    lines.push('', '**Tracking ingest** (scripts/bench/ingest.ts)', '', '| database | learners | events/s | p50 | p99 | /api/health p99 | failed |', '|---|---:|---:|---:|---:|---:|---:|');
    for (const r of result.ingest) {
      lines.push(`| ${r.database} | ${r.learners} | ${r.eventsPerSecond.toLocaleString('en')} | ${fmtMs(r.p50Ms)} | ${fmtMs(r.p99Ms)} | ${r.healthP99Ms === undefined ? '' : fmtMs(r.healthP99Ms)} | ${r.failed} |`);
    }
  } else {
    lines.push('', `Tracking ingest: ${result.ingestNote}`);
  }
  return lines.join('\n');
}

function compressionLine(result: BenchResult): string {
  const app = result.sizes.flatMap((s) => loads(s, 'app')).filter((l) => l.status === 'ok');
  const checked = app.reduce((n, l) => n + (l.textResponses ?? 0), 0);
  const uncompressed = app.flatMap((l) => l.uncompressed ?? []);
  const encodings = [...new Set(app.flatMap((l) => l.encodings ?? []))];
  const kinds = [...new Set(uncompressed.map((p) => (p.startsWith('/s/') ? 'page HTML' : p.startsWith('/api/') ? 'API JSON' : p.endsWith('.css') ? 'CSS' : p.endsWith('.js') ? 'JS' : p)))];
  return `Compression (app, JS/CSS/HTML/JSON responses ≥ 1 KiB over all loads): ${checked - uncompressed.length} of ${checked} compressed` +
    `${encodings.length ? ` (${encodings.join(', ')})` : ''}${uncompressed.length ? `; uncompressed: ${kinds.join(', ')}` : ''}.`;
}

/** Every budget of issue 9 that the run could check. */
export function checkBudgets(result: Omit<BenchResult, 'budgets'>): BudgetResult[] {
  const budgets: BudgetResult[] = [];
  const sizes = result.sizes;
  const each = (name: string, metric: Metric, limit: (floor: number) => number, describe: (app: number, floor: number) => string) => {
    const details: string[] = [];
    let ok = true;
    for (const s of sizes) {
      const appFailed = failedLoads(s, 'app');
      const app = medianOf(s, 'app', metric);
      const floor = medianOf(s, 'floor', metric);
      const at = s.size.toLocaleString('en');
      if (appFailed.length || app === undefined || floor === undefined) {
        ok = false;
        details.push(`${at}: not measured${appFailed.length ? ` (${appFailed.length} app load${appFailed.length === 1 ? '' : 's'} ${appFailed[0].status})` : ''}`);
        continue;
      }
      const pass = app <= limit(floor);
      ok &&= pass;
      details.push(`${at}: ${describe(app, floor)}${pass ? '' : ' ✗'}`);
    }
    budgets.push({ name, ok, detail: details.join('; ') });
  };
  each(`all interactive ≤ ${BUDGETS.allInteractiveRatio}× the floor at every size`, 'allInteractiveMs', (f) => f * BUDGETS.allInteractiveRatio, (a, f) => fmtRatio(a / f));
  each(`first contentful paint ≤ ${BUDGETS.fcpRatio}× the floor at every size`, 'fcpMs', (f) => f * BUDGETS.fcpRatio, (a, f) => fmtRatio(a / f));
  each(
    `JS heap ≤ ${BUDGETS.heapRatio}× the floor's + ${BUDGETS.heapAllowanceBytes / 1024 / 1024} MiB at every size`,
    'heapBytes',
    (f) => f * BUDGETS.heapRatio + BUDGETS.heapAllowanceBytes,
    (a, f) => `${fmtBytes(a)} vs allowed ${fmtBytes(f * BUDGETS.heapRatio + BUDGETS.heapAllowanceBytes)}`,
  );

  {
    const details: string[] = [];
    let ok = sizes.length > 0;
    for (const s of sizes) {
      const app = medianOf(s, 'app', 'answerMs');
      const floorFcp = medianOf(s, 'floor', 'fcpMs');
      const floorAnswer = medianOf(s, 'floor', 'answerMs');
      const at = s.size.toLocaleString('en');
      if (app === undefined || floorFcp === undefined || floorAnswer === undefined) {
        ok = false;
        details.push(`${at}: not measured`);
        continue;
      }
      const floor = Math.max(floorFcp, floorAnswer);
      const pass = app <= floor * BUDGETS.answerRatio;
      ok &&= pass;
      details.push(`${at}: ${fmtMs(app)} = ${fmtRatio(app / floor)}${pass ? '' : ' ✗'}`);
    }
    budgets.push({ name: `the last question answers ≤ ${BUDGETS.answerRatio}× the floor's max(first paint, answer) at every size`, ok, detail: details.join('; ') });
  }

  const at1000 = sizes.find((s) => s.size === 1000);
  if (at1000) {
    const click = clickMedian(at1000, 'app');
    budgets.push({
      name: `click → feedback ≤ ${BUDGETS.clickAt1000Ms} ms at 1,000 elements`,
      ok: click !== undefined && click <= BUDGETS.clickAt1000Ms,
      detail: click === undefined ? 'not measured' : fmtClick(click),
    });
  }
  if (at1000) {
    const first = firstClickMedian(at1000, 'app');
    budgets.push({
      name: `the first evaluation's feedback ≤ ${BUDGETS.clickAt1000Ms} ms at 1,000 elements`,
      ok: first !== undefined && first <= BUDGETS.clickAt1000Ms,
      detail: first === undefined ? 'not measured' : `${fmtClick(first)} (the floor's ${fmtClick(firstClickMedian(at1000, 'floor'))})`,
    });
  }
  {
    const clicked = sizes.flatMap((s) => loads(s, 'app').filter((l) => l.status === 'ok' && (l.clicksMs?.length || l.clickError)));
    const lost = clicked.filter((l) => l.clickError);
    budgets.push({
      name: 'every measured press of the app brings its feedback',
      ok: lost.length === 0,
      detail: lost.length ? `${lost.length} of ${clicked.length} app loads without: ${lost[0].clickError}` : `${clicked.length} app loads`,
    });
  }
  const measured = sizes.filter((s) => clickMedian(s, 'app') !== undefined);
  if (sizes.length >= 2) {
    const smallest = sizes[0];
    const largest = sizes[sizes.length - 1];
    const small = clickMedian(smallest, 'app');
    const large = clickMedian(largest, 'app');
    const limit = small === undefined ? undefined : small * BUDGETS.clickGrowthFactor + BUDGETS.clickGrowthSlackMs;
    budgets.push({
      name: `click → feedback not growing with page size: ${largest.size.toLocaleString('en')} ≤ ${BUDGETS.clickGrowthFactor} × ${smallest.size.toLocaleString('en')} + ${BUDGETS.clickGrowthSlackMs} ms`,
      ok: large !== undefined && limit !== undefined && large <= limit,
      detail: large === undefined || limit === undefined
        ? `not measured (measured at ${measured.map((s) => s.size).join(', ') || 'no size'})`
        : `${fmtMs(large)} vs allowed ${fmtMs(limit)}`,
    });
  }

  budgets.push({
    name: `first-route JavaScript ≤ ${BUDGETS.firstRouteJsGzip / 1024} KiB gzip`,
    ok: result.firstRouteJsGzip !== null && result.firstRouteJsGzip <= BUDGETS.firstRouteJsGzip,
    detail: result.firstRouteJsGzip === null ? 'not measured' : `${(result.firstRouteJsGzip / 1024).toFixed(1)} KiB`,
  });

  const appLoads = sizes.flatMap((s) => loads(s, 'app')).filter((l) => l.status === 'ok');
  const checked = appLoads.reduce((n, l) => n + (l.textResponses ?? 0), 0);
  const uncompressed = [...new Set(appLoads.flatMap((l) => l.uncompressed ?? []))];
  budgets.push({
    name: 'every JS, CSS, HTML and JSON response (≥ 1 KiB) served compressed',
    ok: checked > 0 && uncompressed.length === 0,
    detail: checked === 0 ? 'not measured' : uncompressed.length ? `${uncompressed.length} distinct paths uncompressed, e.g. ${uncompressed.slice(0, 3).join(', ')}` : `${checked} of ${checked}`,
  });

  if (result.ingest?.length) {
    const at200 = (database: IngestRow['database']) => result.ingest!.find((r) => r.database === database && r.learners === 200);
    const pg = at200('postgres');
    if (pg) {
      budgets.push({
        name: `ingest on PostgreSQL at 200 learners ≥ ${BUDGETS.ingestPostgresEventsPerSecond} events/s with p99 ≤ ${BUDGETS.ingestPostgresP99Ms} ms`,
        ok: pg.eventsPerSecond >= BUDGETS.ingestPostgresEventsPerSecond && pg.p99Ms <= BUDGETS.ingestPostgresP99Ms && pg.failed === 0,
        detail: `${pg.eventsPerSecond} events/s, p99 ${fmtMs(pg.p99Ms)}, ${pg.failed} failed`,
      });
    }
    const outbox = at200('postgres-xapi');
    if (outbox) {
      budgets.push({
        name: `ingest on PostgreSQL with the xAPI outbox on at 200 learners ≥ ${BUDGETS.ingestPostgresEventsPerSecond} events/s`,
        ok: outbox.eventsPerSecond >= BUDGETS.ingestPostgresEventsPerSecond && outbox.failed === 0,
        detail: `${outbox.eventsPerSecond} events/s, p99 ${fmtMs(outbox.p99Ms)}, ${outbox.failed} failed`,
      });
    }
    const lite = at200('pglite');
    if (lite) {
      budgets.push({
        name: `ingest on PGlite at 200 learners p99 ≤ ${BUDGETS.ingestPgliteP99Ms} ms, /api/health p99 ≤ ${BUDGETS.ingestHealthP99Ms} ms`,
        ok: lite.p99Ms <= BUDGETS.ingestPgliteP99Ms && (lite.healthP99Ms ?? Infinity) <= BUDGETS.ingestHealthP99Ms && lite.failed === 0,
        detail: `p99 ${fmtMs(lite.p99Ms)}, health p99 ${fmtMs(lite.healthP99Ms)}, ${lite.failed} failed`,
      });
    }
  }
  return budgets;
}
