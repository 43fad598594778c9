/**
 * The fleet benchmark's result (one row per target: the floor, then 1, 2, 3 … servers), its
 * Markdown report, and the verdict: whether the goal of issue 23 holds (no errors, the page's p99
 * within a second) and which resource limits the run.
 */
import type { CpuUse } from './fleetCpu';
import type { KindStats } from './fleetStats';
import type { TimedKind } from './fleetLoad';

/** The goal: a class of learners opens the course with no error and the page's p99 at most this. */
export const PAGE_P99_GOAL_MS = 1_000;

export interface DatabaseEvidence {
  /** pg_stat_activity sampled once a second over the run. */
  samples: number;
  /** Client backends running a statement, on average and at most. */
  activeAvg: number;
  activeMax: number;
  /** Client connections at most (the servers' pools). */
  connectionsMax: number;
  /** Active backends by what they wait for (`CPU` = not waiting), average per sample, largest first. */
  waits: Record<string, number>;
  /** The statements seen running most often (first 100 characters), average per sample. */
  statements: Record<string, number>;
  /** Transactions committed per second over the run. */
  commitsPerSecond: number;
}

export interface BalancerEvidence {
  /** Client connections at once, at most, and HAProxy's limit of them (its maxconn: 4096 in deploy/haproxy/lernwerk.cfg). */
  frontendMaxSessions: number;
  frontendSessionLimit: number;
  /** Requests waiting in HAProxy's queue for a server slot (maxconn 256 per server), at most. */
  queueMax: number;
  /** Requests at one server at once, at most. */
  serverMaxSessions: number;
  /** 5xx answers HAProxy passed on or made. */
  responses5xx: number;
}

export interface TargetResult {
  /** `floor`, `1 server`, `2 servers` … */
  target: string;
  servers: number;
  /** Requests/s of successful answers, ramp and steady window. */
  requestsPerSecond: { ramp: number; steady: number };
  /** Pages/s over the ramp (when learners arrive), answers/s over the steady state. */
  pagesPerSecond: number;
  answersPerSecond: number;
  /** Over the whole run, by what is timed (requests by kind, `open`, `answered`). */
  kinds: Partial<Record<TimedKind, KindStats>>;
  /** Failed requests of every kind over the whole run. */
  errors: number;
  cpu: { ramp: CpuUse; steady: CpuUse };
  generator: { processes: number; loopDelayP99Ms: number; loopDelayMaxMs: number; gcPauseMaxMs: number; gcPauseTotalMs: number; maxRssMb: number; retries: number };
  /** New connections the kernel dropped because a listener (HAProxy) accepted no more, ramp and steady window (whole machine). */
  listenOverflows: { ramp: number; steady: number };
  database: DatabaseEvidence | null;
  balancer: BalancerEvidence | null;
  failures: string[];
  goalMet: boolean;
  limit: string;
}

export interface FleetBenchResult {
  startedAt: string;
  finishedAt: string;
  command: string;
  commit: string;
  machine: { cores: number; loadBefore: string; loadAfter: string };
  options: { learners: number; rampS: number; steadyS: number; answerEveryS: number; servers: number[]; cache: 'cold' | 'warm'; generators: number; balancer: string };
  /** Requests of one opening, by phase: page, what it loads, the service worker's. */
  opening: { page: number; loads: number; serviceWorker: number };
  /** The paths of each phase (the share's id as `SHARE`), as recorded in Chromium. */
  openingPaths: string[][];
  rows: TargetResult[];
}

const SERVER_GROUP = /^(app\d+|floor)$/;

/** The servers' CPU (every app process, or the floor), in % of one core. */
export function serversCpu(use: CpuUse): number {
  return Object.entries(use.groups)
    .filter(([name]) => SERVER_GROUP.test(name))
    .reduce((sum, [, value]) => sum + value, 0);
}

function busiest(row: Pick<TargetResult, 'cpu'>): CpuUse {
  return row.cpu.ramp.machine >= row.cpu.steady.machine ? row.cpu.ramp : row.cpu.steady;
}

function split(use: CpuUse): string {
  return `servers ${serversCpu(use)} %, PostgreSQL ${use.groups.postgres ?? 0} %, HAProxy ${use.groups.haproxy ?? 0} %, generator ${use.groups.generator ?? 0} %, other ${use.other} %`;
}

