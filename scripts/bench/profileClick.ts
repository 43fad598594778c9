/**
 * Where the time of a click goes:
 *
 *   npx tsx scripts/bench/profileClick.ts [--size 1000] [--clicks 5] [--no-build | --client DIR] [--top 25] [--sourcemap]
 *
 * Like profileLoad.ts it builds the client, imports a generated material into a temporary PGlite dir and
 * starts the real server. It loads the page, selects the right choice of the question near the end (the one
 * `npm run bench` clicks), then records Evaluate / Edit Answer cycles: a Chromium trace of each Evaluate
 * click, summed over the renderer's main thread by what the time went to (script, style, layout, paint…),
 * and a sampled CPU profile of all of them, printed as the functions that spent most time (themselves, and
 * with what they called; `--sourcemap` as in profileLoad.ts names them by their source). A tool for finding
 * causes; the click figure of the budget comes from `npm run bench`. PROFILE_CATEGORIES=a,b adds trace categories
 * (say blink,cc,v8) to name more of what the main thread did.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Locator } from 'playwright';
import { ROOT, serveGeneratedMaterial } from './appServer';
import { CHROMIUM_ARGS } from './browser';
import { frameNamer, functionTimes, startCpuProfile, topLines } from './cpuProfile';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a trace event's args differ per event name; read as Chrome's trace format documents them
interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: Record<string, any> }

process.stdout.on('error', () => undefined);

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000' }, clicks: { type: 'string', default: '5' }, 'no-build': { type: 'boolean' },
    client: { type: 'string' }, top: { type: 'string', default: '25' }, sourcemap: { type: 'boolean' },
  },
});
const size = Number(values.size);
const clicks = Number(values.clicks);
const clientDir = values.client ? path.resolve(values.client) : path.join(ROOT, values.sourcemap ? '.cache/bench/client-sourcemap' : '.cache/bench/client');
const build = !values.client && !values['no-build'] && (values.sourcemap ? 'sourcemap' : true);
const { server, share, generated, stop } = await serveGeneratedMaterial(size, clientDir, build);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/**
 * What a trace event's time counts as; an event of another name counts as what its nearest named ancestor
 * is, and without one as `other (its name)`.
 */
const KIND_OF: Record<string, string> = {
  FunctionCall: 'script', EvaluateScript: 'script', 'v8.callFunction': 'script', RunMicrotasks: 'script', TimerFire: 'script', FireAnimationFrame: 'script',
  UpdateLayoutTree: 'style', RecalculateStyles: 'style', Layout: 'layout', PrePaint: 'paint', Paint: 'paint', Layerize: 'paint', UpdateLayer: 'paint',
  MinorGC: 'gc', MajorGC: 'gc', ParseHTML: 'parse html', HitTest: 'hit test', IntersectionObserverController: 'observers',
  'ResizeObserverController::DeliverObservations': 'observers',
};

/** The mark the page sets in the frame after the feedback appeared (see ARM below). */
const ON_SCREEN = 'profile-click:feedback-on-screen';

/**
 * Self time of the main thread's complete events from the pointer event to the frame with the feedback,
 * by kind (ms); the window's bounds in trace time (µs).
 */
function mainThreadKinds(events: TraceEvent[]): { kinds: Map<string, number>; start: number; end: number } {
  const names = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name as string]));
  const main = new Set([...names].filter(([, name]) => name === 'CrRendererMain').map(([key]) => key));
  const onMain = events.filter((e) => e.ph === 'X' && e.dur !== undefined && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const input = onMain.find((e) => e.name === 'EventDispatch' && /^(pointerdown|mousedown)$/.test(e.args?.data?.type));
  const mark = events.find((e) => e.name === ON_SCREEN);
  if (!input || !mark) throw new Error(`the trace has no ${input ? 'mark of the feedback' : 'pointer event'}`);
  const [start, stop] = [input.ts, mark.ts];
  const kinds = new Map<string, number>();
  const open: { end: number; kind: string; selfUs: number }[] = [];
  const closeUntil = (ts: number) => {
    while (open.length && open.at(-1)!.end <= ts) {
      const done = open.pop()!;
      kinds.set(done.kind, (kinds.get(done.kind) ?? 0) + done.selfUs / 1000);
    }
  };
  for (const event of onMain) {
    if (event.ts < start || event.ts >= stop) continue;
    closeUntil(event.ts);
    const parent = open.at(-1);
    const end = Math.min(event.ts + event.dur!, stop);
    if (parent) parent.selfUs -= end - event.ts;
    open.push({ end, kind: KIND_OF[event.name] ?? parent?.kind ?? `other (${event.name})`, selfUs: end - event.ts });
  }
  closeUntil(Number.POSITIVE_INFINITY);
  return { kinds, start, end: stop };
}

