// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { machines } from '../../scripts/statecharts/machines';
import { chartOf } from '../../scripts/statecharts/chart';
import { toMermaid } from '../../scripts/statecharts/mermaid';
import { compoundMachine, delayedMachine, finalMachine, fixtureMachines, guardedMachine, parallelMachine } from './fixtureMachines';

type Mermaid = { initialize(config: Record<string, unknown>): void; parse(text: string): Promise<unknown> };
let mermaid: Mermaid;

beforeAll(async () => {
  mermaid = (await import('mermaid')).default as unknown as Mermaid;
  mermaid.initialize({ startOnLoad: false });
});

const lines = (text: string) => text.split('\n').map((line) => line.trim());

describe('Mermaid export of the fixture machines', () => {
  it.each(Object.entries(fixtureMachines))('%s parses with Mermaid’s own parser', async (_name, machine) => {
    await expect(mermaid.parse(toMermaid(chartOf(machine)))).resolves.toBeTruthy();
  });

  it('Mermaid’s parser rejects a broken diagram (the check above can fail)', async () => {
    const broken = toMermaid(chartOf(compoundMachine)).replace('state s_door__closed {', 'state s_door__closed {{');
    await expect(mermaid.parse(broken)).rejects.toThrow();
  });

  it('compound: nested block with its initial state, description as a note, entry and exit, a transition into a nested state', () => {
    const text = lines(toMermaid(chartOf(compoundMachine)));
    expect(text).toContain('stateDiagram-v2');
    expect(text).toContain('title: "door — A door that can be opened, and locked while closed."');
    expect(text).toContain('[*] --> s_door__closed');
    expect(text).toContain('state s_door__closed {');
    expect(text).toContain('[*] --> s_door__closed__unlocked');
    expect(text).toContain('s_door__closed__unlocked --> s_door__closed__locked : door.lock');
    expect(text).toContain('s_door__open --> s_door__closed__locked : door.close');
    expect(text).toContain('s_door__closed --> s_door__open : door.open');
    const note = text.slice(text.indexOf('note right of s_door__open'), text.indexOf('end note', text.indexOf('note right of s_door__open')));
    expect(note).toEqual(['note right of s_door__open', 'The door stands open.', 'entry / greet', 'exit / wave']);
  });

  it('parallel: one block with the regions separated by --, each with its own initial state', () => {
    const text = lines(toMermaid(chartOf(parallelMachine)));
    const block = text.slice(text.indexOf('state s_player {'));
    expect(block.indexOf('state s_player__sound {')).toBeLessThan(block.indexOf('--'));
    expect(block.indexOf('--')).toBeLessThan(block.indexOf('state s_player__picture {'));
    expect(text).toContain('[*] --> s_player__sound__muted');
    expect(text).toContain('[*] --> s_player__picture__dark');
    expect(text).not.toContain('[*] --> s_player__sound');
  });

  it('guarded: guard names in brackets (combined guards spelled out), actions after a slash, one arrow per pair of states', () => {
    const text = lines(toMermaid(chartOf(guardedMachine)));
    expect(text).toContain('s_counter__counting --> s_counter__counting : count.add [not isFull] / add');
    expect(text).toContain('s_counter__counting --> s_counter__full : count.add<br/>count.check [isFull and (not isEmpty)]');
  });

  it('delayed: named delays show their value and name, numeric ones their value', () => {
    const text = lines(toMermaid(chartOf(delayedMachine)));
    expect(text).toContain('s_blinker__off --> s_blinker__on : after 200ms (shortPause) / blink');
    expect(text).toContain('s_blinker__on --> s_blinker__off : after 1000ms');
  });

  it('final: final states end in [*]; done and error of an invoked actor, and a compound state’s done', () => {
    const text = lines(toMermaid(chartOf(finalMachine)));
    expect(text).toContain('s_quiz__asking__answered --> [*]');
    expect(text).toContain('s_quiz__finished --> [*]');
    expect(text).not.toContain('s_quiz__asking__failed --> [*]');
    expect(text).toContain('s_quiz__asking__waiting --> s_quiz__asking__answered : done: answer');
    expect(text).toContain('s_quiz__asking__waiting --> s_quiz__asking__failed : error: answer');
    expect(text).toContain('s_quiz__asking --> s_quiz__finished : done: quiz.asking');
    expect(text).toContain('invokes fetchAnswer as answer');
  });
});

describe('Mermaid export of every machine of scripts/statecharts/machines.ts', () => {
  it.each(Object.keys(machines).sort())('%s parses and names every state and event of the machine', async (name) => {
    const machine = machines[name];
    const text = toMermaid(chartOf(machine));
    await expect(mermaid.parse(text)).resolves.toBeTruthy();
    for (const state of Object.keys(machine.root.states)) expect(text).toContain(`"${state}"`);
    for (const event of machine.root.events.filter((e) => !e.startsWith('xstate.'))) expect(text).toContain(event);
  });
});
