/**
 * Processes of the fleet: started detached with their output in a log file, found again by pid and
 * start time (a pid reused by another program is never signalled), waited for with a deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A process the fleet started: its pid and its start time (clock ticks since boot, /proc/PID/stat). */
export interface ProcessId {
  pid: number;
  startTime: string | null;
}

/** The start time of a process (Linux: field 22 of /proc/PID/stat); null when it is gone or unknown. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process runs (and is not a zombie), and is the one that was started (same start time) when that is known. */
export function isRunning(id: ProcessId | null | undefined): boolean {
  if (!id) return false;
  try {
    process.kill(id.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${id.pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
  } catch {
    return false;
  }
  return id.startTime === null || processStartTime(id.pid) === id.startTime;
}

/** Sends `signal` when the process is still the one started; answers whether it was sent. */
export function signalProcess(id: ProcessId | null | undefined, signal: NodeJS.Signals): boolean {
  if (!id || !isRunning(id)) return false;
  try {
    process.kill(id.pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to the process group led by `id` (a detached child and whatever it started). */
export function signalGroup(id: ProcessId | null | undefined, signal: NodeJS.Signals): boolean {
  if (!id || !isRunning(id)) return false;
  try {
    process.kill(-id.pid, signal);
    return true;
  } catch {
    return signalProcess(id, signal);
  }
}

/** Waits until the process is gone; answers false when it still runs after `timeoutMs`. */
export async function waitForExit(id: ProcessId | null | undefined, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(id)) {
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
  return true;
}

/** SIGTERM (and SIGCONT), then SIGKILL when it has not ended within `graceMs`; resolves once it is gone. */
export async function terminate(id: ProcessId | null | undefined, graceMs: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!signalProcess(id, signal)) return;
  // A stopped process (SIGSTOP: a fault test's hung server) handles the signal only once it runs again.
  signalProcess(id, 'SIGCONT');
  if (await waitForExit(id, graceMs)) return;
  signalProcess(id, 'SIGKILL');
  await waitForExit(id, 5_000);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface LoggedProcess extends ProcessId {
  /** The child when this process started it (its exit code is known then); null for one found in a state file. */
  child: ChildProcess | null;
}

export interface SpawnLoggedOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** stdout and stderr are appended here. */
  logFile: string;
  /** Written to its stdin (which is closed after it); without it stdin is /dev/null. */
  input?: string;
}

/**
 * Starts a command detached (its own session, so a terminal's Ctrl-C or hang-up does not reach it)
 * with stdout and stderr appended to `logFile`, and unreferenced (it does not keep this process
 * alive; the fleet's cleanup ends it, scripts/fleet/cleanup.ts).
 */
export function spawnLogged(command: string, args: string[], options: SpawnLoggedOptions): LoggedProcess {
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const fd = fs.openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: [options.input === undefined ? 'ignore' : 'pipe', fd, fd] });
  } finally {
    fs.closeSync(fd);
  }
  if (child.pid === undefined) throw new Error(`Could not start ${command}`);
  child.on('error', () => undefined);
  if (options.input !== undefined) {
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input);
  }
  child.unref();
  return { pid: child.pid, startTime: processStartTime(child.pid), child };
}

/** Runs a command to its end (detached, output to `logFile`); rejects with the log's tail when it fails or outlasts `timeoutMs`. */
export async function runLogged(command: string, args: string[], options: SpawnLoggedOptions & { timeoutMs: number; what: string }): Promise<void> {
  const started = spawnLogged(command, args, options);
  const child = started.child as ChildProcess;
  // Awaited: it keeps this process alive meanwhile.
  child.ref();
  const result = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, signal: null });
      fs.appendFileSync(options.logFile, `${error.message}\n`);
    });
  });
  if (result === 'timeout') {
    signalGroup(started, 'SIGKILL');
    throw new Error(`${options.what} did not finish within ${options.timeoutMs / 1000} s.\n${tailOf(options.logFile)}`);
  }
  if (result.code !== 0) {
    throw new Error(`${options.what} failed (${result.signal ?? `exit code ${result.code}`}).\n${tailOf(options.logFile)}`);
  }
}

/** The last `lines` lines of a log file, headed by its path (for error messages). */
export function tailOf(file: string, lines = 25): string {
  let text: string;
  try {
    const size = fs.statSync(file).size;
    const fd = fs.openSync(file, 'r');
    try {
      const length = Math.min(size, 64 * 1024);
      const buffer = Buffer.alloc(length);
      fs.readSync(fd, buffer, 0, length, size - length);
      text = buffer.toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return `(no log at ${file})`;
  }
  const tail = text.split('\n').filter((line, i, all) => line !== '' || i < all.length - 1).slice(-lines);
  return `--- last ${tail.length} lines of ${file} ---\n${tail.join('\n')}`;
}

/** The processes whose working directory is `dir` (PostgreSQL's postmaster and every backend run in their data directory). */
export function processesIn(dir: string): ProcessId[] {
  const found: ProcessId[] = [];
  const target = path.resolve(dir);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) === target) {
        const pid = Number(entry);
        found.push({ pid, startTime: processStartTime(pid) });
      }
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
