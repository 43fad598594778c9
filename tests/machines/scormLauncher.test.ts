import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import {
  NOTHING_STORED,
  SCORM_COMMIT_DELAY_MS,
  changesOf,
  helloOf,
  scormLauncherMachine,
  type LmsChanges,
  type LmsValues,
  type ScormLauncherContext,
  type ScormLauncherEvent,
  type ScormLauncherInput,
} from '../../machines/scormLauncher';
import { SUSPEND_DATA_LIMITS } from '../../model/hostMessages';
import { itWalks, pathsOf, runPath } from './walkMachine';

const TIMER = 'xstate.after.commitDelay.scormLauncher.running.unsaved';
const learner = { id: 'learner-7', name: 'Lovelace, Ada', firstName: 'Ada', lastName: 'Lovelace' };
const commitError = { code: '101', message: 'General exception', during: 'commit' as const };

/** The machine with its LMS actions recording what they were asked (the walk sends the LMS's answers itself). */
function harness() {
  const effects: { action: string; params?: unknown }[] = [];
  const record = (action: string) => (_: unknown, params?: unknown) => {
    effects.push(params === undefined ? { action } : { action, params });
  };
  const machine = scormLauncherMachine.provide({
    actions: {
      findApi: record('findApi'),
      initialize: record('initialize'),
      openCourse: record('openCourse'),
      sendHello: record('sendHello'),
      write: record('write'),
      commit: record('commit'),
      terminate: record('terminate'),
    },
  });
  const count = (action: string) => effects.filter((e) => e.action === action).length;
  return { machine, effects, count };
}

const start = (h: ReturnType<typeof harness>, input: ScormLauncherInput) => createActor(h.machine, { input }).start();
const running = (value: unknown) => (value as { running?: string }).running;

