/**
 * `npm run bench -- fleet`: capacity of a fleet (issue 23, item 8). A class starting together — N
 * learners opening the same guest share within the ramp, then each answering a question about every
 * 10 s — against 1, 2, 3 … compiled servers behind HAProxy on PostgreSQL 15 (scripts/fleet), and
 * against the floor (scripts/bench/fleetFloor.ts: the same HAProxy before a server that answers the
 * same sizes instantly) in the same run, so that the load generator's and the machine's own ceiling
 * is known. Not a timed test; nothing fails on a missed goal (exit code 0 unless the run breaks).
 *
 * Per target: start it; (first target only) record in Chromium what opening the course requests
 * (fleetOpening.ts); fetch each of those once (sizes for the floor, warm caches); start the load
 * generator(s) (fleetLoad.ts, child processes) on a common start time; sample CPU (/proc) at the
 * start, the end of the ramp and the end, PostgreSQL's activity every second, HAProxy's stats at the
 * end; stop it. The report goes to stdout, .cache/bench/fleet.md and .cache/bench/fleet.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FleetBalancer } from '../fleet/balancer';
import { ROOT, startFleet } from '../fleet/fleet';
import { applyTuning, describeTuning, type BalancerTuning } from './fleetBalancerTuning';
import { cpuBetween, sampleCpu, type CpuGroup, type CpuSample } from './fleetCpu';
import { DatabaseSampler } from './fleetDatabase';
import { listenCounters, listenCountersBetween, type ListenCounters } from './fleetNetstat';
import { startFloor } from './fleetFloor';
import { LOAD_SCRIPT, RESULT_PREFIX, type LoadConfig, type LoadResult, type TimedKind } from './fleetLoad';
import { forShare, openingPaths, recordOpening, type Opening, type OpeningModel } from './fleetOpening';
import { formatFleetReport, limitOf, PAGE_P99_GOAL_MS, type BalancerEvidence, type FleetBenchResult, type TargetResult } from './fleetReport';
import { probeResponses, validatorsOf, type ResponseShape } from './fleetResponses';
import { kindStats, mergeRecords, type Window } from './fleetStats';

const USAGE = `Usage: npm run bench -- fleet [OPTIONS]

A class starting together against 1, 2, 3 … servers behind HAProxy on PostgreSQL 15, and against a
floor (the same HAProxy before a bare server answering the same sizes instantly), in one run.

  --learners N        learners (default 3000)
  --ramp S            seconds over which they arrive and open the course (default 60)
  --answer-every S    seconds between a learner's answers, start to start, ×0.5–1.5 (default 10)
  --duration S        seconds of steady state after the ramp (default 60)
  --servers LIST      server counts (default 1,2,3)
  --warm              model returning browsers (service worker and HTTP cache warm: 4 requests
                      per opening) instead of a first visit (default: cold, every file fetched)
  --generators N      load generator processes (default 1)
  --balancer-maxconn N   what if: HAProxy's global maxconn N instead of the reference config's
  --balancer-cache       what if: HAProxy caches what the servers mark cacheable (app files, images)
  --quick             300 learners, 15 s ramp, 20 s steady, servers 1,2
  --json              print the result as JSON instead of the table`;

const CACHE = path.join(ROOT, '.cache', 'bench');
const log = (line: string) => console.error(`bench fleet: ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Options {
  learners: number;
  rampS: number;
  answerEveryS: number;
  steadyS: number;
  servers: number[];
  cache: 'cold' | 'warm';
  generators: number;
  tuning: BalancerTuning;
  json: boolean;
}

function parseOptions(argv: string[]): Options | number {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        learners: { type: 'string' },
        ramp: { type: 'string' },
        'answer-every': { type: 'string' },
        duration: { type: 'string' },
        servers: { type: 'string' },
        warm: { type: 'boolean' },
        generators: { type: 'string' },
        'balancer-maxconn': { type: 'string' },
        'balancer-cache': { type: 'boolean' },
        quick: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const number = (text: string | undefined, fallback: number, name: string) => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got "${text}"`);
    return n;
  };
  const quick = values.quick ?? false;
  const servers = values.servers ? values.servers.split(',').map((s) => Math.round(number(s.trim(), 0, 'servers'))) : quick ? [1, 2] : [1, 2, 3];
  return {
    learners: Math.round(number(values.learners, quick ? 300 : 3000, 'learners')),
    rampS: number(values.ramp, quick ? 15 : 60, 'ramp'),
    answerEveryS: number(values['answer-every'], 10, 'answer-every'),
    steadyS: number(values.duration, quick ? 20 : 60, 'duration'),
    servers,
    cache: values.warm ? 'warm' : 'cold',
    generators: Math.round(number(values.generators, 1, 'generators')),
    tuning: { maxconn: values['balancer-maxconn'] ? Math.round(number(values['balancer-maxconn'], 0, 'balancer-maxconn')) : undefined, cache: values['balancer-cache'] ?? false },
    json: values.json ?? false,
  };
}

/** What a run measures against: the fleet's balancer or the floor's, and the processes whose CPU counts. */
interface Target {
  label: string;
  servers: number;
  origin: string;
  share: string;
  balancer: FleetBalancer;
  /** By name: app1, app2 … or floor; postgres (the postmaster, with its backends). */
  processes: CpuGroup[];
  databaseUrl?: string;
}

