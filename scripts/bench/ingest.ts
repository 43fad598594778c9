/**
 * Tracking ingest: how many userdata events per second the real server acknowledges while 10/50/200
 * learners send batches the way the client does, on PGlite and PostgreSQL, beside a bare node:http
 * server that acknowledges without storing (the floor: what this machine's HTTP and load generator
 * allow at all).
 *
 *   npx tsx scripts/bench/ingest.ts [--learners 10,50,200] [--duration 10000] [--warmup 2000]
 *                                   [--databases floor,pglite,postgres,postgres-xapi] [--database-url URL] [--server-root DIR]
 *                                   [--events-per-batch 3] [--log-level warn] [--server-node-args '--cpu-prof'] [--json]
 *
 * PostgreSQL runs when a URL is given (`--database-url`, else TEST_DATABASE_URL or BENCH_DATABASE_URL;
 * `eval "$(bash scripts/pg-test-db.sh)"` starts a throw-away one): the bench creates a database of its
 * own there and drops it afterwards. PGlite gets a fresh data dir in the temp dir. `postgres-xapi` is
 * PostgreSQL with learning records on (docs/xapi.md): every change also writes its statements to the
 * outbox, and the server's sender drains it into an LRS played by a floor server (it answers 200).
 *
 * Each learner is one loop, as src/tracking/sendBatch.ts and machines/tracking.ts behave under a
 * steady stream of changes: one request in flight, the next batch 200 ms (the debounce) after the
 * acknowledgement; a batch holds a few events, each with a fresh random id. The learners run in a
 * child process (the load generator), so they never share a thread with the server; this process
 * polls `/api/health` every 50 ms during the measured window. Requests that start in the window
 * (after the warm-up) count: events/s is the events acknowledged by answers that arrived in the
 * window, p50/p99 the latency of every request started in it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type IngestRow = {
  /** `postgres-xapi`: PostgreSQL with learning records on (XAPI_ENDPOINT: statements written to the outbox with every change and sent to a sink). */
  database: 'pglite' | 'postgres' | 'postgres-xapi' | 'floor';
  learners: number;
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  healthP99Ms?: number;
  failed: number;
};

