/**
 * `npm run bench -- lighthouse`: Lighthouse (12.2.3, its defaults: a phone's form factor, simulated slow 4G
 * and a CPU 4× slower) on the demo's pages served by the real server on a fresh data dir (issue 28): the
 * material page, its longest chapter, the collection and the collection's catalogue (material search).
 * Each page once as the first visit after the server's start, then three warm runs per page (the median
 * is printed). Prints a Markdown table; writes it to .cache/bench/lighthouse.md and every report (JSON)
 * to .cache/bench/lighthouse/. Never part of `npm test`; exits 1 when a warm page misses performance 95,
 * accessibility 100 or best practices 100.
 *
 *   npm run bench -- lighthouse [--no-build] [--runs 3] [--pages material,chapter,collection,catalogue] [--keep]
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildClient, demoLinks, freePort, ROOT, startServer, type RunningServer } from './appServer';
import { CHROMIUM_ARGS } from './browser';
import { median } from './report';

const USAGE = `Usage: npm run bench -- lighthouse [--no-build] [--runs N] [--pages LIST] [--keep]

  --no-build     use the last bench build (.cache/bench/client) instead of building
  --runs N       warm runs per page after the first visit (default 3; the median is printed)
  --pages LIST   of material, chapter, collection, catalogue (default all)
  --keep         keep the temporary data dir`;

const CACHE = path.join(ROOT, '.cache', 'bench');
const PAGES = ['material', 'chapter', 'collection', 'catalogue'] as const;
type PageName = (typeof PAGES)[number];
/** The demo material's longest chapter (content/demo-material.json), addressed as the app links it. */
export const LONG_CHAPTER = 'vom-grundwasser-zum-hahn/';
/** What every warm page must reach (issue 28). */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, bestPractices: 100 } as const;

const log = (line: string) => console.log(`bench: ${line}`);

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  tti: number;
  speedIndex: number;
  cls: number;
}

/** The demo's page addresses. */
function pageUrls(server: RunningServer): Record<PageName, string> {
  const { material, collection } = demoLinks(server);
  return { material, chapter: `${material}${LONG_CHAPTER}`, collection, catalogue: `${collection}materials` };
}

const score = (lhr: { categories: Record<string, { score: number | null } | undefined> }, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

async function runOnce(url: string, port: number, save: string): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  writeFileSync(save, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    tti: audit('interactive'),
    speedIndex: audit('speed-index'),
    cls: audit('cumulative-layout-shift'),
  };
}

/** The median of each figure over the runs. */
function medianOf(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const keys = Object.keys(runs[0]) as (keyof LighthouseFigures)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((r) => r[key]))])) as unknown as LighthouseFigures;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function lighthouseTable(rows: readonly { page: string; visit: string; figures: LighthouseFigures }[]): string {
  const lines = [
    '| page | visit | performance | accessibility | best practices | FCP | LCP | TBT | TTI | Speed Index | CLS |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const { page, visit, figures: f } of rows) {
    lines.push(
      `| ${page} | ${visit} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${seconds(f.fcp)} | ${seconds(f.lcp)} | ${Math.round(f.tbt)} ms | ${seconds(f.tti)} | ${seconds(f.speedIndex)} | ${f.cls.toFixed(3)} |`,
    );
  }
  return lines.join('\n');
}

export async function runLighthouseBench(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { 'no-build': { type: 'boolean' }, runs: { type: 'string' }, pages: { type: 'string' }, keep: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const runs = Number(values.runs ?? 3);
  const pages = (values.pages?.split(',').map((p) => p.trim()) ?? [...PAGES]) as PageName[];
  if (!Number.isInteger(runs) || runs < 1 || pages.some((p) => !PAGES.includes(p))) {
    console.error(`--runs is a whole number ≥ 1; --pages a list of ${PAGES.join(', ')}\n\n${USAGE}`);
    return 2;
  }

  const clientDir = path.join(CACHE, 'client');
  if (!values['no-build'] || !existsSync(path.join(clientDir, 'index.html'))) {
    log(`building the client into ${path.relative(ROOT, clientDir)} (vite build) …`);
    await buildClient(clientDir);
  }
  const reports = path.join(CACHE, 'lighthouse');
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const temp = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  let server: RunningServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    log('starting the server on a fresh data dir (the demo loads) …');
    server = await startServer({ dataDir: path.join(temp, 'data'), port: await freePort(), clientDir });
    const urls = pageUrls(server);
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    const rows: { page: string; visit: string; figures: LighthouseFigures }[] = [];
    const warm = new Map<PageName, LighthouseFigures[]>(pages.map((p) => [p, []]));
    for (const page of pages) {
      log(`${page}: first visit (${urls[page]})`);
      rows.push({ page, visit: 'first', figures: await runOnce(urls[page], chrome.port, path.join(reports, `${page}-first.json`)) });
    }
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        log(`${page}: warm run ${run} of ${runs}`);
        warm.get(page)!.push(await runOnce(urls[page], chrome.port, path.join(reports, `${page}-warm-${run}.json`)));
      }
    }
    for (const page of pages) rows.push({ page, visit: `warm (median of ${runs})`, figures: medianOf(warm.get(page)!) });
    const table = lighthouseTable(rows);
    const header = `Lighthouse 12.2.3, mobile (simulated slow 4G, 4× CPU), ${new Date().toISOString()}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`;
    console.log(`\n${header}\n\n${table}\n`);
    writeFileSync(path.join(CACHE, 'lighthouse.md'), `${header}\n\n${table}\n`);
    const missed = pages.filter((page) => {
      const f = rows.find((r) => r.page === page && r.visit !== 'first')!.figures;
      return f.performance < LIGHTHOUSE_TARGETS.performance || f.accessibility < LIGHTHOUSE_TARGETS.accessibility || f.bestPractices < LIGHTHOUSE_TARGETS.bestPractices;
    });
    if (missed.length) {
      console.log(`Below performance ${LIGHTHOUSE_TARGETS.performance} / accessibility 100 / best practices 100 when warm: ${missed.join(', ')}`);
      return 1;
    }
    console.log('Every page meets its targets when warm.');
    return 0;
  } finally {
    await chrome?.kill();
    await server?.stop();
    if (values.keep) log(`kept ${temp}`);
    else rmSync(temp, { recursive: true, force: true });
  }
}