/** The resource that limits a run, with the figures that show it (and the connection limit, when it was reached too). */
export function limitOf(row: Omit<TargetResult, 'limit' | 'goalMet'>): string {
  const overflows = row.listenOverflows.ramp + row.listenOverflows.steady;
  const held = row.balancer?.frontendMaxSessions ?? 0;
  const connections =
    row.balancer && held >= row.balancer.frontendSessionLimit
      ? `connections: HAProxy held ${held} client connections, its maxconn: new ones waited in the kernel's accept queue${overflows > 0 ? `, and ${overflows} were dropped when that was full too (each tried again by the client after 1, 3, 7 … s)` : ''}`
      : '';
  const resources = resourceLimitOf(row);
  if (!connections) return resources;
  return resources.startsWith('none reached') ? `${connections} (CPU: ${resources})` : `${resources}; and ${connections}`;
}

function resourceLimitOf(row: Omit<TargetResult, 'limit' | 'goalMet'>): string {
  const use = busiest(row);
  const window = use === row.cpu.ramp ? 'ramp' : 'steady state';
  const capacity = use.cores * 100;
  if (use.machine >= capacity * 0.9) {
    const shared = use.other >= capacity * 0.25 ? `; other work on this shared machine took ${use.other} %, so the fleet got less than the machine` : '';
    return `CPU: the machine's ${use.cores} cores are busy in the ${window} (${use.machine} % of ${capacity} %: ${split(use)}${shared})`;
  }
  const [hottest, hottestCpu] = Object.entries(use.groups)
    .filter(([name]) => SERVER_GROUP.test(name))
    .sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (hottestCpu >= 90) return `a server's JavaScript thread: ${hottest} at ${hottestCpu} % of a core in the ${window} (machine ${use.machine} % of ${capacity} %)`;
  const db = row.database;
  const [wait, waiting] = Object.entries(db?.waits ?? {}).filter(([name]) => name !== 'CPU')[0] ?? ['', 0];
  if (db && db.activeAvg >= 2 && waiting >= db.activeAvg / 2) return `the database: ${db.activeAvg} statements running on average (at most ${db.activeMax}), mostly waiting on ${wait} (machine ${use.machine} % of ${capacity} %)`;
  if ((use.groups.generator ?? 0) >= 90 || row.generator.loopDelayP99Ms >= 100) return `the load generator: ${use.groups.generator ?? 0} % of a core, event-loop delay p99 ${row.generator.loopDelayP99Ms} ms`;
  return `none reached: the load is below capacity (machine ${use.machine} % of ${capacity} % in the ${window}: ${split(use)})`;
}

const pair = (a: number, b: number) => `${a} / ${b}`;

