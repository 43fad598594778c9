import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'lernwerk.lock';

/** A second process tried to open a data directory that a live process holds. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      pid === process.pid
        ? `Data directory ${dir} is already open in this process (pid ${pid}).`
        : `Data directory ${dir} is in use by process ${pid} (lock file ${lockFile}). Stop that process first, or use another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DirLock {
  readonly dir: string;
  readonly file: string;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

const heldInThisProcess = new Map<string, DirLock>();
let exitHookInstalled = false;

/**
 * Takes the lock of a data directory: a file `lernwerk.lock` holding this process's pid (and, on
 * Linux, its start time, so a pid reused after a crash does not count as alive). A lock whose
 * process is gone is stale and taken over.
 */
export function acquireDirLock(dir: string): DirLock {
  const absDir = path.resolve(dir);
  const file = path.join(absDir, LOCK_FILE_NAME);
  if (heldInThisProcess.has(file)) throw new DataDirLockedError(absDir, process.pid, file);
  fs.mkdirSync(absDir, { recursive: true });
  installExitHook();

  const content = `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, content)) {
      const lock: DirLock = {
        dir: absDir,
        file,
        release: () => {
          if (heldInThisProcess.get(file) !== lock) return;
          heldInThisProcess.delete(file);
          if (readLock(file)?.raw === content) fs.rmSync(file, { force: true });
        },
      };
      heldInThisProcess.set(file, lock);
      return lock;
    }
    const owner = readLock(file);
    if (owner === null) continue; // vanished between our attempt and the read: try again
    if (owner.pid !== null && owner.pid !== process.pid && isAlive(owner.pid, owner.startTime)) {
      throw new DataDirLockedError(absDir, owner.pid, file);
    }
    // Stale (its process is gone, or unreadable): remove it only if it still holds what we read.
    if (readLock(file)?.raw === owner.raw) fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}; another process keeps changing it.`);
}

/** Creates the lock file complete or not at all: write a private file, then hard-link it into place. */
function tryCreate(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, content, { flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function readLock(file: string): { raw: string; pid: number | null; startTime: string | null } | null {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const [pidLine = '', startLine = ''] = raw.split('\n');
  const pid = /^\d+$/.test(pidLine.trim()) ? Number(pidLine.trim()) : null;
  return { raw, pid, startTime: startLine.trim() || null };
}

/**
 * Whether process `pid` runs and (on Linux, when `startTime` is known) is the one that started then.
 * A zombie (exited, not yet reaped by its parent) or a dying process (/proc state Z or X) is dead:
 * it holds nothing and serves nothing.
 */
export function isAlive(pid: number, startTime: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid exists; on Linux make sure it still runs and is the process that wrote the lock.
  const stat = processStat(pid);
  if (stat === null) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return startTime === null || stat.startTime === null || stat.startTime === startTime;
}

/** Start time of a process in clock ticks since boot (Linux /proc), or null where unknown. */
export function processStartTime(pid: number): string | null {
  return processStat(pid)?.startTime ?? null;
}

/** A process's state letter (field 3) and start time (field 22) from /proc/PID/stat (Linux), or null where unknown. */
function processStat(pid: number): { state: string; startTime: string | null } | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Field 2 (the command) may hold spaces and parentheses; the fields after the last ')' start at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? null };
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const lock of [...heldInThisProcess.values()]) lock.release();
  });
}