describe('scorm launcher machine behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a first attempt: finds the API, initialises, opens the course, writes incomplete and commits at once', () => {
    const h = harness();
    const actor = start(h, { version: '1.2' });
    expect(actor.getSnapshot().value).toBe('findingApi');
    actor.send({ type: 'api.found' });
    expect(actor.getSnapshot().value).toBe('initialising');
    actor.send({ type: 'lms.initialized', learner, values: NOTHING_STORED, entry: 'ab-initio' });
    expect(actor.getSnapshot().value).toEqual({ running: 'committing' });
    expect(h.effects.map((e) => e.action)).toEqual(['findApi', 'initialize', 'write', 'openCourse', 'commit']);
    expect(h.effects[2].params).toEqual({ completion: 'incomplete' });
    expect(actor.getSnapshot().context.values.completion).toBe('incomplete');
    actor.send({ type: 'lms.committed' });
    expect(actor.getSnapshot().value).toEqual({ running: 'saved' });
  });

  it('a resumed attempt keeps its status and hands the stored suspend data to the viewer in the hello', () => {
    const h = harness();
    const actor = start(h, { version: '2004' });
    actor.send({ type: 'api.found' });
    const values: LmsValues = { ...NOTHING_STORED, completion: 'completed', success: 'passed', score: 0.9, suspendData: '{"answers":3}' };
    actor.send({ type: 'lms.initialized', learner, values, entry: 'resume' });
    expect(actor.getSnapshot().value).toEqual({ running: 'saved' });
    expect(h.count('write')).toBe(0);
    expect(helloOf(actor.getSnapshot().context)).toEqual({
      type: 'lms:hello', standard: 'scorm', version: '2004', learner, suspendData: '{"answers":3}', entry: 'resume', suspendDataLimit: 64000, passingScore: null,
    });
    actor.send({ type: 'frame.loaded' });
    actor.send({ type: 'viewer.ready' });
    expect(h.count('sendHello')).toBe(2);
  });

  it('no API: no LMS, nothing initialised, nothing opened; a refused Initialize is shown, nothing opened', () => {
    const h = harness();
    const outside = start(h, { version: '1.2' });
    outside.send({ type: 'api.missing' });
    expect(outside.getSnapshot().value).toBe('noLms');
    expect(outside.getSnapshot().status).toBe('done');
    const refused = start(h, { version: '1.2' });
    refused.send({ type: 'api.found' });
    refused.send({ type: 'lms.initFailed', error: { code: '101', message: 'General exception', during: 'initialize' } });
    expect(refused.getSnapshot().value).toBe('failed');
    expect(refused.getSnapshot().context.lastError).toMatchObject({ code: '101' });
    expect(h.count('openCourse')).toBe(0);
    expect(h.count('initialize')).toBe(1);
  });

  it('a status change commits at once; score and suspend data are written at once and committed after the quiet time', () => {
    const h = harness();
    const actor = start(h, { version: '2004' });
    actor.send({ type: 'api.found' });
    actor.send({ type: 'lms.initialized', learner, values: { ...NOTHING_STORED, completion: 'incomplete' }, entry: 'resume' });
    actor.send({ type: 'viewer.result', result: { score: 0.5, suspendData: 'a' } });
    expect(running(actor.getSnapshot().value)).toBe('unsaved');
    expect(h.effects.at(-1)).toEqual({ action: 'write', params: { score: 0.5, suspendData: 'a' } });
    actor.send({ type: 'viewer.result', result: { suspendData: 'ab' } });
    vi.advanceTimersByTime(SCORM_COMMIT_DELAY_MS - 1);
    expect(h.count('commit')).toBe(0);
    vi.advanceTimersByTime(1);
    expect(h.count('commit')).toBe(1);
    actor.send({ type: 'lms.committed' });
    actor.send({ type: 'viewer.progress', value: 1 });
    expect(running(actor.getSnapshot().value)).toBe('committing');
    expect(h.effects.at(-2)).toEqual({ action: 'write', params: { completion: 'completed', progress: 1 } });
    expect(h.count('commit')).toBe(2);
  });

  it('hiding the page commits what waits; leaving terminates from any running state, once', () => {
    const h = harness();
    const actor = start(h, { version: '1.2' });
    actor.send({ type: 'api.found' });
    actor.send({ type: 'lms.initialized', learner, values: { ...NOTHING_STORED, completion: 'incomplete' }, entry: 'resume' });
    actor.send({ type: 'viewer.result', result: { suspendData: 'x' } });
    actor.send({ type: 'page.hidden' });
    expect(h.count('commit')).toBe(1);
    actor.send({ type: 'lms.committed' });
    actor.send({ type: 'page.leave' });
    actor.send({ type: 'page.leave' });
    expect(actor.getSnapshot().value).toBe('terminated');
    expect(h.count('terminate')).toBe(1);
    vi.advanceTimersByTime(SCORM_COMMIT_DELAY_MS * 2);
    expect(h.count('commit')).toBe(1);
  });

  it('suspend data past the limit (4,096 characters on 1.2) is refused whole, never cut; the limit itself is taken', () => {
    const h = harness();
    const actor = start(h, { version: '1.2' });
    actor.send({ type: 'api.found' });
    actor.send({ type: 'lms.initialized', learner, values: { ...NOTHING_STORED, completion: 'incomplete', suspendData: 'old' }, entry: 'resume' });
    actor.send({ type: 'viewer.result', result: { suspendData: 'x'.repeat(4097) } });
    expect(h.effects.at(-1)).toEqual({ action: 'write', params: { refusedSuspendData: { length: 4097, limit: 4096 } } });
    expect(running(actor.getSnapshot().value)).toBe('saved');
    expect(actor.getSnapshot().context.values.suspendData).toBe('old');
    actor.send({ type: 'viewer.result', result: { suspendData: 'y'.repeat(4097), score: 1 } });
    expect(h.effects.at(-1)).toEqual({ action: 'write', params: { score: 1, refusedSuspendData: { length: 4097, limit: 4096 } } });
    actor.send({ type: 'viewer.result', result: { suspendData: 'z'.repeat(4096) } });
    expect(actor.getSnapshot().context.values.suspendData).toHaveLength(4096);
    expect(SUSPEND_DATA_LIMITS).toEqual({ '1.2': 4096, '2004': 64000 });
  });

  it('a failed commit is remembered and tried again after the quiet time; a good commit forgets it, not a write error', () => {
    const h = harness();
    const actor = start(h, { version: '1.2' });
    actor.send({ type: 'api.found' });
    actor.send({ type: 'lms.initialized', learner, values: NOTHING_STORED, entry: 'ab-initio' });
    actor.send({ type: 'lms.commitFailed', error: commitError });
    expect(running(actor.getSnapshot().value)).toBe('unsaved');
    expect(actor.getSnapshot().context.lastError).toEqual(commitError);
    vi.advanceTimersByTime(SCORM_COMMIT_DELAY_MS);
    expect(h.count('commit')).toBe(2);
    actor.send({ type: 'lms.committed' });
    expect(actor.getSnapshot().context.lastError).toBeNull();
    const writeError = { code: '405', message: 'Incorrect data type', during: 'write' as const };
    actor.send({ type: 'lms.writeFailed', error: writeError });
    actor.send({ type: 'viewer.progress', value: 1 });
    actor.send({ type: 'lms.committed' });
    expect(actor.getSnapshot().context.lastError).toEqual(writeError);
  });

  it('completion never goes back; progress only rises; a result without completion keeps it', () => {
    const completed: LmsValues = { ...NOTHING_STORED, completion: 'completed', progress: 1 };
    const limit = 4096;
    expect(changesOf(completed, { type: 'viewer.progress', value: 0.4 }, limit)).toEqual({});
    expect(changesOf(completed, { type: 'viewer.result', result: { completion: 'incomplete', progress: 0.2 } }, limit)).toEqual({});
    const started: LmsValues = { ...NOTHING_STORED, completion: 'incomplete', progress: 0.5 };
    expect(changesOf(started, { type: 'viewer.progress', value: 0.3 }, limit)).toEqual({});
    expect(changesOf(started, { type: 'viewer.result', result: { progress: 1 } }, limit)).toEqual({ completion: 'completed', progress: 1 });
    expect(changesOf(started, { type: 'viewer.result', result: { success: 'failed' } }, limit)).toEqual({ success: 'failed' });
    expect(changesOf(started, { type: 'lms.committed' }, limit)).toEqual({});
  });
});

