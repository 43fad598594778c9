/**
 * Page-load and click measurements in Chromium, taken from outside the page under test: an init script
 * (installed before any script of the page runs) with PerformanceObservers and MutationObservers, and
 * the Chrome DevTools Protocol for network, heap and garbage collection. The app's own marks are never
 * read, so the app cannot flatter itself; the app and the static floor are measured by the same code.
 *
 * The in-page code is plain JavaScript in strings: functions handed to the page as functions would be
 * serialised after tsx's transform, which may add helpers the page does not have.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';

export { CHROMIUM_ARGS } from '../chromiumArgs';

/** "All interactive" needs this long without long tasks and without requests in flight. */
export const QUIET_WINDOW_MS = 1000;
/** Long-task entries reach the observer a little after the task; the window is trusted only this much later. */
const REPORT_MARGIN_MS = 250;
/** JS/CSS/HTML/JSON responses at least this large must come compressed (@fastify/compress's default threshold). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type PageKind = 'app' | 'floor';

export interface LoadTarget {
  kind: PageKind;
  url: string;
  /** The model id of the page's last element: "rendered" when its text is on the page (not a loading placeholder). */
  lastElementId: string;
  /** The choice question near the end that is clicked, and its correct choice. */
  clickTargetId: string;
  clickChoiceId: string;
}

export interface ResponseInfo {
  url: string;
  mimeType: string;
  status: number;
  encoding: string | null;
  decodedBytes: number;
}

export interface LoadResult {
  kind: PageKind;
  status: 'ok' | 'timeout' | 'error';
  error?: string;
  /** Navigation → first contentful paint (paint timing), ms. */
  fcpMs?: number;
  /** Navigation → the last element's content (its text, not a loading placeholder) is in the DOM, ms. */
  lastRenderedMs?: number;
  /**
   * The app's page rendered into `#root`, the server's first paint (`#shell`) gone: from then on its widgets
   * answer. Undefined for the floor, which has no app.
   */
  appStartedMs?: number;
  /** Navigation → all interactive (see `allInteractiveOf`), ms. */
  allInteractiveMs?: number;
  longTasks?: number;
  longTaskMs?: number;
  /** Runtime.getHeapUsage usedSize after HeapProfiler.collectGarbage, bytes. */
  heapBytes?: number;
  /** Sum of Network.loadingFinished encodedDataLength until all interactive, bytes. */
  wireBytes?: number;
  requests?: number;
  /** JS, CSS, HTML and JSON responses ≥ COMPRESS_THRESHOLD_BYTES, and which of them came without content-encoding. */
  textResponses?: number;
  uncompressed?: string[];
  /** Every Content-Encoding seen on those responses. */
  encodings?: string[];
  /** document.getElementsByTagName('*').length after load. */
  domElements?: number;
  /**
   * Navigation (a cold load, the click target brought into view at once, as a deep link does) → the
   * target's feedback on screen, its choice and Evaluate pressed as soon as the page lets them be: when
   * a learner far down a page gets an answer. Measured in a load of its own (`measureAnswer`).
   */
  answerMs?: number;
  answerError?: string;
  /** Click (mouse release) → feedback box in the DOM → next frame, ms, one per Evaluate click. */
  clicksMs?: number[];
  /** The same from pointerdown. */
  clicksFromDownMs?: number[];
  clickError?: string;
}

const INIT_SCRIPT = (lastElementId: string) => `(() => {
  const bench = { fcp: null, longTasks: [], lastRendered: null, appStarted: null, errors: [] };
  Object.defineProperty(window, '__lernwerkBench', { value: bench, enumerable: false });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint' && bench.fcp === null) bench.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  } catch (error) { bench.errors.push('paint: ' + error); }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) { bench.errors.push('longtask: ' + error); }
  const lastId = ${JSON.stringify(lastElementId)};
  const observer = new MutationObserver(() => {
    if (bench.lastRendered !== null) return;
    const element = document.getElementById(lastId);
    // Its text is there, and no loading placeholder: the element itself, or on a long page its stand-in (the text, woken
    // into its widget when it comes near the viewport: src/elements/dormant). A Suspense placeholder has no text.
    if (element && element.textContent.trim() !== '' && !element.querySelector('[data-pending]')) {
      bench.lastRendered = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  const appObserver = new MutationObserver(() => {
    // The app's page, not a pending screen of its router: on a material page the server's first paint (#shell) is gone.
    if (document.getElementById('root')?.firstElementChild && !document.getElementById('shell')) {
      bench.appStarted = performance.now();
      appObserver.disconnect();
    }
  });
  appObserver.observe(document, { childList: true, subtree: true });
})();`;