/**
 * The middle of the button, once the button is what the page has there: on a long page, elements above
 * still settle their size after the scroll (content-visibility), and a click at a stale point misses.
 */
async function pointOn(button: Locator): Promise<{ x: number; y: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    if (box) {
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const hit = await button.evaluate((node, { x, y }) => node.contains(document.elementFromPoint(x, y)), point);
      if (hit) return point;
    }
    await button.page().waitForTimeout(100);
  }
  throw new Error('the button never stayed under the pointer');
}

try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.origin}/s/${share}/?lang=en`, { waitUntil: 'networkidle' });
  await page.locator(`[id="${generated.lastElementId}"]`).first().waitFor({ state: 'attached', timeout: 120_000 });
  const question = page.locator(`[id="${generated.clickTargetId}"]`);
  await question.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  await question.locator(`[data-choice-id="${generated.clickChoiceId}"]`).click();
  await page.waitForTimeout(1000);
  const cdp = await context.newCDPSession(page);
  const name = frameNamer(clientDir);
  const kinds = new Map<string, number>();
  const spans: number[] = [];
  const selfTimes = new Map<string, number>();
  const totalTimes = new Map<string, number>();
  // Set before the click, so that nothing of the test's own runs between the click and the feedback's frame
  // (the evaluation's value is `true`, not the promise, which page.evaluate would wait for).
  const arm = `window.__profileClick = new Promise((resolve) => {
    const question = document.getElementById(${JSON.stringify(generated.clickTargetId)});
    const observer = new MutationObserver(() => {
      if (!question.querySelector('[data-feedback]')) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => { performance.mark(${JSON.stringify(ON_SCREEN)}); resolve(true); }, 0));
    });
    observer.observe(question, { childList: true, subtree: true });
  }), true`;
  for (let i = 0; i < clicks; i++) {
    const point = await pointOn(question.getByRole('button', { name: 'Evaluate' }));
    await page.evaluate(arm);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', ...(process.env.PROFILE_CATEGORIES ?? '').split(',').filter(Boolean)] });
    const sampling = await startCpuProfile(cdp);
    await page.mouse.click(point.x, point.y);
    await Promise.race([
      page.evaluate('window.__profileClick'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no feedback within 20 s of the click')), 20_000)),
    ]);
    const profile = await sampling.stop();
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const click = mainThreadKinds(events);
    spans.push((click.end - click.start) / 1000);
    for (const [kind, ms] of click.kinds) kinds.set(kind, (kinds.get(kind) ?? 0) + ms);
    const { self, total } = functionTimes(profile, name, click.start, click.end);
    for (const [key, ms] of self) selfTimes.set(key, (selfTimes.get(key) ?? 0) + ms);
    for (const [key, ms] of total) totalTimes.set(key, (totalTimes.get(key) ?? 0) + ms);
    await page.waitForTimeout(300);
    await question.getByRole('button', { name: 'Edit Answer' }).click();
    await question.locator('[data-feedback]').waitFor({ state: 'detached' });
    // Edit Answer clears the choice, and Evaluate waits for one.
    await question.locator(`[data-choice-id="${generated.clickChoiceId}"]`).click();
    await page.waitForTimeout(300);
  }
  const per = (ms: number) => (ms / clicks).toFixed(2).padStart(8);
  console.log(`${size} elements, ${clicks} Evaluate clicks; the main thread from the pointer event to the frame after the feedback appeared, per click:`);
  console.log(`span ${per(spans.reduce((a, b) => a + b, 0))} ms (median ${spans.sort((a, b) => a - b)[Math.floor(spans.length / 2)].toFixed(2)} ms)`);
  for (const [kind, ms] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`${per(ms)} ms  ${kind}`);
  console.log(`\nself time per function, per click (sampled every 0.1 ms, top ${values.top}):`);
  console.log(topLines(selfTimes, Number(values.top), clicks).join('\n'));
  console.log('with what they called:');
  console.log(topLines(totalTimes, Number(values.top), clicks).join('\n'));
} finally {
  await browser.close();
  await stop();
}