/*
 * The model: where each event leads from each state and what the LMS is asked, computed here from the
 * issue's rules, not by the machine's functions. `running.*` are the substates.
 */
type From = 'findingApi' | 'initialising' | 'saved' | 'unsaved' | 'committing' | 'noLms' | 'failed' | 'terminated';
const stateOf = (value: unknown): From => (typeof value === 'string' ? value : (value as { running: From }).running) as From;
const RUNNING: From[] = ['saved', 'unsaved', 'committing'];

type Expected = { rule: string; to: From; values: LmsValues; write?: LmsChanges; hello?: boolean; terminate?: boolean };

/** What a viewer message would change, by the rules. */
function modelChanges(values: LmsValues, event: ScormLauncherEvent, limit: number): LmsChanges {
  let completion: string | undefined;
  let progress: number | undefined;
  let result: { success?: string; score?: number; suspendData?: string } = {};
  if (event.type === 'viewer.progress') {
    progress = event.value;
    completion = event.value >= 1 ? 'completed' : 'incomplete';
  } else if (event.type === 'viewer.result') {
    result = event.result;
    progress = event.result.progress;
    completion = event.result.completion ?? (progress !== undefined && progress >= 1 ? 'completed' : undefined);
  }
  const changes: LmsChanges = {};
  const nextCompletion = values.completion === 'completed' || completion === 'completed' ? 'completed' : 'incomplete';
  if (nextCompletion !== values.completion) changes.completion = nextCompletion;
  if (progress !== undefined && (values.progress === null || progress > values.progress)) changes.progress = progress;
  if (result.success !== undefined && result.success !== values.success) changes.success = result.success as LmsValues['success'];
  if (result.score !== undefined && result.score !== values.score) changes.score = result.score;
  if (result.suspendData !== undefined && result.suspendData !== values.suspendData) {
    if (result.suspendData.length <= limit) changes.suspendData = result.suspendData;
    else changes.refusedSuspendData = { length: result.suspendData.length, limit };
  }
  return changes;
}

