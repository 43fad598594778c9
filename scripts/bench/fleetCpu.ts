/**
 * CPU time of processes and of the whole machine, from /proc (Linux), for the fleet benchmark: where
 * the cores went during a window. A process's time includes all its threads and the children it has
 * reaped (cutime/cstime), and `withChildren` adds the children still running: PostgreSQL's backends
 * are children of its postmaster, and a backend that exits during the window moves its time into
 * the postmaster's cutime, so a window's difference counts it once either way.
 */
import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux for every architecture in use). */
const TICKS_PER_SECOND = 100;

/** utime+stime+cutime+cstime of one process (its own time and its reaped children's), in ticks; 0 when it is gone. */
function processTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces: count from its closing parenthesis (field 3 is index 0).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

interface ProcessTicks {
  pid: number;
  ppid: number;
  /** The command name (/proc/PID/stat's field 2). */
  name: string;
  /** utime+stime+cutime+cstime. */
  ticks: number;
  /**
   * utime+stime only: what it ran itself. (Init and shells reap orphans, whose whole lives then
   * land in their cutime: a stopped fleet's processes would show as init's work.)
   */
  ownTicks: number;
}

/** A process's command line, shortened (`node …/vitest/vitest.mjs run …`), or `name` when it is gone. */
function commandOf(pid: number, name: string): string {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const text = args.map((arg) => (arg.length > 30 ? `…${arg.slice(-24)}` : arg)).join(' ');
    return `[${pid}] ${text.length > 60 ? `${text.slice(0, 60)}…` : text || name}`;
  } catch {
    return `[${pid}] ${name}`;
  }
}

/** Every process's CPU time now. */
function allProcesses(): ProcessTicks[] {
  const processes: ProcessTicks[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ownTicks = Number(fields[11]) + Number(fields[12]);
      const ticks = ownTicks + Number(fields[13]) + Number(fields[14]);
      processes.push({ pid: Number(entry), ppid: Number(fields[1]), name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ticks, ownTicks });
    } catch {
      // gone meanwhile
    }
  }
  return processes;
}

/** A named group of processes whose CPU is summed: one server, "PostgreSQL" (the postmaster and its backends) … */
export interface CpuGroup {
  name: string;
  pids: number[];
  /** Also the children of each pid still running at the sample (the postmaster's backends). */
  withChildren?: boolean;
}

export interface CpuSample {
  at: number;
  /** Ticks by group name. */
  groups: Record<string, number>;
  /** Own ticks (utime+stime) of every process in no group, by pid (to name the other work on a shared machine). */
  others: Map<number, { name: string; ticks: number }>;
  /** Busy and total ticks of the whole machine (/proc/stat, all cores), and the busy ticks in softirq (loopback TCP is mostly there). */
  machineBusy: number;
  machineTotal: number;
  machineSoftirq: number;
}

function machineTicks(): { busy: number; total: number; softirq: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait, softirq: softirq + irq };
}

export function sampleCpu(groups: readonly CpuGroup[]): CpuSample {
  const processes = allProcesses();
  const byGroup: Record<string, number> = {};
  const grouped = new Set<number>();
  for (const group of groups) {
    let ticks = 0;
    for (const pid of group.pids) {
      ticks += processTicks(pid);
      grouped.add(pid);
      if (!group.withChildren) continue;
      for (const child of processes.filter((p) => p.ppid === pid)) {
        ticks += child.ticks;
        grouped.add(child.pid);
      }
    }
    byGroup[group.name] = ticks;
  }
  const others = new Map(processes.filter((p) => !grouped.has(p.pid)).map((p) => [p.pid, { name: p.name, ticks: p.ownTicks }]));
  const machine = machineTicks();
  return { at: Date.now(), groups: byGroup, others, machineBusy: machine.busy, machineTotal: machine.total, machineSoftirq: machine.softirq };
}

/** CPU use between two samples, in % of one core (200 % = both cores of a 2-core machine). */
export interface CpuUse {
  seconds: number;
  /** By group name. */
  groups: Record<string, number>;
  /** The whole machine's busy time, in % of one core. */
  machine: number;
  /** The machine's busy time not in any group (other work on this shared machine, the kernel's own). */
  other: number;
  /** Of the machine's busy time: interrupts and softirq (the kernel's network stack, loopback included), counted in no process. */
  softirq: number;
  /** The processes outside the groups that used most, e.g. `node 80` (this benchmark's own harness is one of them). */
  topOthers: string[];
  cores: number;
}

export function cpuBetween(before: CpuSample, after: CpuSample): CpuUse {
  const seconds = (after.at - before.at) / 1000;
  const percent = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100);
  const groups: Record<string, number> = {};
  for (const name of Object.keys(after.groups)) groups[name] = percent(Math.max(0, after.groups[name] - (before.groups[name] ?? 0)));
  const cores = os.availableParallelism();
  const totalTicks = after.machineTotal - before.machineTotal;
  const machine = totalTicks > 0 ? Math.round(((after.machineBusy - before.machineBusy) / totalTicks) * cores * 100) : 0;
  const ours = Object.values(groups).reduce((sum, value) => sum + value, 0);
  const softirq = totalTicks > 0 ? Math.round(((after.machineSoftirq - before.machineSoftirq) / totalTicks) * cores * 100) : 0;
  const topOthers = [...after.others]
    .map(([pid, p]) => ({ pid, name: p.name, use: percent(p.ticks - (before.others.get(pid)?.ticks ?? 0)) }))
    .filter((p) => p.use >= 3)
    .sort((a, b) => b.use - a.use)
    .slice(0, 4)
    .map((p) => `${commandOf(p.pid, p.name)} ${p.use} %`);
  return { seconds, groups, machine, other: Math.max(0, machine - ours), softirq, topOthers, cores };
}
