/**
 * The fleet's balancer: HAProxy (the reference: active readiness checks) or nginx, from Debian's
 * packages, in the foreground with its config and logs in the fleet's directory.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { haproxyConfig, parseHaproxyCsv, type BalancedServer, type HaproxyStat } from './haproxyConfig';
import { nginxMainConfig, nginxSiteConfig } from './nginxConfig';
import { portAnswers } from './ports';
import { isRunning, signalProcess, spawnLogged, terminate } from './processes';
import type { BalancerKind, BalancerState } from './state';
import { waitUntil } from './wait';

/** Whether the balancer's program is installed. */
export function balancerInstalled(kind: BalancerKind): boolean {
  return fs.existsSync(kind === 'haproxy' ? '/usr/sbin/haproxy' : '/usr/sbin/nginx');
}

const BINARY: Record<BalancerKind, string> = { haproxy: '/usr/sbin/haproxy', nginx: '/usr/sbin/nginx' };

export interface BalancerConfigInput {
  kind: BalancerKind;
  root: string;
  dir: string;
  host: string;
  port: number;
  statsPort: number;
  servers: BalancedServer[];
  checkPath: string;
}

/** Writes the balancer's config (from deploy/) into the fleet's directory, checks it with the program itself, and answers its state. */
export function writeBalancerConfig(input: BalancerConfigInput): BalancerState {
  const logDir = path.join(input.dir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const base = { kind: input.kind, port: input.port, host: input.host, statsPort: input.statsPort, process: null };
  if (input.kind === 'haproxy') {
    const configFile = path.join(input.dir, 'haproxy.cfg');
    const template = fs.readFileSync(path.join(input.root, 'deploy', 'haproxy', 'lernwerk.cfg'), 'utf8');
    fs.writeFileSync(configFile, haproxyConfig(template, { ...input, socketFile: path.join(input.dir, 'haproxy.sock') }));
    check(BINARY.haproxy, ['-c', '-f', configFile], configFile);
    return { ...base, configFile, logFile: path.join(logDir, 'haproxy.log') };
  }
  const nginxDir = path.join(input.dir, 'nginx');
  fs.mkdirSync(path.join(nginxDir, 'tmp'), { recursive: true });
  const siteFile = path.join(nginxDir, 'lernwerk.conf');
  const configFile = path.join(nginxDir, 'nginx.conf');
  const template = fs.readFileSync(path.join(input.root, 'deploy', 'nginx', 'lernwerk.conf'), 'utf8');
  fs.writeFileSync(siteFile, nginxSiteConfig(template, input));
  fs.writeFileSync(configFile, nginxMainConfig({ nginxDir, logDir, siteFile }));
  const logFile = path.join(logDir, 'nginx.log');
  check(BINARY.nginx, ['-t', '-q', '-c', configFile, '-p', nginxDir, '-e', logFile], configFile);
  return { ...base, configFile, logFile };
}

function check(binary: string, args: string[], configFile: string): void {
  try {
    execFileSync(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${path.basename(binary)} rejects ${configFile}:\n${stdout}${stderr}`, { cause: error });
  }
}

/** A server line of `backend lernwerk` (not its FRONTEND/BACKEND totals). */
const isBackendServer = (s: HaproxyStat) => s.proxy === 'lernwerk' && s.name !== 'FRONTEND' && s.name !== 'BACKEND';

export class FleetBalancer {
  constructor(
    readonly state: BalancerState,
    private readonly context: { save: () => void },
  ) {}

  get kind(): BalancerKind {
    return this.state.kind;
  }
  get port(): number {
    return this.state.port;
  }
  /** Where learners reach the fleet. */
  get origin(): string {
    return `http://${this.state.host === '0.0.0.0' ? '127.0.0.1' : this.state.host}:${this.state.port}`;
  }
  /** HAProxy's stats page (`/;csv` for scripts) or nginx's stub_status. */
  get statsOrigin(): string {
    return `http://127.0.0.1:${this.state.statsPort}`;
  }
  get configFile(): string {
    return this.state.configFile;
  }
  get logFile(): string {
    return this.state.logFile;
  }
  get pid(): number | null {
    return this.running() ? (this.state.process?.pid ?? null) : null;
  }

  running(): boolean {
    return isRunning(this.state.process);
  }

  /** Starts it; resolves once its port accepts connections (and HAProxy has checked every server once). */
  async start(timeoutMs = 10_000): Promise<void> {
    if (this.running()) throw new Error(`The balancer runs already (pid ${this.state.process?.pid})`);
    const args =
      this.kind === 'haproxy'
        ? ['-db', '-f', this.configFile]
        : ['-c', this.configFile, '-p', path.dirname(this.configFile), '-e', this.logFile];
    const started = spawnLogged(BINARY[this.kind], args, { cwd: path.dirname(this.configFile), env: process.env, logFile: this.logFile });
    this.state.process = { pid: started.pid, startTime: started.startTime };
    this.context.save();
    await waitUntil(() => portAnswers(this.port), {
      what: `${this.kind} to listen on port ${this.port}`,
      timeoutMs,
      intervalMs: 50,
      logs: [this.logFile],
      abort: () => (this.running() ? null : `${this.kind} ended`),
    });
    // HAProxy counts every server UP until its first check (status INI): wait for it, so that its view is true from now on.
    if (this.kind === 'haproxy') {
      await waitUntil(
        async () => {
          const stats = await this.stats();
          return stats?.some((s) => s.proxy === 'lernwerk') && stats.filter(isBackendServer).every((s) => !/INI$/.test(s.fields.check_status ?? ''));
        },
        { what: 'HAProxy to check every server once', timeoutMs, intervalMs: 50, logs: [this.logFile] },
      );
    }
  }

  /** Stops it (SIGTERM: both stop at once, closing open connections) and waits until it is gone. */
  async stop(timeoutMs = 5_000): Promise<void> {
    await terminate(this.state.process, timeoutMs);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Sends a signal without waiting. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): boolean {
    return signalProcess(this.state.process, signal);
  }

  /** HAProxy: every line of its statistics (servers, frontend, backend); nginx: null (it has none per server). */
  async stats(): Promise<HaproxyStat[] | null> {
    if (this.kind !== 'haproxy') return null;
    const response = await fetch(`${this.statsOrigin}/;csv`, { signal: AbortSignal.timeout(2_000) });
    return parseHaproxyCsv(await response.text());
  }

  /**
   * HAProxy: the state of each server of `backend lernwerk` (UP, DOWN, NOLB, MAINT …; "UP" also
   * while it goes down after a first failed check, see HaproxyStat.rawStatus), by name; nginx: null.
   */
  async serverStates(): Promise<Record<string, string> | null> {
    const stats = await this.stats();
    if (!stats) return null;
    return Object.fromEntries(stats.filter(isBackendServer).map((s) => [s.name, s.status]));
  }

  /**
   * HAProxy: resolves once each of `names` is in `status` (UP once its checks passed, DOWN once they
   * failed); nginx, which checks nothing by itself, resolves at once.
   */
  async waitForServers(names: string[], status: 'UP' | 'DOWN', timeoutMs = 15_000): Promise<void> {
    if (this.kind !== 'haproxy') return;
    await waitUntil(
      async () => {
        const states = await this.serverStates();
        return names.every((name) => states?.[name] === status);
      },
      { what: `HAProxy to see ${names.join(', ')} ${status}`, timeoutMs, intervalMs: 100, logs: [this.logFile] },
    );
  }
}
