import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { chartOf, transitionsOf } from '../../scripts/statecharts/chart';
import { computeCoverage, toCoverageMarkdown } from '../../scripts/statecharts/coverage';
import { walkMachine } from '../../scripts/statecharts/modelWalk';
import { TransitionsFile, type RecordedRun } from '../../scripts/statecharts/recordedTransitions';
import type { WalkVariant } from '../../scripts/statecharts/walkConfigs';
import type { RecordedTransition } from '../../src/viewer/inspection';
import { createInspector } from '../../src/viewer/inspector';
import { delayedMachine, finalMachine, guardedMachine } from './fixtureMachines';

const counterVariant = (events: WalkVariant['events']): WalkVariant => ({
  name: 'count to two',
  input: undefined,
  events,
  key: (snapshot) => snapshot.context.count,
});
const keys = (machine: Parameters<typeof chartOf>[0]) => transitionsOf(chartOf(machine)).map((t) => t.key);

describe('model-based walk (xstate/graph + inspection)', () => {
  it('takes every transition when the events reach them, and misses the ones no event reaches', () => {
    const full = walkMachine(guardedMachine, [counterVariant([{ type: 'count.add' }, { type: 'count.check' }])]);
    expect([...full.walked.keys()].sort()).toEqual(keys(guardedMachine).sort());
    const partial = walkMachine(guardedMachine, [counterVariant([{ type: 'count.add' }])]);
    expect([...partial.walked.keys()].sort()).toEqual(['counter.counting|count.add|0', 'counter.counting|count.add|1']);
    // counting at 0, 1, 2 and full: four graph states, each tried with both events
    expect(full.variants).toEqual([{ name: 'count to two', vertices: 4, edges: 8, shortestPaths: 4 }]);
  });

  it('adds the timer events of `after` transitions by itself', () => {
    const walk = walkMachine(delayedMachine, [{ name: 'no events', input: undefined, events: [], key: () => null }]);
    expect([...walk.walked.keys()].sort()).toEqual(keys(delayedMachine).sort());
  });

  it('counts invoked actors’ results given as events, and the done event of a compound state reaching its final state', () => {
    const walk = walkMachine(finalMachine, [
      {
        name: 'answer or fail',
        input: undefined,
        events: [{ type: 'xstate.done.actor.answer', output: 42 }, { type: 'xstate.error.actor.answer', error: 'offline' }, { type: 'quiz.retry' }],
        key: () => null,
      },
    ]);
    expect([...walk.walked.keys()].sort()).toEqual(keys(finalMachine).sort());
    expect(walk.walked.get('quiz.asking|xstate.done.state.quiz.asking|0')).toBeGreaterThan(0);
  });
});

describe('recording in the browser (src/viewer/inspection.ts)', () => {
  it('records each microstep with the chart’s transition keys, from and to, in the format coverage reads', () => {
    const record: RecordedTransition[] = [];
    const actor = createActor(guardedMachine, { inspect: createInspector({ record }) }).start();
    actor.send({ type: 'count.add' });
    actor.send({ type: 'count.check' }); // not full yet: no transition, nothing recorded
    actor.send({ type: 'count.add' });
    actor.send({ type: 'count.add' });
    actor.stop();
    expect(record.map((r) => [r.machineId, r.event, r.from, r.to, r.transitions])).toEqual([
      ['counter', 'count.add', 'counting', 'counting', ['counter.counting|count.add|0']],
      ['counter', 'count.add', 'counting', 'counting', ['counter.counting|count.add|0']],
      ['counter', 'count.add', 'counting', 'full', ['counter.counting|count.add|1']],
    ]);
    expect(record.every((r) => r.transitions.every((key) => keys(guardedMachine).includes(key)))).toBe(true);
    expect(TransitionsFile.safeParse(JSON.parse(JSON.stringify({ test: 't', transitions: record }))).success).toBe(true);
  });

  it('records the eventless transitions taken at start, from the state they leave', () => {
    const deciding = setup({ guards: { startsOpen: () => false } }).createMachine({
      id: 'gate',
      initial: 'deciding',
      states: { deciding: { always: [{ guard: 'startsOpen', target: 'open' }, { target: 'shut' }] }, open: {}, shut: {} },
    });
    const record: RecordedTransition[] = [];
    createActor(deciding, { inspect: createInspector({ record }) }).start().stop();
    expect(record).toEqual([{ machineId: 'gate', actorId: expect.any(String), from: 'deciding', event: 'xstate.init', to: 'shut', transitions: ['gate.deciding||1'] }]);
  });
});

describe('coverage report', () => {
  const variants = { counter: [counterVariant([{ type: 'count.add' }, { type: 'count.check' }])] };
  const run: RecordedRun = {
    files: [
      {
        test: 'e2e › counts once',
        transitions: [
          { machineId: 'counter', actorId: 'x', from: 'counting', event: 'count.add', to: 'counting', transitions: ['counter.counting|count.add|0'] },
          { machineId: 'stray', actorId: 'y', from: 'a', event: 'go', to: 'b', transitions: ['stray.a|go|0'] },
        ],
      },
    ],
    invalid: ['broken.json'],
  };

  it('gives model and e2e shares per machine and names the transitions no e2e test reaches', () => {
    const report = computeCoverage({ counter: guardedMachine, blinker: delayedMachine }, { ...variants, blinker: [] }, run);
    const counter = report.machines.find((m) => m.name === 'counter')!;
    expect(counter).toMatchObject({ states: 2, transitions: 3, model: { walked: 3, share: 1, missingConfig: false }, e2e: { taken: 1, tests: 1 } });
    expect(counter.e2e!.share).toBeCloseTo(1 / 3);
    expect(counter.notReachedByE2e).toEqual(['counting: count.add → full', 'counting: count.check [isFull and (not isEmpty)] → full']);
    const blinker = report.machines.find((m) => m.name === 'blinker')!;
    expect(blinker.model).toMatchObject({ walked: 0, share: 0, missingConfig: true });
    expect(report.modelComplete).toBe(false);
    expect(report.e2e).toEqual({ files: 1, recorded: 2, invalidFiles: ['broken.json'], unlistedMachines: ['stray'], unknownTransitions: ['stray.a|go|0'] });

    const markdown = toCoverageMarkdown(report);
    expect(markdown).toContain('| [counter](README.md#counter) | 2 | 3 | 4 | 8 | 3/3 (100 %) | 1/3 (33.3 %) |');
    expect(markdown).toContain('| [blinker](README.md#blinker) | 2 | 2 | 0 | 0 | no walk config | 0/2 (0 %) |');
    expect(markdown).toContain('- counting: count.check [isFull and (not isEmpty)] → full');
    expect(markdown).toContain('missing from scripts/statecharts/machines.ts: `stray`');
  });

  it('without recordings the e2e share is “not run”, and a complete walk is complete', () => {
    const report = computeCoverage({ counter: guardedMachine }, variants, null);
    expect(report.modelComplete).toBe(true);
    expect(report.e2e).toBeNull();
    expect(report.machines[0].e2e).toBeNull();
    expect(toCoverageMarkdown(report)).toContain('**End-to-end: not run**');
  });
});
