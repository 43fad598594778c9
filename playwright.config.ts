import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server (`server/main.ts`), started fresh for every
 * run on port 3100 with an empty embedded database in `.cache/e2e-data`, so it loads the demo content anew.
 * The client must be built first (`npm run build`; `npm test` does it).
 */
const chromium = '/usr/bin/chromium';
const port = 3100;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.cache/e2e-data';

if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}. Install it with: apt-get install -y chromium`);
}
if (!existsSync('dist/client/index.html')) {
  throw new Error('No client build in dist/client. Build it first: npm run build');
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
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
    trace: 'retain-on-failure',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // `exec` makes node the process Playwright signals; `node --import tsx` runs in one process (the tsx CLI forks).
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && exec node --import tsx server/main.ts`,
    url: `${origin}/api/health`,
    // Contract with server/main.ts: it prints "Demo material: …/s/{id}/" and "Demo collection: …/s/{id}/" on start.
    // The named groups land in process.env (LERNWERK_DEMO_MATERIAL, LERNWERK_DEMO_COLLECTION) for the tests;
    // lookaheads, so other lines may come between or before them.
    wait: {
      stdout:
        /^(?=[\s\S]*Demo material:\s+\S*\/s\/(?<lernwerk_demo_material>[^/\s]+)\/)(?=[\s\S]*Demo collection:\s+\S*\/s\/(?<lernwerk_demo_collection>[^/\s]+)\/)/,
    },
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
