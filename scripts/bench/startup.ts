/**
 * Start-up times of the real server as a child process: a fresh data dir (database created, demo
 * loaded) and a restart on the same dir, several rounds, medians.
 *
 *   npx tsx scripts/bench/startup.ts [--runs 5] [--server dist|tsx] [--root DIR]
 *
 * `dist` runs `node dist/server/main.js` (build it first: `npm run build:server`); `tsx` runs
 * `node --import tsx server/main.ts` (the way the server ran before it was compiled). `--root` measures
 * another checkout (e.g. a `git worktree` of an older commit with node_modules linked).
 * Measured from the spawn: "health" = the first 200 of /api/health, "demo" = the demo material's page
 * (GET / follows its redirect to the share page, 200 with the page HTML), and the CPU time the server
 * process (all its threads) had used by then. The machine is shared: read medians, the load average
 * printed with them, and the CPU times, which the load changes far less than the wall-clock times.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, ROOT } from './appServer';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, server: { type: 'string', default: 'dist' }, root: { type: 'string' } },
});
const runs = Number(values.runs);
const root = path.resolve(values.root ?? ROOT);
const command = values.server === 'tsx' ? ['--import', 'tsx', 'server/main.ts'] : ['dist/server/main.js'];

interface Timing {
  health: number;
  demo: number;
  reported: number | null;
  /** CPU time (user + system, all threads) the server process had used when the demo page answered: what the machine's load does not change much. */
  cpu: number | null;
}

/** CPU time of a process in ms from /proc (Linux), or null. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

async function ok(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function startOnce(dataDir: string): Promise<Timing> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const gone = new Promise<void>((resolve) => child.once('close', () => resolve()));
  try {
    let health = 0;
    while (!(await ok(`${origin}/api/health`))) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      if (performance.now() - started > 180_000) throw new Error(`no answer within 180 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    health = performance.now() - started;
    // The demo page: GET / redirects to the demo material's share once it is loaded.
    for (;;) {
      const first = await fetch(`${origin}/`, { redirect: 'manual' }).catch(() => null);
      const location = first?.headers.get('location');
      if (location && (await ok(`${origin}${location}`))) break;
      if (performance.now() - started > 180_000) throw new Error(`no demo within 180 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    const demo = performance.now() - started;
    const cpu = cpuMs(child.pid);
    await waitFor(() => /started in (\d+) ms/.test(output), 10_000);
    const reported = /started in (\d+) ms/.exec(output);
    return { health, demo, reported: reported ? Number(reported[1]) : null, cpu };
  } finally {
    child.kill('SIGTERM');
    await gone;
  }
}

async function waitFor(probe: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!probe() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const fresh: Timing[] = [];
const restart: Timing[] = [];
const loads: number[] = [];
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-startup-'));
try {
  for (let i = 0; i < runs; i++) {
    const dataDir = path.join(base, `run-${i}`);
    loads.push(os.loadavg()[0]);
    fresh.push(await startOnce(dataDir));
    restart.push(await startOnce(dataDir));
    const f = fresh[fresh.length - 1];
    const r = restart[restart.length - 1];
    console.log(
      `run ${i + 1}: fresh health ${fmt(f.health)}, demo ${fmt(f.demo)} (server says ${f.reported} ms, CPU ${fmt(f.cpu ?? NaN)}); ` +
        `restart health ${fmt(r.health)}, demo ${fmt(r.demo)} (${r.reported} ms, CPU ${fmt(r.cpu ?? NaN)}); load ${os.loadavg()[0].toFixed(2)}`,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}
console.log(
  `\n${values.server} (${root}), ${runs} runs, median: fresh data dir: /api/health ${fmt(median(fresh.map((t) => t.health)))}, demo page ${fmt(median(fresh.map((t) => t.demo)))}; ` +
    `restart: /api/health ${fmt(median(restart.map((t) => t.health)))}, demo page ${fmt(median(restart.map((t) => t.demo)))}; ` +
    `server CPU until the demo page: fresh ${fmt(median(fresh.map((t) => t.cpu ?? NaN)))}, restart ${fmt(median(restart.map((t) => t.cpu ?? NaN)))}; ` +
    `load average (1 min) median ${median(loads).toFixed(2)}, ${os.cpus().length} CPUs`,
);
