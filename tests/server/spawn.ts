/** Child processes for the server tests: the CLI, the server, helper scripts (node + tsx, no npx in between). */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', INIT_CWD: ROOT };
  const merged = { ...base, ...env };
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined));
}

/** `node ARGV…` in the project root with the test environment. */
export function spawnNode(argv: string[], env: Record<string, string | undefined>, stdin: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  return spawn(process.execPath, argv, { cwd: ROOT, env: childEnv(env), stdio: [stdin, 'pipe', 'pipe'] });
}

export function spawnTsx(script: string, args: string[], env: Record<string, string | undefined>, stdin: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  return spawnNode(['--import', 'tsx', path.join(ROOT, script), ...args], env, stdin);
}

/** Runs a script to its end; `input` is written to its stdin (closed after it). */
export function runTsx(script: string, args: string[], env: Record<string, string | undefined> = {}, input?: string): Promise<RunResult> {
  return runNode(['--import', 'tsx', path.join(ROOT, script), ...args], env, input);
}

/** Runs `node ARGV…` to its end; `input` is written to its stdin (closed after it). */
export function runNode(argv: string[], env: Record<string, string | undefined> = {}, input?: string): Promise<RunResult> {
  const started = Date.now();
  const child = spawnNode(argv, env, input === undefined ? 'ignore' : 'pipe');
  if (input !== undefined) child.stdin?.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - started })));
}

export interface RunningProcess {
  child: ChildProcess;
  pid: number;
  output: () => string;
  /** Resolves with the first match of `pattern` in stdout+stderr; rejects when the process ends first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startTsx(script: string, args: string[], env: Record<string, string | undefined>): RunningProcess {
  return watch(spawnTsx(script, args, env));
}

/** A started child, its output collected for `waitFor`. */
export function watch(child: ChildProcess): RunningProcess {
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    output += d.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      resolve({ code, signal });
      for (const l of listeners) l();
    }),
  );
  let done = false;
  void exited.then(() => (done = true));
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          cleanup();
          resolve(match);
        } else if (done || child.exitCode !== null || child.signalCode !== null) {
          cleanup();
          reject(new Error(`process ended before ${pattern}:\n${output}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${pattern}:\n${output}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  return { child, pid: child.pid as number, output: () => output, waitFor, exited };
}

export interface RunningServer extends RunningProcess {
  origin: string;
}

/** Starts `server/main.ts` (from source, with tsx) and waits until it listens. */
export async function startServer(env: Record<string, string | undefined>): Promise<RunningServer> {
  return listening(startTsx('server/main.ts', [], env));
}

/** Waits until a server process says it listens; answers it with its origin. */
export async function listening(proc: RunningProcess, timeoutMs = 90_000): Promise<RunningServer> {
  const match = await proc.waitFor(/listening on (http:\/\/localhost:\d+)/, timeoutMs);
  return { ...proc, origin: match[1] };
}
