/**
 * One compiled Lernwerk server of the fleet (`node --enable-source-maps dist/server/main.js`): its
 * own port and DATA_DIR, the fleet's PostgreSQL, its output appended to DIR/logs/NAME.log.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isRunning, signalProcess, spawnLogged, tailOf, terminate } from './processes';
import type { ServerState } from './state';
import { waitUntil } from './wait';

/** What a server's readiness check answered. */
export interface Readiness {
  /** The HTTP status; null when nothing answered (refused, timed out). */
  status: number | null;
  retryAfter: string | null;
  body: string;
}

export interface ServerStartOptions {
  /** Variables to set (or, undefined, to remove) from this start on. */
  env?: Record<string, string | undefined>;
  /** Another node binary from this start on. */
  node?: string;
  /** Wait until it listens and its readiness check answers 200 (`ready`, default), until it listens, or not at all. */
  wait?: 'ready' | 'listening' | 'none';
  timeoutMs?: number;
}

/** How a server process ended: known only for one this process started. */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What a FleetServer needs from its fleet. */
export interface ServerContext {
  root: string;
  checkPath: () => string;
  shutdownDrainMs: number;
  /** Writes the fleet's state file (a new pid). */
  save: () => void;
}

const LISTENING = /Lernwerk listening on /;

export class FleetServer {
  /** The process of the last start, when this process started it. */
  private child: ChildProcess | null = null;
  private startOffset = 0;

  constructor(
    readonly state: ServerState,
    private readonly context: ServerContext,
  ) {}

  /** app1, app2 …: also its name in the balancer. */
  get name(): string {
    return this.state.name;
  }
  get port(): number {
    return this.state.port;
  }
  /** Where it answers directly (not through the balancer). */
  get origin(): string {
    return `http://127.0.0.1:${this.state.port}`;
  }
  get dataDir(): string {
    return this.state.dataDir;
  }
  get logFile(): string {
    return this.state.logFile;
  }
  /** The environment it is started with. */
  get env(): Readonly<Record<string, string>> {
    return this.state.env;
  }
  /** The running process's pid; null when it is not running. */
  get pid(): number | null {
    return this.running() ? (this.state.process?.pid ?? null) : null;
  }

  running(): boolean {
    return isRunning(this.state.process);
  }

  /** Sends a signal (default SIGKILL: a crash) without waiting; answers whether it was sent. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): boolean {
    return signalProcess(this.state.process, signal);
  }

  /**
   * Starts it (again) with the same environment (plus `options.env`), on the same port and data
   * dir; by default resolves once it listens and its readiness check answers 200. Throws when it
   * runs already, or (with the tail of its log) when it exits or misses the deadline.
   */
  async start(options: ServerStartOptions = {}): Promise<void> {
    if (this.running()) throw new Error(`${this.name} runs already (pid ${this.state.process?.pid})`);
    if (options.node) this.state.node = options.node;
    for (const [key, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete this.state.env[key];
      else this.state.env[key] = value;
    }
    fs.mkdirSync(this.dataDir, { recursive: true });
    fs.mkdirSync(path.dirname(this.logFile), { recursive: true });
    fs.appendFileSync(this.logFile, `--- npm run fleet: ${this.name} starting at ${new Date().toISOString()} (${this.state.node}) ---\n`);
    this.startOffset = fs.statSync(this.logFile).size;
    const started = spawnLogged(this.state.node, ['--enable-source-maps', path.join(this.context.root, 'dist', 'server', 'main.js')], {
      cwd: this.context.root,
      env: this.state.env,
      logFile: this.logFile,
    });
    this.child = started.child;
    this.state.process = { pid: started.pid, startTime: started.startTime };
    this.context.save();
    const wait = options.wait ?? 'ready';
    const timeoutMs = options.timeoutMs ?? 60_000;
    const deadline = Date.now() + timeoutMs;
    if (wait === 'none') return;
    await this.waitListening(timeoutMs);
    if (wait === 'ready') await this.waitReady(Math.max(1_000, deadline - Date.now()));
  }

  /** Resolves once the server printed that it listens (since its last start). */
  async waitListening(timeoutMs = 60_000): Promise<void> {
    await waitUntil(() => LISTENING.test(this.outputSinceStart()), {
      what: `${this.name} (port ${this.port}) to listen`,
      timeoutMs,
      intervalMs: 50,
      logs: [this.logFile],
      abort: () => (this.running() ? null : 'the server process ended'),
    });
  }

  /** Resolves once its readiness check answers 200. */
  async waitReady(timeoutMs = 30_000): Promise<void> {
    await waitUntil(() => this.ready(), {
      what: `${this.name} to answer ${this.context.checkPath()} with 200`,
      timeoutMs,
      intervalMs: 100,
      logs: [this.logFile],
      abort: () => (this.running() ? null : 'the server process ended'),
    });
  }

  /** Whether its readiness check (/api/ready) answers 200 now. */
  async ready(): Promise<boolean> {
    return (await this.readiness()).status === 200;
  }

  /** What its readiness check answers now (2 s at most). */
  async readiness(timeoutMs = 2_000): Promise<Readiness> {
    try {
      const response = await fetch(`${this.origin}${this.context.checkPath()}`, { signal: AbortSignal.timeout(timeoutMs) });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
    } catch {
      return { status: null, retryAfter: null, body: '' };
    }
  }

  /**
   * SIGTERM (a graceful stop: it drains for SHUTDOWN_DRAIN_MS, then closes), and waits until it has
   * exited; SIGKILL when it is still there after `timeoutMs` (default: the drain plus 15 s).
   * Answers how it ended when this process started it, else null.
   */
  async stop(timeoutMs = this.context.shutdownDrainMs + 15_000): Promise<ServerExit | null> {
    const exit = this.exitOf(this.child);
    await terminate(this.state.process, timeoutMs);
    return exit;
  }

  /** Resolves with how the current process ended (null when this process did not start it); rejects after `timeoutMs`. */
  async waitExit(timeoutMs = 30_000): Promise<ServerExit | null> {
    const exit = this.exitOf(this.child);
    await waitUntil(() => !this.running(), { what: `${this.name} to exit`, timeoutMs, logs: [this.logFile] });
    return exit;
  }

  /**
   * How `child` ended, once it has; null for a process this one did not start. The child is
   * referenced meanwhile: its exit event arrives only while something keeps this process's event
   * loop running (the children are unreferenced otherwise, so that they never hold it open).
   */
  private async exitOf(child: ChildProcess | null): Promise<ServerExit | null> {
    if (!child) return null;
    if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
    child.ref();
    try {
      return await new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    } finally {
      child.unref();
    }
  }

  /** What it printed since its last start. */
  outputSinceStart(): string {
    try {
      const text = fs.readFileSync(this.logFile);
      return text.subarray(Math.min(this.startOffset, text.length)).toString('utf8');
    } catch {
      return '';
    }
  }

  /** The last lines of its log. */
  logTail(lines = 25): string {
    return tailOf(this.logFile, lines);
  }
}
