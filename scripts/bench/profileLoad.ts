/**
 * Where the time of one cold load goes:
 *
 *   npx tsx scripts/bench/profileLoad.ts [--size 100 | --demo PATH | --demo-collection PATH] [--no-build | --client DIR] [--out trace.json] [--cpu N [--cpu-min MS]] [--sourcemap]
 *
 * Builds the client into .cache/bench/client (unless --no-build, or --client names a build), imports a
 * generated material (scripts/bench/generateMaterial.ts) into a temporary PGlite dir, starts the real
 * server (or, with `--demo PATH`, starts it on a fresh data dir, where it loads the demo, and opens PATH of the
 * demo material: `--demo ''` its root page, `--demo vom-grundwasser-zum-hahn/` its longest chapter; with
 * `--demo-collection PATH` of the demo collection: `''` its grid, `materials` its material search), loads the page twice unmeasured, then records a Chromium trace of one cold load (a new browser
 * context) and prints the requests and the renderer main thread's tasks over 3 ms with what they spent most
 * on. Open --out in DevTools' Performance panel for the whole picture. A tool for finding causes; the
 * figures come from `npm run bench`. Each request shows when the page asked for it, when it went out on
 * a connection (HTTP/1.1: six per host, one request at a time each), its headers, its last byte, and when
 * the main thread took the answer up (a long task delays that).
 *
 * `--cpu N` also samples the CPU and prints, for every task of 50 ms or more (`--cpu-min`), the N functions that spent
 * most of it (themselves, and with what they called). `--sourcemap` builds with source maps (into
 * .cache/bench/client-sourcemap), so that those functions are named by their source file and line.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { buildClient, demoLinks, freePort, ROOT, serveGeneratedMaterial, startServer } from './appServer';
import { CHROMIUM_ARGS } from './browser';
import { frameNamer, functionTimes, startCpuProfile, topLines, type Profile } from './cpuProfile';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a trace event's args differ per event name; read as Chrome's trace format documents them
interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: Record<string, any> }

async function generatedPage() {
  const { server, share, generated, stop } = await serveGeneratedMaterial(size, clientDir, build);
  return { server, url: `${server.origin}/s/${share}/?lang=en`, lastElementId: generated.lastElementId, stop };
}

async function demoPage(pagePath: string, of: 'material' | 'collection') {
  if (build || !existsSync(path.join(clientDir, 'index.html'))) await buildClient(clientDir, ROOT, { sourcemap: build === 'sourcemap' });
  const temp = mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const server = await startServer({ dataDir: path.join(temp, 'data'), port: await freePort(), clientDir });
  const stop = async () => {
    await server.stop();
    rmSync(temp, { recursive: true, force: true });
  };
  return { server, url: `${demoLinks(server)[of]}${pagePath}`, lastElementId: undefined, stop };
}

// A closed pipe (`| head`) must not skip the cleanup below.
process.stdout.on('error', () => undefined);

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100' }, demo: { type: 'string' }, 'demo-collection': { type: 'string' }, 'no-build': { type: 'boolean' }, out: { type: 'string' }, client: { type: 'string' },
    cpu: { type: 'string' }, 'cpu-min': { type: 'string', default: '50' }, sourcemap: { type: 'boolean' },
  },
});
const size = Number(values.size);
const clientDir = values.client ? path.resolve(values.client) : path.join(ROOT, values.sourcemap ? '.cache/bench/client-sourcemap' : '.cache/bench/client');
const build = !values.client && !values['no-build'] && (values.sourcemap ? 'sourcemap' : true);
const { server, url, lastElementId, stop } =
  values.demo !== undefined ? await demoPage(values.demo, 'material') : values['demo-collection'] !== undefined ? await demoPage(values['demo-collection'], 'collection') : await generatedPage();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (let warm = 0; warm < 2; warm++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await context.close();
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8.execute'] });
  const sampling = values.cpu ? await startCpuProfile(await context.newCDPSession(page)) : null;
  await page.goto(url, { waitUntil: 'networkidle' });
  if (lastElementId) await page.locator(`[id="${lastElementId}"]`).first().waitFor({ state: 'attached', timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(1500);
  const profile: Profile | null = sampling ? await sampling.stop() : null;
  const buffer = await browser.stopTracing();
  if (values.out) writeFileSync(values.out, buffer);
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStartToDocumentLoad') ?? events.find((e) => e.name === 'ResourceSendRequest');
  const t0 = nav!.ts;
  const main = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames?.[0];
  const rendererPid = main?.processId as number | undefined;
  const threadNames = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name as string]));
  const mainTid = [...threadNames].find(([key, name]) => name === 'CrRendererMain' && (!rendererPid || key.startsWith(`${rendererPid}:`)))?.[0];
  const ms = (ts: number) => ((ts - t0) / 1000).toFixed(1).padStart(7);
  console.log(`${lastElementId ? `size ${size}` : `demo ${url}`}, trace events ${events.length}, main thread ${mainTid}`);
  for (const e of events.filter((e) => ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(e.name) && e.ts >= t0)) console.log(`${ms(e.ts)} ms  ${e.name}`);
  type Request = { url: string; asked: number; sent?: number; headers?: number; done?: number; taken?: number; connection?: number; bytes?: number };
  const requests = new Map<string, Request>();
  for (const e of events) {
    const data = e.args?.data;
    if (!data?.requestId) continue;
    if (e.name === 'ResourceSendRequest') requests.set(data.requestId, { url: String(data.url).replace(server.origin, ''), asked: e.ts });
    const request = requests.get(data.requestId);
    if (request && e.name === 'ResourceReceiveResponse') {
      // The network's own times (seconds, and ms after requestTime), beside when the main thread took the answer up.
      const timing = data.timing as { requestTime: number; sendStart: number; receiveHeadersEnd: number } | undefined;
      if (timing) Object.assign(request, { sent: timing.requestTime * 1e6 + timing.sendStart * 1000, headers: timing.requestTime * 1e6 + timing.receiveHeadersEnd * 1000 });
      Object.assign(request, { taken: e.ts, connection: data.connectionId });
    }
    if (request && e.name === 'ResourceFinish') Object.assign(request, { done: typeof data.finishTime === 'number' && data.finishTime > 0 ? data.finishTime * 1e6 : e.ts, bytes: data.encodedDataLength });
  }
  // HTTP/1.1 sends a request only when one of the host's six connections is free: `sent` - `asked` is the wait for one.
  console.log('\n  asked     sent  headers     done    taken  conn   bytes  url');
  const at = (ts: number | undefined) => (ts === undefined ? '      -' : ms(ts));
  for (const r of [...requests.values()].filter((r) => r.asked >= t0).sort((a, b) => a.asked - b.asked)) {
    console.log(`${ms(r.asked)}  ${at(r.sent)}  ${at(r.headers)}  ${at(r.done)}  ${at(r.taken)} ${String(r.connection ?? '').padStart(5)} ${String(r.bytes ?? '').padStart(7)}  ${r.url.slice(0, 80)}`);
  }
  const tasks = events.filter((e) => `${e.pid}:${e.tid}` === mainTid && e.name === 'RunTask' && (e.dur ?? 0) > 3000 && e.ts >= t0);
  console.log('\nmain-thread tasks over 3 ms:');
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inner = events.filter((e) => `${e.pid}:${e.tid}` === mainTid && e.ts >= task.ts && e.ts < end && e.ph === 'X' && e.name !== 'RunTask' && (e.dur ?? 0) > 1500);
    const kinds = new Map<string, number>();
    for (const e of inner) {
      const label = e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'FunctionCall' ? `${e.name} ${(e.args?.data?.url ?? e.args?.data?.functionName ?? '').replace(server.origin, '').slice(-40)}` : e.name;
      kinds.set(label, Math.max(kinds.get(label) ?? 0, e.dur! / 1000));
    }
    const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, d]) => `${k} ${d.toFixed(0)}`).join(' | ');
    console.log(`${ms(task.ts)} ms  ${(task.dur! / 1000).toFixed(1).padStart(6)} ms  ${top}`);
  }
  if (profile) {
    const name = frameNamer(clientDir);
    for (const task of tasks.filter((t) => t.dur! >= Number(values['cpu-min']) * 1000)) {
      const { self, total } = functionTimes(profile, name, task.ts, task.ts + task.dur!);
      console.log(`\nthe task at ${ms(task.ts).trim()} ms (${(task.dur! / 1000).toFixed(1)} ms), self time:`);
      console.log(topLines(self, Number(values.cpu)).join('\n'));
      console.log('with what they called:');
      console.log(topLines(total, Number(values.cpu)).join('\n'));
    }
  }
} finally {
  await browser.close();
  await stop();
}
