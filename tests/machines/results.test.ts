import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { resultsMachine, type ResultsEvent, type ResultsRange } from '../../machines/results';
import { RESULTS_COUNTS, type Results } from '../../model/results';
import { settle } from './settledByHand';
import { itWalks, pathsOf, runPath } from './walkMachine';

const NONE: Results = { shareId: 'share', from: null, to: null, counts: RESULTS_COUNTS, learners: [], questions: [], stops: [] };
const SOME: Results = {
  ...NONE,
  learners: [{ key: '1', kind: 'guest', name: 'Ada Lovelace', progress: 0.5, completed: false, lastActivity: '2026-03-10T08:00:00.000Z', certificateIssued: null }],
};
const MARCH: ResultsRange = { from: '2026-03-01', to: '2026-03-31' };
const BACKWARDS: ResultsRange = { from: '2026-03-31', to: '2026-03-01' };
const NOT_FOUND = Object.assign(new Error('HTTP 404'), { status: 404 });
const NO_LOGIN = Object.assign(new Error('HTTP 403'), { status: 403 });
const OFFLINE = new TypeError('Failed to fetch');

type Call<I> = { input: I; resolve: (value: never) => void; reject: (error: unknown) => void };

function harness() {
  const loads: Call<ResultsRange>[] = [];
  const downloads: Call<ResultsRange>[] = [];
  const toasts: string[] = [];
  const machine = resultsMachine.provide({
    actors: {
      loadResults: fromPromise<Results, ResultsRange>(({ input }) => new Promise((resolve, reject) => loads.push({ input, resolve: resolve as (value: never) => void, reject }))),
      downloadCsv: fromPromise<void, ResultsRange>(({ input }) => new Promise((resolve, reject) => downloads.push({ input, resolve: resolve as (value: never) => void, reject }))),
    },
    actions: { notifyExportFailed: () => toasts.push('export failed') },
  });
  return { machine, loads, downloads, toasts };
}

describe('results machine behaviour', () => {
  it('loads, filters with the previous figures kept, and exports the range shown', async () => {
    const h = harness();
    const actor = createActor(h.machine).start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(h.loads[0].input).toEqual({ from: '', to: '' });
    h.loads[0].resolve(SOME as never);
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    actor.send({ type: 'range.change', ...MARCH });
    expect(actor.getSnapshot().value).toBe('filtering');
    expect(actor.getSnapshot().context.results).toBe(SOME);
    expect(h.loads[1].input).toEqual(MARCH);
    h.loads[1].resolve(NONE as never);
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'range.change', from: '', to: '' });
    h.loads[2].resolve(SOME as never);
    await settle();
    actor.send({ type: 'csv.download' });
    expect(actor.getSnapshot().value).toBe('exporting');
    expect(h.downloads[0].input).toEqual({ from: '', to: '' });
    h.downloads[0].reject(OFFLINE);
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(h.toasts).toEqual(['export failed']);
  });

  it('a range that ends before it starts is not fetched; a newer range replaces one on its way', async () => {
    const h = harness();
    const actor = createActor(h.machine).start();
    h.loads[0].resolve(SOME as never);
    await settle();
    actor.send({ type: 'range.change', ...BACKWARDS });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.rangeInvalid).toBe(true);
    expect(h.loads).toHaveLength(1);
    actor.send({ type: 'range.change', from: '2026-03-01', to: '' });
    actor.send({ type: 'range.change', ...MARCH });
    expect(h.loads.map((call) => call.input)).toEqual([{ from: '', to: '' }, { from: '2026-03-01', to: '' }, MARCH]);
    expect(actor.getSnapshot().context.rangeInvalid).toBe(false);
    // The superseded answer arrives late: it is not shown.
    h.loads[1].resolve(NONE as never);
    await settle();
    expect(actor.getSnapshot().value).toBe('filtering');
    h.loads[2].resolve(SOME as never);
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
  });

  it('tells a refusal (no login, unknown share) from a fault, which may be tried again', async () => {
    for (const [error, refusal] of [[NO_LOGIN, 'login'], [NOT_FOUND, 'unknown']] as const) {
      const h = harness();
      const actor = createActor(h.machine).start();
      h.loads[0].reject(error);
      await settle();
      expect(actor.getSnapshot().value).toBe('refused');
      expect(actor.getSnapshot().context.refusal).toBe(refusal);
    }
    const h = harness();
    const actor = createActor(h.machine).start();
    h.loads[0].reject(OFFLINE);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(h.loads).toHaveLength(2);
  });
});

