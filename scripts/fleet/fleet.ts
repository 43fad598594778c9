/**
 * A whole Lernwerk fleet on this machine, for tests and demos (issue 23): a PostgreSQL 15 primary,
 * optionally a streaming replica, N compiled servers and a balancer (HAProxy or nginx) in front,
 * all from Debian's packages, on free loopback ports, in one directory.
 *
 *   const fleet = await startFleet({ servers: 2, replica: true });
 *   await fetch(`${fleet.origin}/s/${fleet.demoShares.material}/`);
 *   fleet.servers[0].kill();            // a crash; fleet.servers[0].start() brings it back
 *   fleet.primary.freeze();             // a hung database; thaw() undoes it
 *   await fleet.down();
 *
 * `npm run fleet -- up|down|status` (scripts/fleet/cli.ts) is the same from the command line.
 * Every wait has a deadline and fails with the tail of the relevant log. Nothing outlives the
 * process that started a fleet (scripts/fleet/cleanup.ts) unless it was started with `persist`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { balancerInstalled, FleetBalancer, writeBalancerConfig } from './balancer';
import { reapOnExit, startWatchdog } from './cleanup';
import { freePorts, portIsFree } from './ports';
import { createPrimary, createReplica, FleetPostgres, FleetReplica, killClusterNow, postgresInstalled, type ReplicaLag } from './postgres';
import { isRunning, signalGroup, signalProcess, tailOf } from './processes';
import { FleetServer, type Readiness } from './server';
import { readState, writeState, STATE_FILE, type BalancerKind, type DemoShares, type FleetState, type ServerState } from './state';
import { waitUntil } from './wait';

export { FleetBalancer } from './balancer';
export { FleetPostgres, FleetReplica, type ReplicaLag } from './postgres';
export { FleetServer, type Readiness, type ServerExit, type ServerStartOptions } from './server';
export { FleetWaitError, waitUntil } from './wait';
export type { HaproxyStat } from './haproxyConfig';
export type { BalancerKind, DemoShares } from './state';

/** The project's root (package.json). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The readiness path of the servers (the balancer's check, `FleetServer.ready()`). */
export const READY_PATH = '/api/ready';
const HEALTH_PATH = '/api/health';

export interface FleetOptions {
  /** Servers behind the balancer (default 2). */
  servers?: number;
  /** A streaming replica for reads (DATABASE_READ_URL of every server); default none. */
  replica?: boolean;
  /** Default haproxy. */
  balancer?: BalancerKind;
  /** The balancer's port; 0 or unset: a free one. */
  port?: number;
  /** The address the balancer binds (default 127.0.0.1; 0.0.0.0 to show it to other machines). */
  host?: string;
  /** Where everything goes (default a new directory under the system's temp dir). Must be empty, missing, or hold a stopped fleet. */
  dir?: string;
  /** The node binary of the servers (default this process's). */
  node?: string;
  /** SHUTDOWN_DRAIN_MS of the servers (default 3000: HAProxy takes a server out within ~2 s). */
  shutdownDrainMs?: number;
  /**
   * The readiness path the balancer checks and `ready()` asks. Default /api/ready, or /api/health
   * when the servers answer /api/ready with 404 (a build from before readiness existed).
   */
  checkPath?: string;
  /** More environment for every server (undefined removes one of the fleet's defaults). */
  env?: Record<string, string | undefined>;
  /** The processes outlive this process (`npm run fleet -- up`); default false: they end with it. */
  persist?: boolean;
  /** Build dist/server first when a source changed (default true; seconds when it is current). */
  build?: boolean;
  /** Deadline of each step (default 60 s). */
  timeoutMs?: number;
  /** Progress messages. */
  log?: (message: string) => void;
}

export interface ServerStatus {
  name: string;
  origin: string;
  pid: number | null;
  running: boolean;
  readiness: Readiness | null;
}

export interface PostgresStatus {
  port: number;
  url: string;
  pid: number | null;
  running: boolean;
}

