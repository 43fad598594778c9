/** A real zombie process for the tests of process identity (Linux /proc). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export interface Zombie {
  /** The zombie: it exited, and its parent never reaps it. */
  pid: number;
  /** Kills the parent, so that the zombie is handed to init and reaped. */
  dispose(): Promise<void>;
}

const stateOf = (pid: number): string | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
};

const childrenOf = (pid: number): number[] => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/**
 * Makes a zombie: `sh -c 'sleep 0.2 & exec sleep 60'` backgrounds a short sleep, then becomes a long
 * sleep, which is the short one's parent and never waits for it. Resolves once /proc shows it as Z.
 */
export async function makeZombie(): Promise<Zombie> {
  const parent: ChildProcess = spawn('sh', ['-c', 'sleep 0.2 & exec sleep 60'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => parent.on('exit', () => resolve()));
  const dispose = async () => {
    if (parent.exitCode === null && parent.signalCode === null) {
      parent.kill('SIGKILL');
      await exited;
    }
  };
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const zombie = childrenOf(parent.pid as number).find((pid) => stateOf(pid) === 'Z');
    if (zombie !== undefined) return { pid: zombie, dispose };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await dispose();
  throw new Error('no zombie appeared within 10 s');
}
