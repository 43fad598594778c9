/**
 * The kernel's TCP counters that show connections refused for want of room (Linux,
 * /proc/net/netstat, for the whole machine): a listener whose accept queue is full (HAProxy at its
 * `maxconn` stops accepting) makes the kernel drop new connections' handshakes, and the client tries
 * again after 1 s, 3 s, 7 s … — latencies of whole seconds with idle CPUs.
 */
import fs from 'node:fs';

export interface ListenCounters {
  /** Connections dropped because a listener's accept queue was full (TcpExt ListenOverflows). */
  listenOverflows: number;
  /** Handshakes dropped at a listener for any reason (TcpExt ListenDrops). */
  listenDrops: number;
}

export function listenCounters(): ListenCounters {
  try {
    const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const names = lines.find((line) => line.startsWith('TcpExt:'))?.split(/\s+/) ?? [];
    const values = lines.filter((line) => line.startsWith('TcpExt:'))[1]?.split(/\s+/) ?? [];
    const value = (name: string) => Number(values[names.indexOf(name)] ?? 0);
    return { listenOverflows: value('ListenOverflows'), listenDrops: value('ListenDrops') };
  } catch {
    return { listenOverflows: 0, listenDrops: 0 };
  }
}

export function listenCountersBetween(before: ListenCounters, after: ListenCounters): ListenCounters {
  return { listenOverflows: after.listenOverflows - before.listenOverflows, listenDrops: after.listenDrops - before.listenDrops };
}
