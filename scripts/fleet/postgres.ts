/**
 * The fleet's PostgreSQL 15 (Debian's binaries): a primary made by initdb in DIR/pg, and a streaming
 * replica made from it by pg_basebackup. Run as the postgres user when this process is root
 * (PostgreSQL refuses to run as root), listening on 127.0.0.1 only, trusting local connections.
 * Durable as in production: fsync and synchronous_commit on (only initdb and pg_basebackup skip their
 * final fsync, which matters only if the machine crashes while they run).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isRunning, processesIn, runLogged, signalProcess, tailOf, type ProcessId } from './processes';
import type { PostgresState } from './state';
import { waitUntil } from './wait';

/** Where PostgreSQL 15's programs are (PG_BIN overrides). */
export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

/** Whether PostgreSQL 15's server programs are installed. */
export function postgresInstalled(): boolean {
  return ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].every((tool) => fs.existsSync(path.join(PG_BIN, tool)));
}

const asRoot = () => process.getuid?.() === 0;

/** The command line that runs a PostgreSQL program, as the postgres user when this process is root. */
function pgCommand(tool: string, args: string[]): [string, string[]] {
  const bin = path.join(PG_BIN, tool);
  return asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

/** A directory the postgres user owns (when this process is root). */
function ownedByPostgres(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (asRoot()) {
    reachableByOthers(path.dirname(dir));
    const { uid, gid } = postgresUser();
    fs.chownSync(dir, uid, gid);
  }
}

/** Throws unless every directory from / down to `dir` lets other users (postgres) pass. */
function reachableByOthers(dir: string): void {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if ((fs.statSync(at).mode & 0o001) === 0) {
      throw new Error(`The postgres user cannot reach ${dir}: ${at} is not searchable by other users (chmod o+x ${at}, or choose a directory under ${os.tmpdir()})`);
    }
    if (path.dirname(at) === at) return;
  }
}

function postgresUser(): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('There is no postgres user (apt-get install -y postgresql)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface SqlOptions {
  /** Connecting and the query together (default 5 s): a frozen server must not hang a test. */
  timeoutMs?: number;
  /** Another database of the cluster (default the fleet's). */
  database?: string;
}

/** The replica's distance from the primary. */
export interface ReplicaLag {
  /** WAL the primary wrote that the replica has not replayed yet; null when the primary does not answer. */
  bytes: number | null;
  /** Seconds since the last replayed transaction when behind, 0 when caught up; null when unknown. */
  seconds: number | null;
}

/** One PostgreSQL server of the fleet (its cluster in `dataDir`). */
export class FleetPostgres {
  constructor(
    readonly state: PostgresState,
    /** The database the servers use. */
    readonly database: string,
    private readonly toolsLog: string,
  ) {}

