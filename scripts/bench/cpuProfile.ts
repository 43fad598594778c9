/**
 * A sampled CPU profile of the page (CDP `Profiler`), summed per function within a window of trace time.
 * With a build that has source maps (`--sourcemap` builds beside the client), functions are named by their
 * source file and line instead of the minified name and chunk. Used by profileLoad.ts and profileClick.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession } from 'playwright';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
export interface Profile { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

/** Starts sampling every 0.1 ms; `stop()` returns the profile. Times are trace time (µs), as in Chromium's traces. */
export async function startCpuProfile(cdp: CDPSession): Promise<{ stop: () => Promise<Profile> }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return { stop: async () => ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile };
}

/** Names a call frame by its source place when the chunk's map is in `clientDir/assets`, else by chunk and position. */
export function frameNamer(clientDir: string): (frame: ProfileNode['callFrame']) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (chunk: string) => {
    if (!maps.has(chunk)) {
      const file = path.join(clientDir, 'assets', `${chunk}.map`);
      maps.set(chunk, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap) : null);
    }
    return maps.get(chunk)!;
  };
  return (frame) => {
    const chunk = /\/app\/assets\/([^/?#]+\.js)/.exec(frame.url)?.[1];
    if (!chunk) return frame.functionName || (frame.url ? `(anonymous) ${frame.url}` : '(anonymous)');
    const original = mapOf(chunk)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original?.source) {
      const source = original.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
      return `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line}`;
    }
    return `${frame.functionName || '(anonymous)'} ${chunk}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  };
}

/**
 * Self and total time per function (ms) of the samples within [start, end) (trace time, µs); a function
 * counts once per sample in `total` however deep it recurses.
 */
export function functionTimes(profile: Profile, name: (frame: ProfileNode['callFrame']) => string, start: number, end: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (at < start || at >= end) return;
    const leaf = name(byId.get(id)!.callFrame);
    self.set(leaf, (self.get(leaf) ?? 0) + ms);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const key = name(byId.get(node)!.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  });
  return { self, total };
}

/** The `top` largest entries, one line each, divided by `per` (e.g. the number of clicks). */
export function topLines(times: Map<string, number>, top: number, per = 1): string[] {
  return [...times]
    .filter(([key]) => key !== '(idle)' && key !== '(root)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, ms]) => `${(ms / per).toFixed(2).padStart(8)} ms  ${key}`);
}