export interface IngestOptions {
  /** Learner counts, in order (default 10, 50, 200). */
  learners?: number[];
  /** Which targets run (default floor, pglite, and postgres when a URL is known). */
  databases?: IngestRow['database'][];
  /** Measured window per level in ms (default 10,000). */
  durationMs?: number;
  /** Warm-up before the window per level in ms (default 2,000). */
  warmupMs?: number;
  /** PostgreSQL server to create the bench database on (default TEST_DATABASE_URL, then BENCH_DATABASE_URL). */
  databaseUrl?: string;
  /** Events per batch (default 3). */
  eventsPerBatch?: number;
  /** The debounce between an acknowledgement and the next batch (default 200 ms, as the client). */
  debounceMs?: number;
  /** The checkout whose server is measured (default this one; another worktree measures a before/after). */
  serverRoot?: string;
  /** LOG_LEVEL of the server (default: the server's own default). */
  logLevel?: string;
  /** Extra node arguments for the server process (e.g. `--cpu-prof`). */
  serverNodeArgs?: string[];
  /** Progress lines (default: stderr). */
  log?: (line: string) => void;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const SELF = fileURLToPath(import.meta.url);

/** Question ids of the bench material (each with two choices). */
const QUESTIONS = Array.from({ length: 8 }, (_, i) => `bench-q${i + 1}`);

function benchMaterial(): object {
  return {
    modelName: 'Material',
    id: 'bench-ingest',
    publicId: 'bench-ingest',
    title: 'Ingest bench',
    content: [
      {
        modelName: 'Chapter',
        id: 'bench-ch1',
        publicId: 'bench-ch1',
        title: 'Questions',
        content: QUESTIONS.map((id) => ({
          modelName: 'ChoiceQuestion',
          id,
          type: 'sc',
          question: `<p>Question ${id}?</p>`,
          choices: [
            { id: `${id}-a`, text: 'A', correct: true },
            { id: `${id}-b`, text: 'B', correct: false },
          ],
        })),
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Processes

interface Child {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startNode(script: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, nodeArgs: string[] = []): Child {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(proc: Child, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpMatchArray> {
  const until = Date.now() + timeoutMs;
  let ended = false;
  void proc.exited.then(() => (ended = true));
  for (;;) {
    const match = pattern.exec(proc.output());
    if (match) return match;
    if (ended) throw new Error(`process ended before ${pattern}:\n${proc.output()}`);
    if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}:\n${proc.output()}`);
    await sleep(25);
  }
}

async function runToEnd(script: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  const proc = startNode(script, args, env, cwd);
  const code = await proc.exited;
  if (code !== 0) throw new Error(`${path.basename(script)} ${args.join(' ')} exited with ${code}:\n${proc.output()}`);
  return proc.output();
}

async function stop(proc: Child): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  await proc.exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// HTTP

function request(agent: http.Agent, origin: string, method: string, urlPath: string, body?: string, timeoutMs = 30_000): Promise<{ status: number; text: string }> {
  const url = new URL(urlPath, origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        method,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------
// The load generator (child process: `ingest.ts --load CONFIG_JSON`, prints one JSON line)

interface LoadConfig {
  origin: string;
  shareId: string;
  guests: string[];
  warmupMs: number;
  durationMs: number;
  eventsPerBatch: number;
  debounceMs: number;
}

interface LoadResult {
  latencies: number[];
  ackedEvents: number;
  failed: number;
  failures: string[];
}

function batchOf(config: LoadConfig, guestSessionId: string, step: number): string {
  const events = [];
  for (let i = 0; i < config.eventsPerBatch; i++) {
    const question = QUESTIONS[(step + i) % QUESTIONS.length];
    const kind = (step * config.eventsPerBatch + i) % 3;
    const base = { id: randomBytes(16).toString('base64url'), at: Date.now(), metadata: { shareId: config.shareId, guestSessionId } };
    if (kind === 0) events.push({ ...base, metadata: { ...base.metadata, modelName: 'ChoiceQuestion', id: question }, data: { selected: [`${question}-${step % 2 ? 'a' : 'b'}`] } });
    else if (kind === 1) events.push({ ...base, metadata: { ...base.metadata, modelName: 'ChoiceQuestion', id: question }, data: { evaluated: true } });
    else events.push({ ...base, metadata: { ...base.metadata, modelName: 'Chapter', id: 'bench-ch1' }, data: { progress: round(Math.random(), 3) } });
  }
  return JSON.stringify({ events });
}

async function runLoad(config: LoadConfig): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const start = performance.now();
  const windowStart = start + config.warmupMs;
  const windowEnd = windowStart + config.durationMs;
  const result: LoadResult = { latencies: [], ackedEvents: 0, failed: 0, failures: [] };

  const learner = async (guestSessionId: string) => {
    // Learners do not start in lockstep.
    await sleep(Math.random() * config.debounceMs);
    for (let step = 0; performance.now() < windowEnd; step++) {
      const body = batchOf(config, guestSessionId, step);
      const sent = performance.now();
      const counts = sent >= windowStart;
      let ok = false;
      let acked = 0;
      try {
        const res = await request(agent, config.origin, 'POST', '/api/userdata', body);
        ok = res.status === 200;
        if (ok) acked = (JSON.parse(res.text) as { data: { acknowledged: string[] } }).data.acknowledged.length;
        else if (result.failures.length < 5) result.failures.push(`${res.status} ${res.text.slice(0, 200)}`);
      } catch (error) {
        if (result.failures.length < 5) result.failures.push((error as Error).message);
      }
      const done = performance.now();
      if (counts) {
        result.latencies.push(done - sent);
        if (!ok) result.failed++;
        if (done <= windowEnd) result.ackedEvents += acked;
      }
      // A failure is retried after a second (the client's first backoff step), else the debounce.
      await sleep(ok ? config.debounceMs : 1000);
    }
  };
  await Promise.all(config.guests.map((g) => learner(g)));
  agent.destroy();
  return result;
}

// ---------------------------------------------------------------------------------------------
// The floor: a bare node:http server that acknowledges without storing (`ingest.ts --floor`)

function runFloor(): void {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let answer: unknown = { ok: true };
      if (req.url === '/api/userdata') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { events: { id: string }[] };
        const acknowledged = body.events.map((e) => e.id);
        answer = { data: { acknowledged, stored: acknowledged.length, duplicates: 0 } };
      } else if (req.url === '/api/guest') {
        answer = { data: { publicId: randomBytes(18).toString('base64url'), name: 'x', issueDate: new Date().toISOString() } };
      }
      const text = JSON.stringify(answer);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`floor listening on http://localhost:${typeof address === 'object' && address ? address.port : 0}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------
// The harness

interface Target {
  origin: string;
  shareId: string;
  close(): Promise<void>;
}

async function startFloor(): Promise<Target> {
  const proc = startNode(SELF, ['--floor'], process.env, ROOT);
  const origin = (await waitForOutput(proc, /listening on (http:\/\/localhost:\d+)/))[1];
  return { origin, shareId: 'floor-share-0000000000000', close: () => stop(proc) };
}

async function startServer(options: { root: string; database: 'pglite' | 'postgres' | 'postgres-xapi'; databaseUrl?: string; logLevel?: string; nodeArgs?: string[]; log: (l: string) => void }): Promise<Target> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-bench-ingest-'));
  const materialFile = path.join(temp, 'material.json');
  fs.writeFileSync(materialFile, JSON.stringify(benchMaterial()));
  fs.mkdirSync(path.join(temp, 'content'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(temp, 'data'),
    CONTENT_DIR: path.join(temp, 'content'),
    PORT: '0',
    HOST: '127.0.0.1',
    INIT_CWD: options.root,
    DATABASE_URL: undefined,
    LOG_LEVEL: options.logLevel,
  };
  let dropDatabase = async () => {};
  let lrs: Target | null = null;
  if (options.database === 'postgres-xapi') {
    lrs = await startFloor();
    env.XAPI_ENDPOINT = `${lrs.origin}/xapi/`;
    env.PUBLIC_ORIGIN = 'https://bench.example';
  }
  if (options.database === 'postgres' || options.database === 'postgres-xapi') {
    if (!options.databaseUrl) throw new Error('PostgreSQL needs a URL');
    const name = `lernwerk_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
    const pg = (await import('pg')).default;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const url = new URL(options.databaseUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  const out = await runToEnd(path.join(options.root, 'server/cli/import.ts'), [materialFile, '--share', 'guest'], env, options.root);
  const shareId = /\/s\/([A-Za-z0-9_-]+)\//.exec(out)?.[1];
  if (!shareId) throw new Error(`no share link in the import's output:\n${out}`);
  const server = startNode(path.join(options.root, 'server/main.ts'), [], env, options.root, options.nodeArgs);
  const origin = (await waitForOutput(server, /listening on (http:\/\/localhost:\d+)/))[1];
  options.log(`${options.database} server at ${origin}, share ${shareId}`);
  return {
    origin,
    shareId,
    close: async () => {
      await stop(server);
      await lrs?.close();
      await dropDatabase().catch((error: unknown) => options.log(`dropping the bench database failed: ${(error as Error).message}`));
      fs.rmSync(temp, { recursive: true, force: true });
    },
  };
}

async function createGuests(target: Target, count: number): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true });
  const guests: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const res = await request(agent, target.origin, 'POST', '/api/guest', JSON.stringify({ name: `Learner ${i + 1}`, publicId: target.shareId }));
      if (res.status !== 200) throw new Error(`POST /api/guest answered ${res.status}: ${res.text}`);
      guests.push((JSON.parse(res.text) as { data: { publicId: string } }).data.publicId);
    }
  } finally {
    agent.destroy();
  }
  return guests;
}

/** Polls GET /api/health every 50 ms (each poll on its own, so a stall shows as many slow polls) until stopped. */
function pollHealth(origin: string, startAfterMs: number): { stop: () => Promise<number[]> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  const begin = setTimeout(() => {
    timer = setInterval(() => {
      const sent = performance.now();
      const poll = request(agent, origin, 'GET', '/api/health', undefined, 60_000)
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          latencies.push(performance.now() - sent);
          inFlight.delete(poll);
        });
      inFlight.add(poll);
    }, 50);
  }, startAfterMs);
  return {
    stop: async () => {
      clearTimeout(begin);
      if (timer) clearInterval(timer);
      await Promise.all([...inFlight]);
      agent.destroy();
      return latencies;
    },
  };
}

async function measureLevel(target: Target, database: IngestRow['database'], guests: string[], options: Required<Pick<IngestOptions, 'durationMs' | 'warmupMs' | 'eventsPerBatch' | 'debounceMs'>>, log: (l: string) => void): Promise<IngestRow> {
  const config: LoadConfig = { origin: target.origin, shareId: target.shareId, guests, ...options };
  const load = startNode(SELF, ['--load', JSON.stringify(config)], process.env, ROOT);
  const health = pollHealth(target.origin, options.warmupMs);
  const code = await load.exited;
  const healthLatencies = (await health.stop()).sort((a, b) => a - b);
  const line = load.output().split('\n').find((l) => l.startsWith('{"latencies"'));
  if (code !== 0 || !line) throw new Error(`the load generator failed (${code}):\n${load.output()}`);
  const result = JSON.parse(line) as LoadResult;
  if (result.failures.length) log(`${database}/${guests.length}: failures, e.g. ${result.failures.join(' | ')}`);
  const latencies = result.latencies.sort((a, b) => a - b);
  return {
    database,
    learners: guests.length,
    eventsPerSecond: Math.round(result.ackedEvents / (options.durationMs / 1000)),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    healthP99Ms: healthLatencies.length ? round(percentile(healthLatencies, 99)) : undefined,
    failed: result.failed,
  };
}

/** Runs every target at every learner count and answers one row each. */
export async function measureIngest(options: IngestOptions = {}): Promise<IngestRow[]> {
  const log = options.log ?? ((line: string) => process.stderr.write(`ingest: ${line}\n`));
  const learners = options.learners ?? [10, 50, 200];
  const databaseUrl = options.databaseUrl ?? process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  const databases = options.databases ?? (databaseUrl ? ['floor', 'pglite', 'postgres', 'postgres-xapi'] : ['floor', 'pglite']);
  const levelOptions = {
    durationMs: options.durationMs ?? 10_000,
    warmupMs: options.warmupMs ?? 2_000,
    eventsPerBatch: options.eventsPerBatch ?? 3,
    debounceMs: options.debounceMs ?? 200,
  };
  const root = path.resolve(options.serverRoot ?? ROOT);
  const rows: IngestRow[] = [];
  for (const database of databases) {
    if ((database === 'postgres' || database === 'postgres-xapi') && !databaseUrl) {
      log('postgres skipped: no database URL (TEST_DATABASE_URL, BENCH_DATABASE_URL or --database-url)');
      continue;
    }
    const target = database === 'floor' ? await startFloor() : await startServer({ root, database, databaseUrl, logLevel: options.logLevel, nodeArgs: options.serverNodeArgs, log });
    try {
      const guests = await createGuests(target, Math.max(...learners));
      for (const count of learners) {
        const row = await measureLevel(target, database, guests.slice(0, count), levelOptions, log);
        log(JSON.stringify(row));
        rows.push(row);
      }
    } finally {
      await target.close();
    }
  }
  return rows;
}

/** The rows as a Markdown table. */
export function formatIngestTable(rows: readonly IngestRow[]): string {
  const lines = ['| database | learners | events/s | p50 ms | p99 ms | /api/health p99 ms | failed |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.database} | ${r.learners} | ${r.eventsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.healthP99Ms ?? ''} | ${r.failed} |`);
  return lines.join('\n');
}

async function cli(argv: string[]): Promise<void> {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({
    args: argv,
    options: {
      learners: { type: 'string' },
      databases: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'database-url': { type: 'string' },
      'events-per-batch': { type: 'string' },
      'server-root': { type: 'string' },
      'log-level': { type: 'string' },
      'server-node-args': { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const rows = await measureIngest({
    learners: values.learners?.split(',').map(Number),
    databases: values.databases?.split(',') as IngestRow['database'][] | undefined,
    durationMs: values.duration ? Number(values.duration) : undefined,
    warmupMs: values.warmup ? Number(values.warmup) : undefined,
    databaseUrl: values['database-url'],
    eventsPerBatch: values['events-per-batch'] ? Number(values['events-per-batch']) : undefined,
    serverRoot: values['server-root'],
    logLevel: values['log-level'],
    serverNodeArgs: values['server-node-args']?.split(' ').filter(Boolean),
  });
  console.log(values.json ? JSON.stringify(rows) : formatIngestTable(rows));
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const [mode, arg] = process.argv.slice(2);
  if (mode === '--floor') runFloor();
  else if (mode === '--load') {
    runLoad(JSON.parse(arg) as LoadConfig).then(
      (result) => console.log(JSON.stringify({ latencies: result.latencies, ackedEvents: result.ackedEvents, failed: result.failed, failures: result.failures })),
      (error: unknown) => {
        console.error(error);
        process.exitCode = 1;
      },
    );
  } else {
    cli(process.argv.slice(2)).catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exitCode = 1;
    });
  }
}