function expected(from: From, c: ScormLauncherContext, e: ScormLauncherEvent): Expected | null {
  const values = c.values;
  if (from === 'findingApi' && e.type === 'api.found') return { rule: 'findingApi api.found → initialising', to: 'initialising', values };
  if (from === 'findingApi' && e.type === 'api.missing') return { rule: 'findingApi api.missing → noLms', to: 'noLms', values };
  if (from === 'initialising' && e.type === 'lms.initialized') {
    const fresh = e.values.completion === 'not attempted' || e.values.completion === 'unknown';
    return fresh
      ? { rule: 'initialising lms.initialized (fresh) → committing', to: 'committing', values: { ...e.values, completion: 'incomplete' }, write: { completion: 'incomplete' } }
      : { rule: 'initialising lms.initialized (resumed) → saved', to: 'saved', values: e.values };
  }
  if (from === 'initialising' && e.type === 'lms.initFailed') return { rule: 'initialising lms.initFailed → failed', to: 'failed', values };
  if (!RUNNING.includes(from)) return null;
  switch (e.type) {
    case 'frame.loaded':
    case 'viewer.ready':
      return { rule: `running ${e.type} (hello)`, to: from, values, hello: true };
    case 'viewer.progress':
    case 'viewer.result': {
      const changes = modelChanges(values, e, c.suspendDataLimit);
      const { refusedSuspendData, ...written } = changes;
      const next = { ...values, ...written };
      if (changes.completion !== undefined || changes.success !== undefined) return { rule: `running ${e.type} (status) → committing`, to: 'committing', values: next, write: changes };
      if (Object.keys(written).length) return { rule: `running ${e.type} (values) → unsaved`, to: 'unsaved', values: next, write: changes };
      if (refusedSuspendData) return { rule: `running ${e.type} (refused only)`, to: from, values, write: changes };
      return null;
    }
    case 'lms.writeFailed':
      return { rule: 'running lms.writeFailed', to: from, values };
    case 'page.leave':
      return { rule: 'running page.leave → terminated', to: 'terminated', values, terminate: true };
    case 'page.hidden':
      return from === 'unsaved' ? { rule: 'unsaved page.hidden → committing', to: 'committing', values } : null;
    case 'lms.committed':
      return from === 'committing' ? { rule: 'committing lms.committed → saved', to: 'saved', values } : null;
    case 'lms.commitFailed':
      return from === 'committing' ? { rule: 'committing lms.commitFailed → unsaved', to: 'unsaved', values } : null;
    default:
      if ((e.type as string) === TIMER && from === 'unsaved') return { rule: 'unsaved after the quiet time → committing', to: 'committing', values };
      return null;
  }
}

const ALL_RULES = [
  'findingApi api.found → initialising',
  'findingApi api.missing → noLms',
  'initialising lms.initialized (fresh) → committing',
  'initialising lms.initialized (resumed) → saved',
  'initialising lms.initFailed → failed',
  'running frame.loaded (hello)',
  'running viewer.ready (hello)',
  'running viewer.progress (status) → committing',
  'running viewer.progress (values) → unsaved',
  'running viewer.result (status) → committing',
  'running viewer.result (values) → unsaved',
  'running viewer.result (refused only)',
  'running lms.writeFailed',
  'running page.leave → terminated',
  'unsaved page.hidden → committing',
  'committing lms.committed → saved',
  'committing lms.commitFailed → unsaved',
  'unsaved after the quiet time → committing',
];