export interface FleetStatus {
  dir: string;
  checkPath: string;
  balancer: { kind: BalancerKind; origin: string; statsOrigin: string; pid: number | null; running: boolean; serverStates: Record<string, string> | null };
  primary: PostgresStatus;
  replica: (PostgresStatus & { lag: ReplicaLag | null }) | null;
  servers: ServerStatus[];
}

export interface DownOptions {
  /** Keep the directory (logs, databases); default: removed. */
  keep?: boolean;
  /** SIGKILL the servers instead of SIGTERM (skips their drain); default false. */
  fast?: boolean;
}

/** A running (or stopped) fleet: handles on each part, by its state file. */
export class Fleet {
  readonly primary: FleetPostgres;
  readonly replica?: FleetReplica;
  readonly servers: FleetServer[];
  readonly balancer: FleetBalancer;
  /** How long each step of the start took, ms (startFleet only). */
  readonly timings: Record<string, number> = {};
  private unregister: (() => void) | null = null;

  constructor(readonly state: FleetState) {
    const toolsLog = path.join(state.dir, 'logs', 'postgres-tools.log');
    this.primary = new FleetPostgres(state.primary, state.database, toolsLog);
    if (state.replica) this.replica = new FleetReplica(state.replica, state.database, toolsLog, this.primary);
    const context = { root: ROOT, checkPath: () => this.state.checkPath, shutdownDrainMs: state.shutdownDrainMs, save: () => this.save() };
    this.servers = state.servers.map((server) => new FleetServer(server, context));
    this.balancer = new FleetBalancer(state.balancer, { save: () => this.save() });
  }

  get dir(): string {
    return this.state.dir;
  }
  /** The balancer: where learners reach the fleet. */
  get origin(): string {
    return this.balancer.origin;
  }
  /** The path the balancer checks. */
  get checkPath(): string {
    return this.state.checkPath;
  }
  /** DATABASE_URL of the servers. */
  get databaseUrl(): string {
    return this.primary.url;
  }
  /** DATABASE_READ_URL of the servers, when there is a replica. */
  get databaseReadUrl(): string | undefined {
    return this.replica?.url;
  }
  get demoShares(): DemoShares {
    return this.state.demoShares;
  }
  /** Where the logs are. */
  get logDir(): string {
    return path.join(this.state.dir, 'logs');
  }

  /** Writes DIR/fleet.json (unless the directory is gone: after down). */
  save(): void {
    if (fs.existsSync(this.state.dir)) writeState(this.state);
  }

  /** What runs, each server's readiness answer, the balancer's view of the servers, the replica's lag. */
  async status(): Promise<FleetStatus> {
    const pgStatus = (pg: FleetPostgres): PostgresStatus => ({ port: pg.port, url: pg.url, pid: pg.pid, running: pg.running() });
    const [servers, serverStates, lag] = await Promise.all([
      Promise.all(
        this.servers.map(async (server): Promise<ServerStatus> => {
          const running = server.running();
          return { name: server.name, origin: server.origin, pid: server.pid, running, readiness: running ? await server.readiness() : null };
        }),
      ),
      this.balancer.running() ? this.balancer.serverStates().catch(() => null) : Promise.resolve(null),
      this.replica?.running() ? this.replica.lag().catch(() => null) : Promise.resolve(null),
    ]);
    return {
      dir: this.dir,
      checkPath: this.checkPath,
      balancer: { kind: this.balancer.kind, origin: this.origin, statsOrigin: this.balancer.statsOrigin, pid: this.balancer.pid, running: this.balancer.running(), serverStates },
      primary: pgStatus(this.primary),
      replica: this.replica ? { ...pgStatus(this.replica), lag } : null,
      servers,
    };
  }

