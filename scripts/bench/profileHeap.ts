/**
 * What the JS heap holds after a load:
 *
 *   npx tsx scripts/bench/profileHeap.ts [--size 5000] [--no-build | --client DIR] [--top 40] [--out file.heapsnapshot]
 *
 * Like profileLoad.ts it builds the client, imports a generated material into a temporary PGlite dir and
 * starts the real server; then it loads the page once, waits for the last element, forces a GC, takes a
 * heap snapshot over CDP and prints the self size per constructor (and per node type for the rest). A tool
 * for finding causes; the heap figure of the budget comes from `npm run bench`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { ROOT, serveGeneratedMaterial } from './appServer';
import { CHROMIUM_ARGS } from './browser';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

process.stdout.on('error', () => undefined);

const { values } = parseArgs({
  options: { size: { type: 'string', default: '5000' }, 'no-build': { type: 'boolean' }, client: { type: 'string' }, top: { type: 'string', default: '40' }, out: { type: 'string' } },
});
const size = Number(values.size);
const clientDir = values.client ? path.resolve(values.client) : path.join(ROOT, '.cache/bench/client');
const { server, share, generated, stop } = await serveGeneratedMaterial(size, clientDir, !values.client && !values['no-build']);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.origin}/s/${share}/?lang=en`, { waitUntil: 'networkidle' });
  await page.locator(`[id="${generated.lastElementId}"]`).first().waitFor({ state: 'attached', timeout: 120_000 });
  await page.waitForTimeout(2000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  const text = chunks.join('');
  if (values.out) writeFileSync(values.out, text);
  const snapshot = JSON.parse(text) as Snapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const bySort = new Map<string, { count: number; bytes: number }>();
  let total = 0;
  for (let at = 0; at < snapshot.nodes.length; at += width) {
    const type = types[snapshot.nodes[at + typeAt]];
    const name = snapshot.strings[snapshot.nodes[at + nameAt]];
    const key = type === 'object' || type === 'closure' ? `${type} ${name.slice(0, 60)}` : type;
    const bytes = snapshot.nodes[at + sizeAt];
    total += bytes;
    const entry = bySort.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += bytes;
    bySort.set(key, entry);
  }
  console.log(`${size} elements: used JS heap ${(usedSize / 1048576).toFixed(1)} MiB, snapshot self sizes ${(total / 1048576).toFixed(1)} MiB`);
  const rows = [...bySort.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, Number(values.top));
  for (const [key, { count, bytes }] of rows) console.log(`${(bytes / 1024).toFixed(0).padStart(8)} KiB ${String(count).padStart(8)}  ${key}`);
} finally {
  await browser.close();
  await stop();
}
