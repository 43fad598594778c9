/**
 * No fleet outlives the process that started it (unless asked to: `npm run fleet -- up`): its
 * processes are ended when this process exits or gets SIGINT, SIGTERM or SIGHUP, and a watchdog
 * (a small shell loop in a session of its own) runs `npm run fleet -- down` for it should this
 * process die without a chance to clean up (SIGKILL, a crash of the test runner).
 */
import { isMainThread } from 'node:worker_threads';
import path from 'node:path';
import { spawnLogged, type ProcessId } from './processes';

const reapers = new Set<() => void>();
let installed = false;

/**
 * Registers `reap` (synchronous: it runs in the `exit` event) to end a fleet's processes when
 * this process ends; answers a function that unregisters it (after a normal `down()`).
 */
export function reapOnExit(reap: () => void): () => void {
  install();
  reapers.add(reap);
  return () => reapers.delete(reap);
}

function reapAll(): void {
  for (const reap of [...reapers]) {
    reapers.delete(reap);
    try {
      reap();
    } catch {
      // the others still get their turn
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', reapAll);
  // A worker thread gets no signals; its process's watchdog covers it.
  if (!isMainThread) return;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      reapAll();
      // Without another handler the signal's default (ending this process) is what the sender asked for.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}

/**
 * Starts the watchdog of the fleet in `dir`: once this process is gone it runs
 * `node --import tsx scripts/fleet/cli.ts down --dir DIR --fast` (from the project `root`). `down()`
 * ends the watchdog first.
 */
export function startWatchdog({ root, dir, logFile }: { root: string; dir: string; logFile: string }): ProcessId {
  const script = 'while kill -0 "$0" 2>/dev/null; do sleep 1; done; exec "$1" --import tsx "$2" down --dir "$3" --fast --quiet';
  const cli = path.join(root, 'scripts', 'fleet', 'cli.ts');
  const started = spawnLogged('sh', ['-c', script, String(process.pid), process.execPath, cli, dir], { cwd: root, env: process.env, logFile });
  return { pid: started.pid, startTime: started.startTime };
}