  /**
   * Stops everything: the watchdog, the balancer, the servers (SIGTERM, in parallel; SIGKILL with
   * `fast` or when one outlasts its drain plus 15 s), the replica and the primary (pg_ctl stop -m
   * immediate, -m fast with `keep`), and kills whatever is left; removes the directory unless `keep`.
   */
  async down(options: DownOptions = {}): Promise<void> {
    const watchdog = this.state.watchdog;
    if (watchdog && watchdog.pid !== process.pid) signalGroup(watchdog, 'SIGKILL');
    await this.balancer.stop();
    await Promise.all(this.servers.map((server) => (options.fast ? server.kill('SIGKILL') && server.waitExit(5_000) : server.stop())));
    const mode = options.keep ? 'fast' : 'immediate';
    if (this.replica) await this.replica.stop(mode);
    await this.primary.stop(mode);
    this.unregister?.();
    this.unregister = null;
    if (!options.keep) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Ends every process at once, synchronously (the exit-time cleanup). */
  reapNow(): void {
    if (this.state.watchdog?.pid !== process.pid) signalGroup(this.state.watchdog, 'SIGKILL');
    signalProcess(this.balancer.state.process, 'SIGKILL');
    for (const server of this.servers) signalProcess(server.state.process, 'SIGKILL');
    if (this.replica) killClusterNow(this.replica.dataDir);
    killClusterNow(this.primary.dataDir);
  }

  /** Ties the fleet's life to this process (startFleet without `persist`). */
  reapWithThisProcess(): void {
    this.unregister = reapOnExit(() => {
      this.reapNow();
      if (!this.state.persist) fs.rmSync(this.dir, { recursive: true, force: true });
    });
  }
}

/** The fleet whose state file is in `dir` (to stop it, or ask its status), or null when there is none. */
export function attachFleet(dir: string): Fleet | null {
  const state = readState(path.resolve(dir));
  return state ? new Fleet(state) : null;
}

/** Whether the programs a fleet needs are installed (PostgreSQL 15, the balancer). */
export function fleetPrerequisites(balancer: BalancerKind = 'haproxy'): string[] {
  const missing: string[] = [];
  if (!postgresInstalled()) missing.push('PostgreSQL 15 (apt-get install -y postgresql)');
  if (!balancerInstalled(balancer)) missing.push(balancer === 'haproxy' ? 'HAProxy (apt-get install -y haproxy)' : 'nginx (apt-get install -y nginx-light)');
  return missing;
}

/**
 * Starts a fleet and resolves once the balancer answers and every server is ready (and, with
 * HAProxy, counted UP by its checks). On failure everything started is stopped again and the
 * error carries the tail of the relevant log.
 */
export async function startFleet(options: FleetOptions = {}): Promise<Fleet> {
  const began = Date.now();
  const log = options.log ?? (() => undefined);
  const count = options.servers ?? 2;
  const kind = options.balancer ?? 'haproxy';
  const timeoutMs = options.timeoutMs ?? 60_000;
  if (!Number.isInteger(count) || count < 1) throw new Error(`servers must be 1 or more, not ${count}`);
  const missing = fleetPrerequisites(kind);
  if (missing.length) throw new Error(`The fleet needs ${missing.join(' and ')}`);
  if (!fs.existsSync(path.join(ROOT, 'dist', 'client'))) throw new Error('There is no client build in dist/client: run npm run build first');

  const dir = prepareDir(options.dir);
  const [primaryPort, replicaPort, statsPort, freeBalancerPort, ...serverPorts] = await freePorts(4 + count);
  const port = options.port || freeBalancerPort;
  if (options.port && !(await portIsFree(options.port))) throw new Error(`Port ${options.port} is taken: pick another with --port (0: any free one)`);
  const drain = options.shutdownDrainMs ?? 3_000;
  const database = 'lernwerk';
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${database}`;
  const replicaUrl = options.replica ? `postgres://postgres@127.0.0.1:${replicaPort}/${database}` : undefined;
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const node = options.node ? path.resolve(options.node) : process.execPath;

  const servers: ServerState[] = serverPorts.map((serverPort, i) => {
    const name = `app${i + 1}`;
    const dataDir = path.join(dir, 'servers', name);
    return { name, port: serverPort, dataDir, logFile: path.join(logDir, `${name}.log`), node, env: serverEnv({ port: serverPort, dataDir, primaryUrl, replicaUrl, drain, extra: options.env }), process: null };
  });
  const pgDir = path.join(dir, 'pg');
  const host = options.host ?? '127.0.0.1';
  const state: FleetState = {
    version: 1,
    dir,
    createdAt: new Date().toISOString(),
    persist: options.persist ?? false,
    checkPath: options.checkPath ?? READY_PATH,
    shutdownDrainMs: drain,
    database,
    primary: { role: 'primary', port: primaryPort, dataDir: path.join(pgDir, 'primary'), logFile: path.join(pgDir, 'primary.log') },
    replica: options.replica ? { role: 'replica', port: replicaPort, dataDir: path.join(pgDir, 'replica'), logFile: path.join(pgDir, 'replica.log') } : null,
    servers,
    // Its config is written once the check path is known.
    balancer: { kind, port, host, statsPort, configFile: '', logFile: path.join(logDir, `${kind}.log`), process: null },
    watchdog: null,
    demoShares: {},
  };
  writeState(state);
  const fleet = new Fleet(state);
  if (!state.persist) {
    state.watchdog = startWatchdog({ root: ROOT, dir, logFile: path.join(logDir, 'watchdog.log') });
    fleet.reapWithThisProcess();
    fleet.save();
  }

  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    fleet.timings[name] = Date.now() - started;
    return result;
  };
  try {
    const toolsLog = path.join(logDir, 'postgres-tools.log');
    const building = options.build === false ? Promise.resolve() : step('build', () => buildServer(path.join(logDir, 'build.log'), timeoutMs * 3));
    await step('postgres', async () => {
      log(`PostgreSQL 15 primary on port ${primaryPort} …`);
      // Under the temp dir, which the postgres user can always reach (the project's directory may be private).
      const cacheDir = path.join(os.tmpdir(), `lernwerk-fleet-templates-${process.getuid?.() ?? 'user'}`);
      const maxConnections = Math.max(100, 12 * count + 20);
      const primary = await createPrimary({ pgDir, cacheDir, port: primaryPort, database, maxConnections, replicaSlot: Boolean(options.replica), toolsLog, timeoutMs });
      if (options.replica) {
        log(`PostgreSQL 15 replica on port ${replicaPort} …`);
        await createReplica({ pgDir, cacheDir, port: replicaPort, primary, toolsLog, timeoutMs });
      }
    });
    await building;

    // Every server at once: migrations take an advisory lock (server/db/migrate.ts), and the demo is
    // stored under the import lock with fixed ids, so servers starting together on an empty database
    // store it once (the others find it, or store the same rows again).
    log(`${count} server${count === 1 ? '' : 's'} (ports ${serverPorts.join(', ')}) …`);
    await step('servers', async () => {
      await Promise.all(fleet.servers.map((server) => server.start({ wait: 'listening', timeoutMs })));
      if (!options.checkPath) state.checkPath = await detectCheckPath(fleet.servers[0]);
      await Promise.all(fleet.servers.map((server) => server.waitReady(timeoutMs)));
    });
    state.demoShares = demoSharesIn(fleet.servers[0].outputSinceStart());

    log(`${kind} on port ${port} …`);
    await step('balancer', async () => {
      // In place: fleet.balancer holds this object.
      Object.assign(state.balancer, writeBalancerConfig({ kind, root: ROOT, dir, host, port, statsPort, servers: servers.map((s) => ({ name: s.name, port: s.port })), checkPath: state.checkPath }));
      await fleet.balancer.start(timeoutMs);
      await fleet.balancer.waitForServers(servers.map((s) => s.name), 'UP', timeoutMs);
      await waitUntil(
        async () => (await fetch(`${fleet.origin}${HEALTH_PATH}`, { signal: AbortSignal.timeout(2_000) })).status === 200,
        { what: `the balancer (${fleet.origin}) to answer ${HEALTH_PATH}`, timeoutMs, logs: [fleet.balancer.logFile] },
      );
    });
    fleet.timings.total = Date.now() - began;
    fleet.save();
    return fleet;
  } catch (error) {
    await fleet.down({ keep: state.persist, fast: true }).catch(() => fleet.reapNow());
    throw error;
  }
}

