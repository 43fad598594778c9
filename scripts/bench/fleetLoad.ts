/**
 * The fleet benchmark's load generator, run as a child process of its own so that it never shares a
 * thread with what it measures: `node --import tsx scripts/bench/fleetLoad.ts CONFIG_FILE` reads
 * CONFIG_FILE (a LoadConfig without startAt), prints `READY`, reads the start time (ms since 1970)
 * as a line on stdin, runs the learners and prints one line, `FLEETLOAD {LoadResult}`. (The start
 * time comes once every generator has loaded: a slow start on a busy machine delays no learner.)
 *
 * A learner, as the viewer behaves (recorded in Chromium, scripts/bench/fleetOpening.ts):
 * 1. arrives at a random moment of the ramp (stratified: learner i of n in the i-th n-th of it);
 * 2. opens the course: the page, then what it loads (at most 6 connections at once, as a browser
 *    over HTTP/1.1); "open" is the time until all of them are there; then the service worker's
 *    fetches follow in the background;
 * 3. 2–8 s later saves under a name: `POST /api/guest`, then `POST /api/annotations`;
 * 4. then answers the demo's choice question about every `answerEveryMs` (start to start, ×0.5–1.5):
 *    `POST /api/userdata` [selected]; 1–3 s of thought; `POST /api/userdata` [evaluated, progress]
 *    and `POST /api/updateRootProgress`, one after the other, as the viewer sends them;
 * 5. starts nothing after the end of the steady window; what is in flight is awaited.
 *
 * Every learner has its own keep-alive connections (an http.Agent), like a browser; idle ones are
 * closed after 9 s, before HAProxy's 10 s `timeout http-keep-alive`. Failures are not retried (the
 * viewer would retry answers later): each is counted.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEMO_QUESTION } from '../fleet/writers';
import { CookieJar, request, type Answer } from './fleetHttp';
import type { ModelRequest, Opening, RequestKind } from './fleetOpening';

export const LOAD_SCRIPT = fileURLToPath(import.meta.url);
export const RESULT_PREFIX = 'FLEETLOAD ';

export interface LoadConfig {
  origin: string;
  share: string;
  /** The material's id (the last part of /api/material/SHARE/ID). */
  materialId: string;
  opening: Opening;
  /** If-None-Match / If-Modified-Since by path, for the opening's conditional requests. */
  validators: Record<string, Record<string, string>>;
  /** All learners of the run, and which of them this process runs (index % of === part). */
  learners: number;
  part: number;
  of: number;
  /** When learner 0 may arrive (ms since 1970): every process of a run gets the same (on stdin). */
  startAt: number;
  rampMs: number;
  steadyMs: number;
  answerEveryMs: number;
  requestTimeoutMs: number;
}

/** What is timed: the request kinds, plus `open` (a whole opening) and `answered` (a whole answer). */
export type TimedKind = RequestKind | 'open' | 'answered';

/** One column per request: when it was sent (ms after startAt), how long it took, its status (0: none). */
export interface Records {
  sentMs: number[];
  tookMs: number[];
  status: number[];
}

export interface LoadResult {
  records: Partial<Record<TimedKind, Records>>;
  retries: number;
  /** Some failures, for the report (at most 20). */
  failures: string[];
  /** This process's event-loop delay over the run (its own lag inflates what it measures). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Garbage collection's pauses (a cause of event-loop delay), and the process's largest resident size. */
  gcPauseTotalMs: number;
  gcPauseMaxMs: number;
  maxRssMb: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const between = (min: number, max: number) => min + Math.random() * (max - min);

class Recorder {
  readonly records: Partial<Record<TimedKind, Records>> = {};
  retries = 0;
  readonly failures: string[] = [];

  constructor(private readonly startAt: number) {}

  add(kind: TimedKind, sentAt: number, tookMs: number, status: number): void {
    const records = (this.records[kind] ??= { sentMs: [], tookMs: [], status: [] });
    records.sentMs.push(Math.round(sentAt - this.startAt));
    records.tookMs.push(Math.round(tookMs * 10) / 10);
    records.status.push(status);
  }