interface RunInput {
  opening: Opening;
  shapes: Record<string, ResponseShape>;
  options: Options;
  dir: string;
}

function materialIdOf(opening: Opening): string {
  const material = opening.flat().find((r) => r.kind === 'material');
  const id = material?.path.split('?')[0].split('/').pop();
  if (!id) throw new Error('The recorded opening requests no material (/api/material/SHARE/ID)');
  return id;
}

interface Generators {
  pids: number[];
  /** Tells every generator to start its learners at `startAt` (ms since 1970). */
  start(startAt: number): void;
  done: Promise<LoadResult[]>;
}

/** Starts the load generator(s) and resolves once each has loaded (printed READY). */
async function startGenerators(configs: Omit<LoadConfig, 'startAt'>[], dir: string): Promise<Generators> {
  const children = configs.map((config, i) => {
    const file = path.join(dir, `load-${i}.json`);
    fs.writeFileSync(file, JSON.stringify(config));
    const child = spawn(process.execPath, ['--import', 'tsx', LOAD_SCRIPT, file], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const ready = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.startsWith('READY\n')) resolve();
      }),
    );
    const done = new Promise<LoadResult>((resolve, reject) =>
      child.on('close', (code) => {
        const line = stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
        if (code === 0 && line) resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as LoadResult);
        else reject(new Error(`load generator ${i} ended with ${code}:\n${stderr.slice(-2000)}`));
      }),
    );
    return { child, ready, done };
  });
  const all = Promise.all(children.map((c) => c.done));
  await Promise.race([Promise.all(children.map((c) => c.ready)), all]);
  return {
    pids: children.map((c) => c.child.pid!),
    start: (startAt) => children.forEach((c) => c.child.stdin.end(`${startAt}\n`)),
    done: all,
  };
}

async function balancerEvidence(balancer: FleetBalancer): Promise<BalancerEvidence | null> {
  const stats = await balancer.stats().catch(() => null);
  if (!stats) return null;
  const lernwerk = stats.filter((s) => s.proxy === 'lernwerk');
  const field = (name: string, key: string) => Number(lernwerk.find((s) => s.name === name)?.fields[key] || 0);
  const servers = lernwerk.filter((s) => s.name !== 'FRONTEND' && s.name !== 'BACKEND');
  return {
    frontendMaxSessions: field('FRONTEND', 'smax'),
    frontendSessionLimit: field('FRONTEND', 'slim'),
    queueMax: Math.max(field('BACKEND', 'qmax'), ...servers.map((s) => Number(s.fields.qmax || 0))),
    serverMaxSessions: Math.max(0, ...servers.map((s) => Number(s.fields.smax || 0))),
    responses5xx: field('FRONTEND', 'hrsp_5xx'),
  };
}

const at = <T>(time: number, work: () => T) => sleep(time - Date.now()).then(work);
const sampleAll = (groups: CpuGroup[]): [CpuSample, ListenCounters] => [sampleCpu(groups), listenCounters()];