function serverEnv(input: { port: number; dataDir: string; primaryUrl: string; replicaUrl?: string; drain: number; extra?: Record<string, string | undefined> }): Record<string, string> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME,
    LANG: process.env.LANG,
    HOST: '127.0.0.1',
    PORT: String(input.port),
    DATA_DIR: input.dataDir,
    DATABASE_URL: input.primaryUrl,
    DATABASE_READ_URL: input.replicaUrl,
    SHUTDOWN_DRAIN_MS: String(input.drain),
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    ...input.extra,
  };
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** `dir` made ready for a new fleet (absolute, 0755 so that the postgres user reaches DIR/pg), or a new temp dir. */
function prepareDir(wanted: string | undefined): string {
  if (!wanted) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-fleet-'));
    fs.chmodSync(dir, 0o755);
    return dir;
  }
  const dir = path.resolve(wanted);
  if (fs.existsSync(dir)) {
    const old = readState(dir);
    if (old) {
      const fleet = new Fleet(old);
      const alive = [fleet.balancer.running(), fleet.primary.running(), fleet.replica?.running(), ...fleet.servers.map((s) => s.running())].some(Boolean);
      if (alive) throw new Error(`A fleet runs in ${dir} already: npm run fleet -- down${dir === path.join(ROOT, '.cache', 'fleet') ? '' : ` --dir ${dir}`}`);
      fs.rmSync(dir, { recursive: true, force: true });
    } else if (fs.readdirSync(dir).length > 0) {
      throw new Error(`${dir} is not empty and holds no fleet (${STATE_FILE}): pick another --dir`);
    }
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** `node scripts/server-build.mjs --if-stale --quiet` (about a second when dist/server is current). */
async function buildServer(logFile: string, timeoutMs: number): Promise<void> {
  const fd = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'server-build.mjs'), '--if-stale', '--quiet'], { cwd: ROOT, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, timeoutMs);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (code !== 0) throw new Error(`Building dist/server failed (${code === null ? 'timed out' : `exit code ${code}`}).\n${tailOf(logFile)}`);
}