const LOADED = { type: 'xstate.done.actor.loadResults', output: SOME };
const NOTHING = { type: 'xstate.done.actor.loadResults', output: NONE };
const REFUSED = { type: 'xstate.error.actor.loadResults', error: NOT_FOUND };
const FAULT = { type: 'xstate.error.actor.loadResults', error: OFFLINE };
const DOWNLOADED = { type: 'xstate.done.actor.downloadCsv', output: undefined };
const NOT_DOWNLOADED = { type: 'xstate.error.actor.downloadCsv', error: OFFLINE };
const events = [
  { type: 'range.change', ...MARCH },
  { type: 'range.change', ...BACKWARDS },
  { type: 'csv.download' },
  { type: 'retry' },
  LOADED,
  NOTHING,
  REFUSED,
  FAULT,
  DOWNLOADED,
  NOT_DOWNLOADED,
] as unknown as ResultsEvent[];

/** Where each event leads from each state (an event not listed changes nothing). */
function expectedAfter(from: string, event: { type: string; from?: string; output?: Results }): string {
  const ordered = event.type === 'range.change' && event.from === MARCH.from;
  const fetched = event.type === 'xstate.done.actor.loadResults' ? (event.output!.learners.length ? 'loaded' : 'empty') : null;
  const loadFailed = event === (REFUSED as object) ? 'refused' : event === (FAULT as object) ? 'failed' : null;
  switch (from) {
    case 'loading':
      return fetched ?? loadFailed ?? from;
    case 'filtering':
      return fetched ?? loadFailed ?? (ordered ? 'filtering' : from);
    case 'loaded':
      return ordered ? 'filtering' : event.type === 'csv.download' ? 'exporting' : from;
    case 'empty':
      return ordered ? 'filtering' : from;
    case 'exporting':
      return event.type.endsWith('.actor.downloadCsv') ? 'loaded' : from;
    case 'failed':
      return event.type === 'retry' ? 'loading' : from;
    default:
      return from;
  }
}

async function sendOrSettle(h: ReturnType<typeof harness>, actor: AnyActorRef, event: { type: string; output?: unknown; error?: unknown }) {
  const invoked = /^xstate\.(done|error)\.actor\.(loadResults|downloadCsv)$/.exec(event.type);
  if (!invoked) actor.send(event);
  else if ((actor.getSnapshot() as { children: Record<string, unknown> }).children[invoked[2]]) {
    const call = (invoked[2] === 'loadResults' ? h.loads : h.downloads).at(-1)!;
    if (invoked[1] === 'done') call.resolve(event.output as never);
    else call.reject(event.error);
  }
  await settle();
}

describe('results machine, every transition walked on a real actor', () => {
  const { paths, stats } = pathsOf(resultsMachine, { input: undefined, events, key: (s) => [s.context.rangeInvalid] });
  itWalks('results', { paths, stats }, async (path) => {
    const h = harness();
    let toastsBefore = 0;
    await runPath(
      h.machine,
      path,
      undefined,
      ({ snapshot, event, previous }) => {
        expect(snapshot.value).toBe(expectedAfter(previous.value as string, event as never));
        const exportFailed = previous.value === 'exporting' && event.type === NOT_DOWNLOADED.type;
        expect(h.toasts.slice(toastsBefore)).toEqual(exportFailed ? ['export failed'] : []);
        if (event.type === 'range.change' && ['loaded', 'empty', 'filtering'].includes(previous.value as string)) expect(snapshot.context.rangeInvalid).toBe(event.from !== MARCH.from);
      },
      async (actor, event) => {
        toastsBefore = h.toasts.length;
        await sendOrSettle(h, actor, event as never);
      },
    );
  });
  it('reaches every state', () => {
    expect(stats.chart.walked).toBe(stats.chart.total);
  });
});