  get role(): 'primary' | 'replica' {
    return this.state.role;
  }
  get port(): number {
    return this.state.port;
  }
  get dataDir(): string {
    return this.state.dataDir;
  }
  get logFile(): string {
    return this.state.logFile;
  }
  /** The servers' connection string (DATABASE_URL, DATABASE_READ_URL). */
  get url(): string {
    return this.urlOf(this.database);
  }
  urlOf(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** The postmaster (from postmaster.pid), when it runs. */
  postmaster(): ProcessId | null {
    try {
      const pid = Number(fs.readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const id = { pid, startTime: null };
      return pid > 0 && isRunning(id) ? id : null;
    } catch {
      return null;
    }
  }

  /** The postmaster's pid, or null when it is not running. */
  get pid(): number | null {
    return this.postmaster()?.pid ?? null;
  }

  running(): boolean {
    return this.postmaster() !== null;
  }

  /**
   * `pg_ctl start -w`: resolves once it accepts connections (a replica: read-only ones). Backends
   * a killed postmaster left behind are killed first (they would hold its shared memory), and its
   * lock file removed.
   */
  async start(timeoutMs = 30_000): Promise<void> {
    if (!this.running()) {
      const leftovers = processesIn(this.dataDir);
      for (const leftover of leftovers) signalProcess(leftover, 'SIGKILL');
      await waitUntil(() => processesIn(this.dataDir).length === 0, { what: `the processes a killed PostgreSQL (${this.role}) left to end`, timeoutMs: 5_000 });
      // A killed postmaster that is not reaped yet (a zombie) still "exists" for PostgreSQL's lock check.
      fs.rmSync(path.join(this.dataDir, 'postmaster.pid'), { force: true });
    }
    const [command, args] = pgCommand('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', String(Math.ceil(timeoutMs / 1000)), 'start']);
    await runLogged(command, args, { cwd: '/', env: process.env, logFile: this.toolsLog, timeoutMs: timeoutMs + 5_000, what: `Starting PostgreSQL (${this.role}, port ${this.port})` }).catch((error: Error) => {
      throw new Error(`${error.message}\n${tailOf(this.logFile, 15)}`);
    });
  }

  /**
   * `pg_ctl stop`: `fast` (default) rolls back open transactions and shuts down cleanly;
   * `immediate` stops at once (crash recovery on the next start). Every process left in the data
   * directory afterwards (a postmaster killed with SIGKILL leaves its backends) is killed.
   */
  async stop(mode: 'smart' | 'fast' | 'immediate' = 'fast', timeoutMs = 30_000): Promise<void> {
    this.thaw();
    if (this.running()) {
      const [command, args] = pgCommand('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', String(Math.ceil(timeoutMs / 1000)), 'stop']);
      await runLogged(command, args, { cwd: '/', env: process.env, logFile: this.toolsLog, timeoutMs: timeoutMs + 5_000, what: `Stopping PostgreSQL (${this.role})` }).catch(() => undefined);
    }
    for (const leftover of processesIn(this.dataDir)) signalProcess(leftover, 'SIGKILL');
    await waitUntil(() => processesIn(this.dataDir).length === 0, { what: `PostgreSQL (${this.role}) processes to end`, timeoutMs: 5_000, logs: [this.logFile] });
  }

  /** Sends a signal to the postmaster (SIGKILL: a crash; SIGQUIT: immediate shutdown). */
  kill(signal: NodeJS.Signals = 'SIGKILL'): boolean {
    return signalProcess(this.postmaster(), signal);
  }

  /**
   * SIGSTOP to the postmaster and every process of the cluster (the postmaster first, so it starts
   * no new ones): connections stay open but nothing answers, like a hung database machine.
   */
  freeze(): void {
    const postmaster = this.postmaster();
    if (postmaster) signalProcess(postmaster, 'SIGSTOP');
    for (const process of processesIn(this.dataDir)) signalProcess(process, 'SIGSTOP');
  }

  /** SIGCONT to every process of the cluster (undoes `freeze`). */
  thaw(): void {
    for (const process of processesIn(this.dataDir)) signalProcess(process, 'SIGCONT');
  }

  /** Runs one statement on its own connection; answers the rows. Rejects after `timeoutMs` (default 5 s). */
  async sql<Row extends Record<string, unknown> = Record<string, unknown>>(text: string, params: unknown[] = [], options: SqlOptions = {}): Promise<Row[]> {
    const timeoutMs = options.timeoutMs ?? 5_000;
    const client = new pg.Client({ connectionString: this.urlOf(options.database ?? this.database), connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const result = await client.query<Row>(text, params);
      return result.rows;
    } finally {
      void client.end().catch(() => undefined);
    }
  }
}

/** The fleet's streaming replica: a FleetPostgres that can say how far behind the primary it is. */
export class FleetReplica extends FleetPostgres {
  constructor(
    state: PostgresState,
    database: string,
    toolsLog: string,
    readonly primary: FleetPostgres,
  ) {
    super(state, database, toolsLog);
  }

  /** How far behind the primary the replica is (WAL bytes not replayed, seconds). */
  async lag(timeoutMs = 3_000): Promise<ReplicaLag> {
    const [replica] = await this.sql<{ replay: string | null; seconds: number | null }>(
      `SELECT pg_last_wal_replay_lsn()::text AS replay,
              CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
                   ELSE EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::float8 END AS seconds`,
      [],
      { timeoutMs },
    );
    let bytes: number | null = null;
    if (replica.replay) {
      try {
        const [row] = await this.primary.sql<{ bytes: number }>('SELECT pg_wal_lsn_diff(pg_current_wal_flush_lsn(), $1::pg_lsn)::float8 AS bytes', [replica.replay], { timeoutMs });
        bytes = Math.max(0, row.bytes);
      } catch {
        bytes = null;
      }
    }
    return { bytes, seconds: replica.seconds === null ? null : Number(replica.seconds) };
  }