/** Records when the feedback of element `id` is first on screen (in the DOM, then the next frame), ms since navigation. */
const WATCH_ANSWER = (id: string) => `(() => {
  const record = { onScreen: null };
  Object.defineProperty(window, '__lernwerkBenchAnswer', { value: record, enumerable: false });
  const id = ${JSON.stringify(id)};
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element || !element.querySelector('[data-feedback]')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { record.onScreen = performance.now(); };
      channel.port2.postMessage(0);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

const READ_STATE = `(() => {
  const b = window.__lernwerkBench;
  return { now: performance.now(), timeOrigin: performance.timeOrigin, fcp: b.fcp, lastRendered: b.lastRendered, appStarted: b.appStarted, longTasks: b.longTasks.slice(), errors: b.errors };
})()`;

/** Arms one click measurement on the element `id`: input timestamps in capture listeners, the feedback box by MutationObserver. */
const ARM_CLICK = (id: string) => `(() => {
  const record = { down: null, up: null, click: null, seen: null, onScreen: null };
  window.__lernwerkBenchClick = record;
  const options = { capture: true };
  const onDown = (event) => { if (record.down === null) record.down = event.timeStamp; };
  const onUp = (event) => { if (record.up === null) record.up = event.timeStamp; };
  const onClick = (event) => { if (record.click === null) record.click = event.timeStamp; };
  window.addEventListener('pointerdown', onDown, options);
  window.addEventListener('pointerup', onUp, options);
  window.addEventListener('click', onClick, options);
  const id = ${JSON.stringify(id)};
  const found = () => { const element = document.getElementById(id); return element && element.querySelector('[data-feedback]'); };
  const observer = new MutationObserver(() => {
    if (record.seen !== null || !found()) return;
    record.seen = performance.now();
    observer.disconnect();
    window.removeEventListener('pointerdown', onDown, options);
    window.removeEventListener('pointerup', onUp, options);
    window.removeEventListener('click', onClick, options);
    // On screen: the next frame has been produced (rAF, then a task after it).
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { record.onScreen = performance.now(); };
      channel.port2.postMessage(0);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
})()`;

type PageState = { now: number; timeOrigin: number; fcp: number | null; lastRendered: number | null; appStarted: number | null; longTasks: [number, number][]; errors: string[] };

type RequestRecord = {
  url: string;
  /** CDP monotonic time, ms. */
  start: number;
  end?: number;
  encodedBytes: number;
  decodedBytes: number;
  mimeType?: string;
  status?: number;
  encoding?: string | null;
  failed?: boolean;
};

/**
 * All interactive, the same TTI-style rule for app and floor (all times ms since navigation start):
 * starting at the later of first contentful paint and the moment the last element was rendered, find
 * the first window of QUIET_WINDOW_MS with no long task and no request in flight. The figure is the
 * latest of first contentful paint, last element rendered, and the end of the last long task before that
 * window. Answers undefined while no such window has been observed yet (`now` in page time).
 */
export function allInteractiveOf(input: {
  fcp: number;
  lastRendered: number;
  longTasks: readonly [number, number][];
  requests: readonly { start: number; end: number | undefined }[];
  now: number;
  quietMs?: number;
}): number | undefined {
  const quiet = input.quietMs ?? QUIET_WINDOW_MS;
  const busy = [
    ...input.longTasks.map(([start, duration]) => ({ start, end: start + duration })),
    ...input.requests.map((r) => ({ start: r.start, end: r.end ?? Number.POSITIVE_INFINITY })),
  ].sort((a, b) => a.start - b.start);
  const from = Math.max(input.fcp, input.lastRendered);
  let windowStart = from;
  let found = false;
  for (const interval of busy) {
    if (interval.end <= windowStart) continue;
    if (interval.start >= windowStart + quiet) {
      found = true;
      break;
    }
    windowStart = Math.max(windowStart, interval.end);
  }
  if (!found && !(Number.isFinite(windowStart) && input.now - windowStart >= quiet)) return undefined;
  const lastLongTaskEnd = Math.max(
    0,
    ...input.longTasks.map(([start, duration]) => start + duration).filter((end) => end <= windowStart),
  );
  return Math.max(from, lastLongTaskEnd);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(`${what} took longer than ${Math.round(ms / 1000)} s`)), Math.max(0, ms));
    }),
  ]).finally(() => clearTimeout(timer));
}

class TimeoutError extends Error {}

function trackNetwork(cdp: CDPSession) {
  const requests = new Map<string, RequestRecord>();
  /** wall-clock ms minus CDP monotonic ms, from the first request (the navigation). */
  let wallMinusMonotonic: number | undefined;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('data:')) return;
    if (wallMinusMonotonic === undefined && event.wallTime) wallMinusMonotonic = event.wallTime * 1000 - event.timestamp * 1000;
    if (requests.has(event.requestId)) return; // a redirect continues the same request
    requests.set(event.requestId, { url: event.request.url, start: event.timestamp * 1000, encodedBytes: 0, decodedBytes: 0 });
  });
  cdp.on('Network.responseReceived', (event) => {
    const record = requests.get(event.requestId);
    if (!record) return;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    record.mimeType = event.response.mimeType;
    record.status = event.response.status;
    record.encoding = headers['content-encoding'] ?? null;
  });
  cdp.on('Network.dataReceived', (event) => {
    const record = requests.get(event.requestId);
    if (record) record.decodedBytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const record = requests.get(event.requestId);
    if (!record) return;
    record.end = event.timestamp * 1000;
    record.encodedBytes = event.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const record = requests.get(event.requestId);
    if (!record) return;
    record.end = event.timestamp * 1000;
    record.failed = true;
  });
  return {
    requests,
    /** Requests in page time (ms since the page's timeOrigin). */
    inPageTime(timeOrigin: number) {
      const offset = (wallMinusMonotonic ?? 0) - timeOrigin;
      return [...requests.values()].map((r) => ({ start: r.start + offset, end: r.end === undefined ? undefined : r.end + offset }));
    },
  };
}

const TEXT_MIME = /^(text\/html|text\/css|text\/javascript|application\/javascript|application\/x-javascript|application\/json|application\/[\w.+-]*\+json|application\/manifest\+json)$/;

/** Waits until no long task ended in the last `quietMs`, then for a frame. */
async function settle(page: Page, quietMs: number, deadline: number): Promise<void> {
  for (;;) {
    const state = (await withTimeout(page.evaluate(READ_STATE), deadline - Date.now(), 'settling')) as PageState;
    const last = state.longTasks.at(-1);
    const lastEnd = last ? last[0] + last[1] : 0;
    if (state.now - lastEnd >= quietMs) break;
    if (Date.now() > deadline) throw new TimeoutError('the page did not settle');
    await sleep(100);
  }
  await withTimeout(page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))'), deadline - Date.now(), 'a frame');
}

/**
 * One cold page load in a new browser context: navigation to all interactive, then heap, bytes and DOM
 * size, then `clicks` Evaluate → feedback cycles on the click target (each followed by Edit Answer).
 */
/**
 * A mid-range phone as `--phone` loads the pages: 390 × 844 CSS px at 3×, touch, the CPU 4× slower and a
 * mobile network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), as Lighthouse's mobile run assumes.
 */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, cpuSlowdown: 4, latencyMs: 150, downBytesPerS: 1_600_000 / 8, upBytesPerS: 750_000 / 8 };

function contextOptions(phone: boolean | undefined) {
  return phone
    ? { viewport: PHONE.viewport, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true, locale: 'en-US', serviceWorkers: 'block' as const }
    : { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, locale: 'en-US', serviceWorkers: 'block' as const };
}

async function throttleLikeAPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PHONE.latencyMs, downloadThroughput: PHONE.downBytesPerS, uploadThroughput: PHONE.upBytesPerS });
}

/**
 * How long a measured press holds the mouse button (ms): a quick click's. Playwright releases at once by
 * default, and then the handling of the press's start (focus moving, hover, the press itself) fell into the
 * time measured from the release, which no learner's press does; and an element that replaced the server's
 * paint under a press was never pressed so (src/elements/dormant/pressReplay.ts).
 */
export const PRESS_MS = 80;

export async function measureLoad(browser: Browser, target: LoadTarget, options: { timeoutMs: number; clicks: number; pressMs?: number; phone?: boolean }): Promise<LoadResult> {
  const context = await browser.newContext(contextOptions(options.phone));
  const result: LoadResult = { kind: target.kind, status: 'ok' };
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  try {
    const page = await context.newPage();
    await page.addInitScript(INIT_SCRIPT(target.lastElementId));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (options.phone) await throttleLikeAPhone(cdp);
    const network = trackNetwork(cdp);
    await page.goto(target.url, { waitUntil: 'commit', timeout: options.timeoutMs });

    let state: PageState | undefined;
    for (;;) {
      await sleep(250);
      state = (await withTimeout(page.evaluate(READ_STATE), deadline - Date.now(), 'the page load')) as PageState;
      if (state.fcp !== null) result.fcpMs = state.fcp;
      if (state.lastRendered !== null) result.lastRenderedMs = state.lastRendered;
      if (state.lastRendered !== null && state.fcp !== null) {
        const value = allInteractiveOf({
          fcp: state.fcp,
          lastRendered: state.lastRendered,
          longTasks: state.longTasks,
          requests: network.inPageTime(state.timeOrigin),
          now: state.now - REPORT_MARGIN_MS,
        });
        if (value !== undefined) {
          result.allInteractiveMs = value;
          break;
        }
      }
      if (Date.now() > deadline) {
        const seen = [
          state.fcp === null ? 'no first contentful paint' : `first contentful paint at ${Math.round(state.fcp)} ms`,
          state.lastRendered === null ? 'the last element never rendered' : `last element rendered at ${Math.round(state.lastRendered)} ms, no quiet second after it`,
        ];
        throw new TimeoutError(`not interactive within ${Math.round(options.timeoutMs / 1000)} s: ${seen.join(', ')}`);
      }
    }
    if (state.errors.length) result.error = state.errors.join('; ');
    if (target.kind === 'app') {
      // All interactive comes from the server's paint and quiet; the app may render after it without a long task.
      while (state.appStarted === null && Date.now() < deadline) {
        await sleep(50);
        state = (await withTimeout(page.evaluate(READ_STATE), deadline - Date.now(), 'the app')) as PageState;
      }
      if (state.appStarted !== null) result.appStartedMs = state.appStarted;
    }
    const until = result.allInteractiveMs!;
    const tasks = state.longTasks.filter(([start]) => start < until);
    result.longTasks = tasks.length;
    result.longTaskMs = tasks.reduce((sum, [, duration]) => sum + duration, 0);

    const finished = [...network.requests.values()].filter((r) => r.end !== undefined);
    result.requests = network.requests.size;
    result.wireBytes = finished.reduce((sum, r) => sum + r.encodedBytes, 0);
    const text = finished.filter((r) => !r.failed && r.status === 200 && TEXT_MIME.test(r.mimeType ?? '') && r.decodedBytes >= COMPRESS_THRESHOLD_BYTES);
    result.textResponses = text.length;
    result.uncompressed = text.filter((r) => !r.encoding || r.encoding === 'identity').map((r) => new URL(r.url).pathname);
    result.encodings = [...new Set(text.flatMap((r) => (r.encoding ? [r.encoding] : [])))];
    result.domElements = (await withTimeout(page.evaluate("document.getElementsByTagName('*').length"), deadline - Date.now(), 'counting elements')) as number;
    await withTimeout(cdp.send('HeapProfiler.collectGarbage'), 60_000, 'garbage collection');
    result.heapBytes = (await withTimeout(cdp.send('Runtime.getHeapUsage'), 60_000, 'heap usage')).usedSize;

    if (options.clicks > 0) {
      try {
        await measureClicks(page, target, options.clicks, options.pressMs ?? PRESS_MS, result);
      } catch (error) {
        result.clickError = error instanceof Error ? error.message.split('\n')[0] : String(error);
      }
    }
  } catch (error) {
    result.status = error instanceof TimeoutError ? 'timeout' : 'error';
    result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    await context.close().catch(() => undefined);
  }
  return result;
}

/**
 * One cold load for `answerMs`: the page opened at `#clickTargetId`, then its choice and its Evaluate
 * button pressed as soon as each can be (Playwright waits until a control is visible, stable, enabled
 * and would receive the press; a press on something that only looks like it is not a press).
 */
export async function measureAnswer(browser: Browser, target: LoadTarget, options: { timeoutMs: number; phone?: boolean }): Promise<Pick<LoadResult, 'answerMs' | 'answerError'>> {
  const context = await browser.newContext(contextOptions(options.phone));
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_ANSWER(target.clickTargetId));
    if (options.phone) await throttleLikeAPhone(await context.newCDPSession(page));
    const url = new URL(target.url);
    url.hash = target.clickTargetId;
    await page.goto(url.href, { waitUntil: 'commit', timeout: options.timeoutMs });
    const question = page.locator(`[id="${target.clickTargetId}"]`);
    await question.locator(`[data-choice-id="${target.clickChoiceId}"]`).click({ timeout: options.timeoutMs });
    await question.getByRole('button', { name: EVALUATE }).click({ timeout: options.timeoutMs });
    await page.waitForFunction(() => (window as unknown as { __lernwerkBenchAnswer: { onScreen: number | null } }).__lernwerkBenchAnswer.onScreen !== null, undefined, {
      timeout: options.timeoutMs,
      polling: 20,
    });
    const record = (await page.evaluate('window.__lernwerkBenchAnswer')) as { onScreen: number };
    return { answerMs: record.onScreen };
  } catch (error) {
    return { answerError: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  } finally {
    await context.close().catch(() => undefined);
  }
}

const EVALUATE = /^(Evaluate|Auswerten)$/;
const EDIT = /^(Edit Answer|Antwort bearbeiten)$/;

async function measureClicks(page: Page, target: LoadTarget, clicks: number, pressMs: number, result: LoadResult): Promise<void> {
  // Each click cycle gets a minute at most; a page that needs longer has failed anyway.
  const cycleMs = 60_000;
  const question = page.locator(`[id="${target.clickTargetId}"]`);
  let deadline = Date.now() + cycleMs;
  await withTimeout(page.evaluate(`document.getElementById(${JSON.stringify(target.clickTargetId)}).scrollIntoView({ block: 'center' })`), cycleMs, 'scrolling');
  await settle(page, 300, deadline);
  result.clicksMs = [];
  result.clicksFromDownMs = [];
  for (let i = 0; i < clicks; i++) {
    deadline = Date.now() + cycleMs;
    // Chosen anew each time: Edit Answer clears the choice, and Evaluate waits for one.
    await question.locator(`[data-choice-id="${target.clickChoiceId}"]`).click({ timeout: cycleMs, delay: pressMs });
    await question.locator(`[data-choice-id="${target.clickChoiceId}"] input:checked`).waitFor({ state: 'attached', timeout: cycleMs });
    await settle(page, 300, deadline);
    await page.evaluate(ARM_CLICK(target.clickTargetId));
    await question.getByRole('button', { name: EVALUATE }).click({ timeout: cycleMs, delay: pressMs });
    // A function, not a string: a string predicate is compiled in the page, which the app's CSP (no 'unsafe-eval') refuses at times.
    await page.waitForFunction(() => (window as unknown as { __lernwerkBenchClick: { onScreen: number | null } }).__lernwerkBenchClick.onScreen !== null, undefined, {
      timeout: cycleMs,
      polling: 50,
    });
    const record = (await page.evaluate('window.__lernwerkBenchClick')) as { down: number | null; up: number | null; click: number | null; onScreen: number };
    const release = Math.min(...[record.up, record.click].filter((t): t is number => t !== null));
    if (!Number.isFinite(release) || record.down === null) throw new Error('the click was not seen by the page');
    result.clicksMs.push(record.onScreen - release);
    result.clicksFromDownMs.push(record.onScreen - record.down);
    await settle(page, 200, deadline);
    await question.getByRole('button', { name: EDIT }).click({ timeout: cycleMs });
    await question.locator('[data-feedback]').waitFor({ state: 'detached', timeout: cycleMs });
    await settle(page, 200, deadline);
  }
}