async function measure(target: Target, input: RunInput): Promise<TargetResult> {
  const { options } = input;
  const rampMs = options.rampS * 1000;
  const steadyMs = options.steadyS * 1000;
  const validators = Object.fromEntries(Object.entries(input.shapes).map(([p, shape]) => [p, validatorsOf(shape)]));
  const configs: Omit<LoadConfig, 'startAt'>[] = Array.from({ length: options.generators }, (_, part) => ({
    origin: target.origin,
    share: target.share,
    materialId: materialIdOf(input.opening),
    opening: input.opening,
    validators,
    learners: options.learners,
    part,
    of: options.generators,
    rampMs,
    steadyMs,
    answerEveryMs: options.answerEveryS * 1000,
    requestTimeoutMs: 30_000,
  }));
  log(`${target.label}: ${options.learners} learners over ${options.rampS} s, then ${options.steadyS} s steady …`);
  const generators = await startGenerators(configs, input.dir);
  const startAt = Date.now() + 500;
  generators.start(startAt);
  const groups: CpuGroup[] = [
    { name: 'generator', pids: generators.pids },
    { name: 'haproxy', pids: target.balancer.pid ? [target.balancer.pid] : [] },
    ...target.processes,
    { name: 'harness', pids: [process.pid] },
  ];
  const database = target.databaseUrl ? new DatabaseSampler(target.databaseUrl) : null;
  const sample = () => sampleAll(groups);
  const samples = Promise.all([at(startAt, sample), at(startAt + rampMs, sample), at(startAt + rampMs + steadyMs, sample)]);
  await sleep(startAt - Date.now());
  await database?.start();
  const [start, rampEnd, end] = await samples;
  const databaseEvidence = (await database?.stop()) ?? null;
  const results = await generators.done;
  const balancer = await balancerEvidence(target.balancer);

  const records = mergeRecords(results);
  const ramp: Window = [0, rampMs];
  const steady: Window = [rampMs, rampMs + steadyMs];
  // What the last answers started before the end send afterwards counts too (their rate does not).
  const whole: Window = [0, rampMs + steadyMs + 60_000];
  const kinds: TargetResult['kinds'] = {};
  for (const kind of Object.keys(records) as TimedKind[]) kinds[kind] = kindStats(records[kind], whole, [0, rampMs + steadyMs]);
  const requestKinds = (Object.keys(records) as TimedKind[]).filter((kind) => kind !== 'open' && kind !== 'answered');
  const requestsPerSecond = (window: Window) => Math.round(requestKinds.reduce((sum, kind) => sum + kindStats(records[kind], window).perSecond, 0));
  const partial = {
    target: target.label,
    servers: target.servers,
    requestsPerSecond: { ramp: requestsPerSecond(ramp), steady: requestsPerSecond(steady) },
    pagesPerSecond: kindStats(records.page, ramp).perSecond,
    answersPerSecond: kindStats(records.answered, steady).perSecond,
    kinds,
    errors: requestKinds.reduce((sum, kind) => sum + (kinds[kind]?.errors ?? 0), 0),
    cpu: { ramp: cpuBetween(start[0], rampEnd[0]), steady: cpuBetween(rampEnd[0], end[0]) },
    listenOverflows: { ramp: listenCountersBetween(start[1], rampEnd[1]).listenOverflows, steady: listenCountersBetween(rampEnd[1], end[1]).listenOverflows },
    generator: {
      processes: results.length,
      loopDelayP99Ms: Math.max(...results.map((r) => r.loopDelayP99Ms)),
      loopDelayMaxMs: Math.max(...results.map((r) => r.loopDelayMaxMs)),
      gcPauseMaxMs: Math.max(...results.map((r) => r.gcPauseMaxMs)),
      gcPauseTotalMs: results.reduce((sum, r) => sum + r.gcPauseTotalMs, 0),
      maxRssMb: Math.max(...results.map((r) => r.maxRssMb)),
      retries: results.reduce((sum, r) => sum + r.retries, 0),
    },
    database: databaseEvidence,
    balancer,
    failures: results.flatMap((r) => r.failures).slice(0, 20),
  };
  const row: TargetResult = { ...partial, goalMet: partial.errors === 0 && (kinds.page?.p99Ms ?? Infinity) <= PAGE_P99_GOAL_MS, limit: limitOf(partial) };
  log(
    `${target.label}: ${row.pagesPerSecond} pages/s, ${row.answersPerSecond} answers/s, page p99 ${kinds.page?.p99Ms} ms, open p99 ${kinds.open?.p99Ms} ms, answer p99 ${kinds.answer?.p99Ms} ms, ${row.errors} errors, machine CPU ${row.cpu.ramp.machine} / ${row.cpu.steady.machine} %`,
  );
  return row;
}