export function formatFleetReport(result: FleetBenchResult): string {
  const o = result.options;
  const lines = [
    `## Fleet benchmark: ${o.learners} learners opening the course within ${o.rampS} s, each answering about every ${o.answerEveryS} s, ${o.steadyS} s steady state`,
    '',
    `\`${result.command}\` — ${result.startedAt} — commit ${result.commit}`,
    `Machine: ${result.machine.cores} cores; load average before ${result.machine.loadBefore}, after ${result.machine.loadAfter} (shared with other work).`,
    `Opening modelled on Chromium's ${o.cache} visit: ${result.opening.page} page + ${result.opening.loads} requests it loads (the learner waits for these: "open") + ${result.opening.serviceWorker} of the service worker in the background; then POST /api/guest and /api/annotations; each answer = 2 × POST /api/userdata + POST /api/updateRootProgress. Load generator: ${o.generators} process(es), own keep-alive connections per learner (≤ 6). Floor: a bare node:http server answering the same sizes instantly, behind the same HAProxy. HAProxy: ${o.balancer}.`,
    '',
    '| target | pages/s | answers/s | req/s ramp / steady | page p50 / p99 ms | open p50 / p99 ms | answer p50 / p99 ms | errors | CPU % generator | HAProxy | servers | PostgreSQL | other | machine | goal |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of result.rows) {
    const page = row.kinds.page;
    const open = row.kinds.open;
    const answer = row.kinds.answer;
    const cpu = (pick: (use: CpuUse) => number) => pair(pick(row.cpu.ramp), pick(row.cpu.steady));
    lines.push(
      `| ${row.target} | ${row.pagesPerSecond} | ${row.answersPerSecond} | ${pair(row.requestsPerSecond.ramp, row.requestsPerSecond.steady)} | ${pair(page?.p50Ms ?? 0, page?.p99Ms ?? 0)} | ${pair(open?.p50Ms ?? 0, open?.p99Ms ?? 0)} | ${pair(answer?.p50Ms ?? 0, answer?.p99Ms ?? 0)} | ${row.errors} | ${cpu((u) => u.groups.generator ?? 0)} | ${cpu((u) => u.groups.haproxy ?? 0)} | ${cpu(serversCpu)} | ${cpu((u) => u.groups.postgres ?? 0)} | ${cpu((u) => u.other)} | ${cpu((u) => u.machine)} | ${row.goalMet ? 'met' : 'missed'} |`,
    );
  }
  lines.push('', `CPU in % of one core (${result.machine.cores} cores = ${result.machine.cores * 100} %), ramp / steady state; "other" is the machine's busy time outside these processes.`, '', '**Verdict**', '');
  for (const row of result.rows) {
    const page = row.kinds.page;
    lines.push(`- ${row.target}: goal ${row.goalMet ? 'met' : 'missed'} (${row.errors} errors, page p99 ${page?.p99Ms ?? 0} ms ≤ ${PAGE_P99_GOAL_MS} ms: ${(page?.p99Ms ?? Infinity) <= PAGE_P99_GOAL_MS ? 'yes' : 'no'}); limit: ${row.limit}.`);
  }
  const fleets = result.rows.filter((row) => row.servers > 0);
  if (fleets.length > 1) {
    const trend = (pick: (row: TargetResult) => number) => fleets.map(pick).join(' → ');
    lines.push(`- With ${fleets.map((row) => row.servers).join(' → ')} servers: requests/s in the ramp ${trend((row) => row.requestsPerSecond.ramp)}, in the steady state ${trend((row) => row.requestsPerSecond.steady)}; page p99 ${trend((row) => row.kinds.page?.p99Ms ?? 0)} ms; answer p99 ${trend((row) => row.kinds.answer?.p99Ms ?? 0)} ms.`);
  }
  lines.push('', '**Evidence**', '');
  for (const row of result.rows) {
    const g = row.generator;
    const parts = [
      `generator event-loop delay p99 ${g.loopDelayP99Ms} ms (max ${g.loopDelayMaxMs} ms; GC pauses ${g.gcPauseTotalMs} ms in all, longest ${g.gcPauseMaxMs} ms; ${g.maxRssMb} MB at most), ${g.retries} requests resent after a reset keep-alive connection`,
      `kernel dropped ${row.listenOverflows.ramp} / ${row.listenOverflows.steady} new connections (ramp / steady) for a full accept queue`,
    ];
    for (const [window, use] of [['ramp', row.cpu.ramp], ['steady', row.cpu.steady]] as const) {
      parts.push(`${window}: this harness ${use.groups.harness ?? 0} %, "other" ${use.other} % = kernel network/interrupts ${use.softirq} % + processes ${use.topOthers.join(', ') || 'none over 3 %'}`);
    }
    if (row.balancer) parts.push(`HAProxy: ${row.balancer.frontendMaxSessions} client connections at most (limit ${row.balancer.frontendSessionLimit}), queue at most ${row.balancer.queueMax}, ${row.balancer.serverMaxSessions} requests at one server at most, ${row.balancer.responses5xx} 5xx`);
    if (row.database) {
      const waits = Object.entries(row.database.waits).map(([name, n]) => `${name} ${n}`).join(', ');
      const statements = Object.entries(row.database.statements).slice(0, 3).map(([text, n]) => `${n} × \`${text}\``).join('; ');
      parts.push(`PostgreSQL: ${row.database.commitsPerSecond} commits/s, ${row.database.activeAvg} statements running on average (max ${row.database.activeMax}) of ${row.database.connectionsMax} connections; waits ${waits || 'none'}; most seen: ${statements || 'none'}`);
    }
    if (row.failures.length) parts.push(`failures, e.g. ${row.failures.slice(0, 3).join(' | ')}`);
    lines.push(`- ${row.target}: ${parts.join('; ')}.`);
  }
  lines.push(
    '',
    '**By request kind (whole run)**: `open` = a learner\'s page and everything it loads; `answered` = a whole answer, with 1–3 s of thought between its two saves.',
    '',
    '| target | kind | count | errors | per s | p50 ms | p99 ms | max ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of result.rows) {
    for (const [kind, stats] of Object.entries(row.kinds)) {
      lines.push(`| ${row.target} | ${kind} | ${stats.count} | ${stats.errors} | ${stats.perSecond} | ${stats.p50Ms} | ${stats.p99Ms} | ${stats.maxMs} |`);
    }
  }
  return lines.join('\n');
}