/** /api/ready, unless the server has no such route yet (404): then /api/health. */
async function detectCheckPath(server: FleetServer): Promise<string> {
  const response = await fetch(`${server.origin}${READY_PATH}`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
  return response?.status === 404 ? HEALTH_PATH : READY_PATH;
}

const DEMO_LABELS: Record<string, keyof DemoShares> = {
  'Demo material': 'material',
  'Demo (English)': 'materialEn',
  'Demo collection': 'collection',
  'Demo (guests)': 'materialGuest',
  'Demo (private)': 'materialPrivate',
};

/** The demo share ids in what a server printed ("Demo (guests):   http://localhost:3000/s/ID/"). */
export function demoSharesIn(output: string): DemoShares {
  const shares: DemoShares = {};
  for (const match of output.matchAll(/^(Demo [^:]+):\s+https?:\/\/\S+?\/s\/([^/\s]+)\//gm)) {
    const key = DEMO_LABELS[match[1]];
    if (key) shares[key] = match[2];
  }
  return shares;
}

/** Whether any process of the fleet in `dir` still runs (by its state file). */
export function fleetRunning(dir: string): boolean {
  const fleet = attachFleet(dir);
  if (!fleet) return false;
  return [fleet.balancer.state.process, ...fleet.servers.map((s) => s.state.process)].some((p) => isRunning(p)) || fleet.primary.running() || Boolean(fleet.replica?.running());
}