function commitLabel(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return commit;
  } catch {
    return 'unknown';
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

export async function runFleetBench(argv: string[]): Promise<number> {
  const parsed = parseOptions(argv);
  if (typeof parsed === 'number') return parsed;
  const options = parsed;
  const startedAt = new Date();
  const loadBefore = loadAverage();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-bench-fleet-'));
  const rows: TargetResult[] = [];
  let model: OpeningModel | null = null;
  let opening: Opening | null = null;
  try {
    for (const [index, servers] of options.servers.entries()) {
      const label = `${servers} server${servers === 1 ? '' : 's'}`;
      log(`${label}: starting the fleet …`);
      const fleet = await startFleet({ servers, log: (message) => log(`${label}: ${message}`) });
      let shapes: Record<string, ResponseShape>;
      let here: OpeningModel;
      try {
        const share = fleet.demoShares.materialGuest;
        if (!share) throw new Error('The fleet printed no guest share of the demo ("Demo (guests)")');
        await applyTuning(fleet.balancer, fleet.servers.map((server) => server.name), options.tuning);
        if (!model) {
          log('recording what Chromium requests when it opens the course (first and later visit) …');
          model = await recordOpening(fleet, share);
          log(`opening: cold ${model.cold.map((phase) => phase.length).join(' + ')} requests, warm ${model.warm.map((phase) => phase.length).join(' + ')}`);
        }
        here = forShare(model, share);
        opening = here[options.cache];
        shapes = await probeResponses(fleet.origin, openingPaths(here));
        const processes: CpuGroup[] = [
          ...fleet.servers.map((server) => ({ name: server.name, pids: server.pid ? [server.pid] : [] })),
          { name: 'postgres', pids: fleet.primary.pid ? [fleet.primary.pid] : [], withChildren: true },
        ];
        rows.push(await measure({ label, servers, origin: fleet.origin, share, balancer: fleet.balancer, processes, databaseUrl: fleet.databaseUrl }, { opening, shapes, options, dir }));
      } finally {
        await fleet.down({ fast: true });
      }
      if (index === 0) {
        log('floor: starting a bare server behind HAProxy …');
        const floor = await startFloor(path.join(dir, 'floor'), ROOT, shapes);
        try {
          await applyTuning(floor.balancer, ['floor'], options.tuning);
          const processes: CpuGroup[] = [{ name: 'floor', pids: [floor.floorPid] }];
          rows.unshift(await measure({ label: 'floor', servers: 0, origin: floor.origin, share: here.share, balancer: floor.balancer, processes }, { opening, shapes, options, dir }));
        } finally {
          await floor.stop();
        }
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const result: FleetBenchResult = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    command: `npm run bench -- fleet ${argv.join(' ')}`.trim(),
    commit: commitLabel(),
    machine: { cores: os.availableParallelism(), loadBefore, loadAfter: loadAverage() },
    options: {
      learners: options.learners,
      rampS: options.rampS,
      steadyS: options.steadyS,
      answerEveryS: options.answerEveryS,
      servers: options.servers,
      cache: options.cache,
      generators: options.generators,
      balancer: describeTuning(options.tuning) || 'as deploy/haproxy/lernwerk.cfg',
    },
    opening: { page: opening![0].length, loads: opening![1].length, serviceWorker: opening![2].length },
    openingPaths: model![options.cache].map((phase) => phase.map((r) => `${r.conditional ? '(conditional) ' : ''}${r.path.split(model!.share).join('SHARE')}`)),
    rows,
  };
  const report = formatFleetReport(result);
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(path.join(CACHE, 'fleet.md'), `${report}\n`);
  fs.writeFileSync(path.join(CACHE, 'fleet.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(options.json ? JSON.stringify(result, null, 2) : `\n${report}\n`);
  log('written to .cache/bench/fleet.md and .cache/bench/fleet.json');
  return 0;
}