const walkEvents = [
  { type: 'api.found' },
  { type: 'api.missing' },
  { type: 'lms.initialized', learner, values: NOTHING_STORED, entry: 'ab-initio' },
  { type: 'lms.initialized', learner, values: { ...NOTHING_STORED, completion: 'incomplete', suspendData: '{"p":1}' }, entry: 'resume' },
  { type: 'lms.initFailed', error: { ...commitError, during: 'initialize' } },
  { type: 'frame.loaded' },
  { type: 'viewer.ready' },
  { type: 'viewer.progress', value: 0.5 },
  { type: 'viewer.progress', value: 1 },
  { type: 'viewer.result', result: { completion: 'completed', success: 'passed', score: 0.8 } },
  { type: 'viewer.result', result: { suspendData: '{"p":2}' } },
  { type: 'viewer.result', result: { suspendData: '{"p":333}' } },
  { type: 'lms.writeFailed', error: { ...commitError, code: '405', during: 'write' } },
  { type: 'lms.committed' },
  { type: 'lms.commitFailed', error: commitError },
  { type: 'page.hidden' },
  { type: 'page.leave' },
  { type: TIMER },
] as unknown as ScormLauncherEvent[];

const walked = new Set<string>();
/** A limit of 8 characters makes the refusal walkable with short names (4,096 itself: the behaviour tests above); 2004 takes all. */
const variants: [string, ScormLauncherInput][] = [
  ['SCORM 1.2, 8 characters of suspend data', { version: '1.2', suspendDataLimit: 8 }],
  ['SCORM 2004', { version: '2004' }],
];
for (const [label, input] of variants) {
  describe(`scorm launcher model walk (${label}): every transition of the graph, checked against the model`, () => {
    const { paths, stats } = pathsOf(scormLauncherMachine, { input, events: walkEvents, key: (s) => s.context.values });
    let h = harness();
    afterEach(() => vi.useRealTimers());

    let before = 0;
    // The timer exists only while a commit waits; elsewhere it cannot fire.
    const send = (actor: AnyActorRef, event: ScormLauncherEvent) => {
      before = h.effects.length;
      if ((event.type as string) !== TIMER) return void actor.send(event);
      if (stateOf(actor.getSnapshot().value) !== 'unsaved') return;
      vi.advanceTimersByTime(SCORM_COMMIT_DELAY_MS - 1);
      expect(h.count('commit')).toBe(h.effects.slice(0, before).filter((e) => e.action === 'commit').length);
      vi.advanceTimersByTime(1);
    };

    itWalks(`scormLauncher (${label})`, { paths, stats }, async (path) => {
      h = harness();
      vi.useFakeTimers();
      await runPath(h.machine, path, input, ({ snapshot, event, previous }) => {
        const from = stateOf(previous.value);
        const to = stateOf(snapshot.value);
        const model = expected(from, previous.context, event);
        if (model) walked.add(model.rule);
        expect(to).toBe(model?.to ?? from);
        expect(snapshot.context.values).toEqual(model?.values ?? previous.context.values);

        const step = h.effects.slice(before);
        const actions = step.map((e) => e.action);
        // Each LMS call the step made, and only those.
        expect(step.filter((e) => e.action === 'write').map((e) => e.params)).toEqual(model?.write ? [model.write] : []);
        // Every transition that targets `committing` enters it anew (from `committing` too); those without a target do not.
        const entersCommitting = model?.rule.endsWith('→ committing') ?? false;
        expect(actions.filter((a) => a === 'commit')).toHaveLength(entersCommitting ? 1 : 0);
        expect(actions.filter((a) => a === 'sendHello')).toHaveLength(model?.hello ? 1 : 0);
        expect(actions.filter((a) => a === 'terminate')).toHaveLength(model?.terminate ? 1 : 0);
        expect(actions.filter((a) => a === 'openCourse')).toHaveLength(from === 'initialising' && RUNNING.includes(to) ? 1 : 0);
        // The write comes before the commit it leads to.
        if (model?.write && entersCommitting) expect(actions.indexOf('write')).toBeLessThan(actions.indexOf('commit'));
        // Suspend data the LMS holds never passes the version's limit.
        expect(snapshot.context.values.suspendData.length).toBeLessThanOrEqual(input.suspendDataLimit ?? SUSPEND_DATA_LIMITS[input.version]);
        if (to === 'terminated' || to === 'noLms' || to === 'failed') expect(snapshot.status).toBe('done');
      }, send);
    });
  });
}

describe('scorm launcher model walk, all variants', () => {
  it('walked every transition of the model', () => {
    expect([...walked].sort()).toEqual([...ALL_RULES].sort());
  });
});