  /** Resolves once the replica has replayed everything the primary had written when this was called. */
  async waitCaughtUp(timeoutMs = 10_000): Promise<void> {
    const [{ lsn }] = await this.primary.sql<{ lsn: string }>('SELECT pg_current_wal_flush_lsn()::text AS lsn');
    await waitUntil(
      async () => {
        const [row] = await this.sql<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn], { timeoutMs: 2_000 });
        return row.done;
      },
      { what: `the replica to replay the primary's WAL up to ${lsn}`, timeoutMs, logs: [this.logFile, this.primary.logFile] },
    );
  }
}

export interface CreatePrimaryOptions {
  /** DIR/pg: the clusters and their logs. */
  pgDir: string;
  port: number;
  database: string;
  maxConnections: number;
  toolsLog: string;
  timeoutMs: number;
}

/** The settings the fleet appends to postgresql.conf (the replica copies them and sets its own port). */
function primarySettings(port: number, maxConnections: number): string {
  return [
    '',
    '# npm run fleet (scripts/fleet/postgres.ts)',
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    "unix_socket_directories = ''",
    `max_connections = ${maxConnections}`,
    'shared_buffers = 64MB',
    // Durable as in production: the fault tests kill and freeze it.
    'fsync = on',
    'synchronous_commit = on',
    'full_page_writes = on',
    'wal_level = replica',
    'hot_standby = on',
    'hot_standby_feedback = on',
    "log_line_prefix = '%m [%p] %q%u@%d '",
    '',
  ].join('\n');
}

/**
 * What every cluster of the fleet starts from: initdb and the servers' database, stopped cleanly.
 * Made once per PostgreSQL version in `cacheDir` (initdb took 0.4 s on an idle machine and 7 s on
 * a busy one; a copy takes tens of ms). Primary and replica are both copies of it: a cluster shut
 * down cleanly is a consistent base backup, so the replica streams the primary's WAL from the
 * template's last checkpoint on, as after pg_basebackup, without a checkpoint of the running
 * primary (seconds with fsync on).
 */