  fail(kind: TimedKind, answer: Answer): void {
    if (this.failures.length < 20) this.failures.push(`${kind}: ${answer.status || ''} ${answer.error ?? answer.body.toString('utf8', 0, 160)}`.trim());
  }
}

const okStatus = (status: number) => (status >= 200 && status < 300) || status === 304;

class Learner {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6, timeout: 9_000 });
  private readonly cookies = new CookieJar();
  private readonly etags = new Map<string, string>();
  private guestSessionId = '';
  private answers = 0;

  constructor(
    private readonly config: LoadConfig,
    private readonly origin: URL,
    private readonly recorder: Recorder,
    private readonly end: number,
  ) {}

  /** One request, timed and recorded under `kind`; answers whether it succeeded, and the answer. */
  private async send(kind: RequestKind, method: 'GET' | 'POST', path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const sentAt = Date.now();
    const started = performance.now();
    const answer = await request({
      agent: this.agent,
      origin: this.origin,
      method,
      path,
      headers: { ...this.cookies.header(), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      timeoutMs: this.config.requestTimeoutMs,
      // Only the guest session's answer is read; errors show their beginning.
      keepBody: method === 'POST',
    });
    this.recorder.add(kind, sentAt, performance.now() - started, answer.status);
    if (answer.retried) this.recorder.retries++;
    if (!okStatus(answer.status)) this.recorder.fail(kind, answer);
    this.cookies.take(answer.headers);
    return answer;
  }

  private async get(model: ModelRequest): Promise<boolean> {
    const validators: Record<string, string> = {};
    if (model.conditional) {
      const etag = this.etags.get(model.path);
      Object.assign(validators, etag ? { 'if-none-match': etag } : this.config.validators[model.path]);
    }
    const answer = await this.send(model.kind, 'GET', model.path, { headers: validators });
    const etag = answer.headers.etag;
    if (typeof etag === 'string') this.etags.set(model.path, etag);
    return okStatus(answer.status);
  }

  async run(arrival: number): Promise<void> {
    await sleep(arrival - Date.now());
    const [page, loads, serviceWorker] = this.config.opening;
    const sentAt = Date.now();
    const started = performance.now();
    let ok = true;
    for (const model of page) ok = (await this.get(model)) && ok;
    ok = (await Promise.all(loads.map((model) => this.get(model)))).every(Boolean) && ok;
    this.recorder.add('open', sentAt, performance.now() - started, ok ? 200 : 0);
    const background = Promise.all(serviceWorker.map((model) => this.get(model)));

    await sleep(between(2_000, 8_000));
    if (Date.now() < this.end && (await this.save())) await this.answerUntilEnd();
    await background;
    this.agent.destroy();
  }

  private async save(): Promise<boolean> {
    const answer = await this.send('guest', 'POST', '/api/guest', { body: { name: `Lernende ${randomUUID().slice(0, 8)}`, publicId: this.config.share } });
    if (answer.status !== 200) return false;
    this.guestSessionId = (JSON.parse(answer.body.toString('utf8')) as { data: { publicId: string } }).data.publicId;
    await this.send('annotations', 'POST', '/api/annotations', { body: { share: this.config.share, materialId: this.config.materialId, guestSessionId: this.guestSessionId, sort: 'desc' } });
    return true;
  }

  private async answerUntilEnd(): Promise<void> {
    let next = Date.now() + Math.random() * this.config.answerEveryMs;
    for (;;) {
      await sleep(next - Date.now());
      if (Date.now() >= this.end) return;
      const started = Date.now();
      await this.answer();
      next = started + this.config.answerEveryMs * between(0.5, 1.5);
    }
  }

  private event(data: object): object {
    return {
      id: randomUUID(),
      at: Date.now(),
      metadata: { modelName: DEMO_QUESTION.modelName, id: DEMO_QUESTION.id, shareId: this.config.share, guestSessionId: this.guestSessionId },
      data,
    };
  }

  /** One answer to the choice question, as the viewer sends it. */
  private async answer(): Promise<void> {
    const sentAt = Date.now();
    const started = performance.now();
    const choice = DEMO_QUESTION.choices[this.answers++ % DEMO_QUESTION.choices.length];
    const selected = await this.send('answer', 'POST', '/api/userdata', { body: { events: [this.event({ selected: [choice] })] } });
    await sleep(between(1_000, 3_000));
    const evaluated = await this.send('answer', 'POST', '/api/userdata', { body: { events: [this.event({ evaluated: true }), this.event({ progress: 1 })] } });
    const progress = await this.send('progress', 'POST', '/api/updateRootProgress', {
      body: { model: { id: this.config.materialId, modelName: 'Material' }, value: (this.answers % 12) / 12, shareId: this.config.share, guestSessionId: this.guestSessionId },
    });
    const ok = [selected, evaluated, progress].every((a) => a.status === 200);
    this.recorder.add('answered', sentAt, performance.now() - started, ok ? 200 : 0);
  }
}

export async function runLoad(config: LoadConfig): Promise<LoadResult> {
  const recorder = new Recorder(config.startAt);
  const origin = new URL(config.origin);
  const end = config.startAt + config.rampMs + config.steadyMs;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const gc = { totalMs: 0, maxMs: 0 };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  await sleep(config.startAt - Date.now());
  loop.enable();
  gcObserver.observe({ entryTypes: ['gc'] });
  const runs: Promise<void>[] = [];
  for (let i = config.part; i < config.learners; i += config.of) {
    const arrival = config.startAt + ((i + Math.random()) / config.learners) * config.rampMs;
    runs.push(new Learner(config, origin, recorder, end).run(arrival));
  }
  await Promise.all(runs);
  loop.disable();
  gcObserver.disconnect();
  return {
    records: recorder.records,
    retries: recorder.retries,
    failures: recorder.failures,
    loopDelayP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
    loopDelayMaxMs: Math.round(loop.max / 1e5) / 10,
    gcPauseTotalMs: Math.round(gc.totalMs),
    gcPauseMaxMs: Math.round(gc.maxMs),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

/** The first line of stdin. */
function readLine(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) {
        process.stdin.pause();
        resolve(text.split('\n')[0]);
      }
    });
    process.stdin.on('end', () => reject(new Error('stdin ended before the start time')));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === LOAD_SCRIPT) {
  const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Omit<LoadConfig, 'startAt'>;
  process.stdout.write('READY\n');
  readLine().then((line) => runLoad({ ...config, startAt: Number(line) })).then(
    (result) => process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exitCode = 1;
    },
  );
}
