/**
 * `npm run fleet -- up|down|status`: a Lernwerk fleet on this machine (scripts/fleet/fleet.ts) for
 * demos and trying things out: PostgreSQL 15 (and a streaming replica), N compiled servers and a
 * balancer, from Debian's packages. `up` leaves it running and returns; `down` stops it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { attachFleet, ROOT, startFleet, type Fleet, type FleetStatus } from './fleet';

const USAGE = `Usage: npm run fleet -- up [--servers 2] [--replica] [--balancer haproxy|nginx] [--port 8080]
                          [--host 127.0.0.1] [--dir .cache/fleet] [--node PATH] [--drain-ms 3000]
       npm run fleet -- down [--dir .cache/fleet] [--keep] [--fast]
       npm run fleet -- status [--dir .cache/fleet] [--json]

up      starts PostgreSQL 15 (a primary, with --replica a streaming replica), the servers
        (node dist/server/main.js, built first when stale) and the balancer (HAProxy by default),
        waits until all are ready and prints the addresses. --port 0 takes any free port.
down    stops the balancer, the servers (SIGTERM; --fast: SIGKILL), the replica and the primary,
        and removes the directory (--keep: leaves it, with its logs and databases).
status  what runs, each server's readiness answer, the balancer's view, the replica's lag;
        exit code 1 when anything is not running or not ready.`;

const DEFAULT_DIR = path.join(ROOT, '.cache', 'fleet');

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      servers: { type: 'string' },
      replica: { type: 'boolean' },
      balancer: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      dir: { type: 'string' },
      node: { type: 'string' },
      'drain-ms': { type: 'string' },
      keep: { type: 'boolean' },
      fast: { type: 'boolean' },
      json: { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !command || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  // npm runs scripts in the project root; a relative --dir means where the command was typed.
  const base = process.env.INIT_CWD || process.cwd();
  const dir = values.dir ? path.resolve(base, values.dir) : DEFAULT_DIR;

  if (command === 'up') {
    const balancer = values.balancer ?? 'haproxy';
    if (balancer !== 'haproxy' && balancer !== 'nginx') throw new Error(`--balancer is haproxy or nginx, not ${balancer}`);
    const fleet = await startFleet({
      servers: integer(values.servers ?? '2', '--servers'),
      replica: values.replica ?? false,
      balancer,
      port: integer(values.port ?? '8080', '--port'),
      host: values.host,
      dir,
      node: values.node ? path.resolve(base, values.node) : undefined,
      shutdownDrainMs: values['drain-ms'] === undefined ? undefined : integer(values['drain-ms'], '--drain-ms'),
      persist: true,
      log: (message) => console.log(message),
    });
    printUp(fleet, dir);
    return 0;
  }

  const fleet = attachFleet(dir);
  if (command === 'down') {
    if (!fleet) {
      if (!values.quiet) console.log(`No fleet in ${dir}`);
      return 0;
    }
    await fleet.down({ keep: values.keep ?? false, fast: values.fast ?? false });
    if (!values.quiet) console.log(values.keep ? `Fleet stopped; its files are in ${dir}` : `Fleet stopped and ${dir} removed`);
    return 0;
  }
  if (command === 'status') {
    if (!fleet) {
      console.log(`No fleet in ${dir}`);
      return 1;
    }
    const status = await fleet.status();
    if (values.json) console.log(JSON.stringify(status, null, 2));
    else printStatus(status);
    const healthy =
      status.balancer.running &&
      status.primary.running &&
      (!status.replica || status.replica.running) &&
      status.servers.every((s) => s.running && s.readiness?.status === 200);
    return healthy ? 0 : 1;
  }
  console.error(USAGE);
  return 2;
}

function integer(text: string, option: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${option} takes a whole number, not ${text}`);
  return value;
}

const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);

function printUp(fleet: Fleet, dir: string): void {
  const t = fleet.timings;
  const rows: [string, string][] = [[`Balancer (${fleet.balancer.kind})`, `${fleet.origin}/   (stats: ${fleet.balancer.statsOrigin}/)`]];
  const shares = fleet.demoShares;
  if (shares.material) rows.push(['Demo material', `${fleet.origin}/s/${shares.material}/`]);
  if (shares.materialEn) rows.push(['Demo (English)', `${fleet.origin}/s/${shares.materialEn}/?lang=en`]);
  if (shares.collection) rows.push(['Demo collection', `${fleet.origin}/s/${shares.collection}/`]);
  if (shares.materialGuest) rows.push(['Demo (guests)', `${fleet.origin}/s/${shares.materialGuest}/`]);
  if (shares.materialPrivate) rows.push(['Demo (private)', `${fleet.origin}/s/${shares.materialPrivate}/`]);
  rows.push(['Servers', fleet.servers.map((s) => `${s.name} ${s.origin} (pid ${s.pid})`).join(', ')]);
  rows.push(['PostgreSQL primary', `${fleet.primary.url} (pid ${fleet.primary.pid})`]);
  if (fleet.replica) rows.push(['PostgreSQL replica', `${fleet.replica.url} (pid ${fleet.replica.pid})`]);
  rows.push(['Readiness check', fleet.checkPath]);
  rows.push(['Logs', `${fleet.logDir}/ (servers, balancer), ${path.join(dir, 'pg')}/*.log (PostgreSQL)`]);
  rows.push(['Stop', `npm run fleet -- down${dir === DEFAULT_DIR ? '' : ` --dir ${dir}`}`]);
  console.log(`\nFleet up in ${seconds(t.total)} (build ${seconds(t.build)}, PostgreSQL ${seconds(t.postgres)}, servers ${seconds(t.servers)}, balancer ${seconds(t.balancer)}):`);
  printRows(rows);
}

function printStatus(status: FleetStatus): void {
  const running = (on: boolean, pid: number | null) => (on ? `running (pid ${pid})` : 'not running');
  const rows: [string, string][] = [];
  const states = status.balancer.serverStates;
  rows.push([`Balancer (${status.balancer.kind})`, `${running(status.balancer.running, status.balancer.pid)}, ${status.balancer.origin}/`]);
  for (const server of status.servers) {
    const readiness = server.readiness;
    const answer = !server.running ? '' : readiness?.status === null || !readiness ? ', no answer' : `, ${status.checkPath} ${readiness.status}${readiness.retryAfter ? ` (Retry-After ${readiness.retryAfter})` : ''}`;
    const balancerView = states?.[server.name] ? `, balancer: ${states[server.name]}` : '';
    const reason = readiness && readiness.status !== 200 && readiness.body ? `\n${' '.repeat(22)}${readiness.body.slice(0, 300)}` : '';
    rows.push([server.name, `${running(server.running, server.pid)}, ${server.origin}${answer}${balancerView}${reason}`]);
  }
  rows.push(['PostgreSQL primary', `${running(status.primary.running, status.primary.pid)}, ${status.primary.url}`]);
  if (status.replica) {
    const lag = status.replica.lag;
    const lagText = lag ? `, lag ${lag.bytes ?? '?'} bytes / ${lag.seconds === null ? '?' : lag.seconds.toFixed(1)} s` : '';
    rows.push(['PostgreSQL replica', `${running(status.replica.running, status.replica.pid)}, ${status.replica.url}${lagText}`]);
  }
  rows.push(['Directory', status.dir]);
  printRows(rows);
}

function printRows(rows: [string, string][]): void {
  for (const [label, value] of rows) console.log(`  ${`${label}:`.padEnd(20)}${value}`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