async function clusterTemplate(options: { cacheDir: string; database: string; toolsLog: string; timeoutMs: number }): Promise<string> {
  const version = execFileSync(path.join(PG_BIN, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  const key = createHash('sha256').update(`${version}\n${TEMPLATE_RECIPE}\n${options.database}`).digest('hex').slice(0, 16);
  const template = path.join(options.cacheDir, `pg-template-${key}`);
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  fs.mkdirSync(options.cacheDir, { recursive: true, mode: 0o755 });
  const building = `${template}.${process.pid}.tmp`;
  fs.rmSync(building, { recursive: true, force: true });
  ownedByPostgres(building);
  const run = (tool: string, args: string[], what: string, input?: string) => {
    const [command, commandArgs] = pgCommand(tool, args);
    return runLogged(command, commandArgs, { cwd: '/', env: process.env, logFile: options.toolsLog, timeoutMs: options.timeoutMs, what, input });
  };
  try {
    await run('initdb', ['-D', building, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'], 'initdb');
    // Single-user mode: no port, no server to start and stop; it ends with a shutdown checkpoint.
    await run('postgres', ['--single', '-D', building, '-c', 'fsync=off', 'postgres'], `creating the database ${options.database}`, `CREATE DATABASE ${options.database};\n`);
    fs.renameSync(building, template);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    // Another process made it meanwhile (its rename won).
    if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
    throw error;
  }
  return template;
}

/** Changes when the template's recipe changes (its key). */
const TEMPLATE_RECIPE = 'initdb -A trust -U postgres -E UTF8 --locale=C.UTF-8; CREATE DATABASE in single-user mode';

/** `cp -a` (keeps the postgres user's ownership and modes). */
async function copyCluster(from: string, to: string, toolsLog: string, timeoutMs: number): Promise<void> {
  await runLogged('cp', ['-a', from, to], { cwd: '/', env: process.env, logFile: toolsLog, timeoutMs, what: `copying ${from}` });
}

export interface CreatePrimaryOptions {
  /** DIR/pg: the clusters and their logs. */
  pgDir: string;
  /** Where the cluster template is kept between runs (scripts/fleet/fleet.ts: under the system's temp dir). */
  cacheDir: string;
  port: number;
  database: string;
  maxConnections: number;
  /** Reserve a replication slot for a replica made next (createReplica). */
  replicaSlot: boolean;
  toolsLog: string;
  timeoutMs: number;
}

/** The primary: a copy of the template with the fleet's settings, started. */
export async function createPrimary(options: CreatePrimaryOptions): Promise<FleetPostgres> {
  ownedByPostgres(options.pgDir);
  const state: PostgresState = { role: 'primary', port: options.port, dataDir: path.join(options.pgDir, 'primary'), logFile: path.join(options.pgDir, 'primary.log') };
  const template = await clusterTemplate(options);
  await copyCluster(template, state.dataDir, options.toolsLog, options.timeoutMs);
  fs.appendFileSync(path.join(state.dataDir, 'postgresql.conf'), primarySettings(options.port, options.maxConnections));
  const primary = new FleetPostgres(state, options.database, options.toolsLog);
  await primary.start(options.timeoutMs);
  // Reserved from the primary's first WAL on: the replica starts at the template's checkpoint, just before.
  if (options.replicaSlot) await primary.sql(`SELECT pg_create_physical_replication_slot('${REPLICA_SLOT}', true)`);
  return primary;
}

const REPLICA_SLOT = 'fleet_replica';

export interface CreateReplicaOptions {
  pgDir: string;
  cacheDir: string;
  port: number;
  /** Started by createPrimary with `replicaSlot`. */
  primary: FleetPostgres;
  toolsLog: string;
  timeoutMs: number;
}

/**
 * The streaming replica: another copy of the primary's template (same system identifier, same
 * checkpoint), as a hot standby of the primary on its own port, through the replication slot (the
 * primary keeps the WAL a stopped replica still needs). Resolves once it accepts read-only connections.
 */
export async function createReplica(options: CreateReplicaOptions): Promise<FleetReplica> {
  ownedByPostgres(options.pgDir);
  const state: PostgresState = { role: 'replica', port: options.port, dataDir: path.join(options.pgDir, 'replica'), logFile: path.join(options.pgDir, 'replica.log') };
  const template = await clusterTemplate({ ...options, database: options.primary.database });
  await copyCluster(template, state.dataDir, options.toolsLog, options.timeoutMs);
  fs.appendFileSync(
    path.join(state.dataDir, 'postgresql.conf'),
    [
      primarySettings(options.port, maxConnectionsOf(options.primary)),
      '# the replica (scripts/fleet/postgres.ts)',
      `primary_conninfo = 'host=127.0.0.1 port=${options.primary.port} user=postgres application_name=fleet_replica'`,
      `primary_slot_name = '${REPLICA_SLOT}'`,
      '',
    ].join('\n'),
  );
  const signal = path.join(state.dataDir, 'standby.signal');
  fs.writeFileSync(signal, '');
  if (asRoot()) {
    const { uid, gid } = postgresUser();
    fs.chownSync(signal, uid, gid);
  }
  const replica = new FleetReplica(state, options.primary.database, options.toolsLog, options.primary);
  await replica.start(options.timeoutMs);
  return replica;
}

/** The max_connections the fleet gave the primary (a hot standby needs at least as many). */
function maxConnectionsOf(primary: FleetPostgres): number {
  const conf = fs.readFileSync(path.join(primary.dataDir, 'postgresql.conf'), 'utf8');
  const values = [...conf.matchAll(/^max_connections = (\d+)/gm)].map((m) => Number(m[1]));
  return values.at(-1) ?? 100;
}

/**
 * Stops a cluster synchronously (the exit-time cleanup, which cannot await): SIGQUIT to its
 * postmaster (an immediate shutdown, which also frees its shared memory), up to `graceMs` for it to
 * end, then SIGKILL to whatever is left in the data directory.
 */
export function killClusterNow(dataDir: string, graceMs = 2_000): void {
  for (const process of processesIn(dataDir)) signalProcess(process, 'SIGCONT');
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) signalProcess({ pid, startTime: null }, 'SIGQUIT');
  } catch {
    // not running
  }
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + graceMs;
  while (processesIn(dataDir).length > 0 && Date.now() < deadline) Atomics.wait(pause, 0, 0, 50);
  for (const process of processesIn(dataDir)) signalProcess(process, 'SIGKILL');
}

