import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { e2ePort, suiteDataDir } from './e2e/support/e2ePort';
import { CHROMIUM_ARGS } from './scripts/chromiumArgs';

/**
 * End-to-end tests in Debian's Chromium against the real server, compiled as production runs it
 * (`node dist/server/main.js`), started fresh for every run on a free port with an empty embedded
 * database in `.cache/e2e-data/suite-PORT`, so it loads the demo content anew (its shares: `GET /api/admin/demo-shares`,
 * see e2e/support/demoShares.ts). The client must be built first (`npm run build`; `npm test` does it);
 * the server is built here when dist/server is missing or older than its sources.
 */
const chromium = '/usr/bin/chromium';
/**
 * `E2E_PORT` when set; otherwise a free port, chosen here in the runner and put into process.env.E2E_PORT, so
 * the workers (which evaluate this file again, in processes forked with the runner's environment) use the same.
 * Two runs (two developers, or a developer and CI) never meet on a port.
 */
const port = e2ePort();
const origin = `http://127.0.0.1:${port}`;
/**
 * The node that runs the suite's server: `E2E_NODE` (a path, or a command found on PATH), else `node` from PATH.
 * `npm test` runs the suite under the pinned Node 24 of ci/node24 (docs/tests.md): it sets E2E_NODE to that binary.
 */
const serverNode = process.env.E2E_NODE || 'node';
/** `value` as one word of a POSIX shell command. */
const shellWord = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}. Install it with: apt-get install -y chromium`);
}
if (!existsSync('dist/client/index.html')) {
  throw new Error('No client build in dist/client. Build it first: npm run build');
}
// Once, in the runner (workers load this file again with TEST_WORKER_INDEX set): esbuild, about a second, when stale.
if (!process.env.TEST_WORKER_INDEX) {
  execFileSync(process.execPath, ['scripts/server-build.mjs', '--if-stale', '--quiet'], { stdio: 'inherit' });
}

/** Debian's Chromium, as every browser test runs in. */
const inChromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromium,
    args: CHROMIUM_ARGS,
  },
};

export default defineConfig({
  // The root of test titles and report paths (the projects name their own test dirs).
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.cache/test-reports/playwright.json' }]],
  use: {
    baseURL: origin,
    screenshot: 'on',
    // Recording a trace of every test took a quarter of the suite's time (the DOM snapshotted at every action) for the
    // few that fail: a failing test is run again with `--trace on` (docs/tests.md).
    trace: 'off',
    video: 'off',
  },
  // Two test dirs, one browser: the e2e specs, and the browser suites of tests/security (whose *.test.ts are
  // vitest's). A project each, so the e2e specs keep their names and output paths.
  projects: [
    { name: 'chromium', testDir: 'e2e', use: inChromium },
    { name: 'security', testDir: 'tests/security', use: inChromium },
  ],
  webServer: {
    // A new, empty data dir per run, named by its port (a concurrent run, on other ports, never wipes this one's), removed when the server stops.
    // The compiled server, as `npm start` runs it (under E2E_NODE when set).
    command:
      `dir='${suiteDataDir(port)}' && rm -rf "$dir" && mkdir -p "$dir" && trap 'rm -rf "$dir"' EXIT INT TERM && ` +
      `DATA_DIR="$dir" ${shellWord(serverNode)} --enable-source-maps dist/server/main.js`,
    url: `${origin}/api/health`,
    env: { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
