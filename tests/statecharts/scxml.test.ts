import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { machines } from '../../scripts/statecharts/machines';
import { chartOf, transitionsOf } from '../../scripts/statecharts/chart';
import { toScxml, XSTATE_NAMESPACE } from '../../scripts/statecharts/scxml';
import { SCXML_SCHEMA, validateScxml } from '../../scripts/statecharts/validateScxml';
import { compoundMachine, delayedMachine, finalMachine, fixtureMachines, guardedMachine, parallelMachine } from './fixtureMachines';

const SCXML = 'http://www.w3.org/2005/07/scxml';
const dir = mkdtempSync(path.join(tmpdir(), 'scxml-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, `${name}.scxml`);
  writeFileSync(file, text);
  return file;
}

const parse = (text: string) => new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
const byId = (doc: Document, id: string) => [...doc.getElementsByTagNameNS(SCXML, '*')].find((el) => el.getAttribute('id') === id);
const transitionsOfState = (doc: Document, id: string) => [...byId(doc, id)!.children].filter((el) => el.localName === 'transition');

describe('SCXML against the W3C SCXML 1.0 schema', () => {
  it('every fixture and every machine of scripts/statecharts/machines.ts validates with xmllint --schema', () => {
    const files = [
      ...Object.entries(fixtureMachines).map(([name, machine]) => write(`fixture-${name}`, toScxml(chartOf(machine)))),
      ...Object.entries(machines).map(([name, machine]) => write(name, toScxml(chartOf(machine)))),
    ];
    const result = validateScxml(files);
    expect(result.output).not.toMatch(/fails to validate|error/i);
    expect(result.valid).toBe(true);
    expect(result.output.split('\n').filter((line) => line.endsWith(' validates'))).toHaveLength(files.length);
  });

  it('xmllint rejects what the schema forbids (so the check above can fail)', () => {
    const broken = toScxml(chartOf(compoundMachine)).replace('<transition ', '<transition bogus="1" ');
    const result = validateScxml([write('broken', broken)]);
    expect(result.valid).toBe(false);
    expect(result.output).toMatch(/fails to validate/);
  });

  it('says plainly when the schema is missing instead of passing', () => {
    expect(() => validateScxml([write('any', toScxml(chartOf(compoundMachine)))], { cwd: dir })).toThrow(`SCXML schema missing: ${SCXML_SCHEMA}`);
  });

  it('says how to install xmllint when it is missing', () => {
    expect(() => validateScxml([], { xmllint: 'xmllint-not-installed-here' })).toThrow('apt-get install -y libxml2-utils');
  });
});

describe('SCXML of the fixture machines says what they mean', () => {
  it('compound: the machine is the top state; nested states with their initial; targets by id; entry and exit name their actions', () => {
    const doc = parse(toScxml(chartOf(compoundMachine)));
    const root = doc.documentElement;
    expect(root.localName).toBe('scxml');
    expect(root.getAttribute('initial')).toBe('door');
    expect(byId(doc, 'door')!.getAttribute('initial')).toBe('door.closed');
    expect(byId(doc, 'door.closed')!.getAttribute('initial')).toBe('door.closed.unlocked');
    expect(byId(doc, 'door.closed.unlocked')!.parentElement!.getAttribute('id')).toBe('door.closed');
    const [close] = transitionsOfState(doc, 'door.open');
    expect([close.getAttribute('event'), close.getAttribute('target')]).toEqual(['door.close', 'door.closed.locked']);
    const actions = (tag: string) =>
      [...byId(doc, 'door.open')!.getElementsByTagNameNS(SCXML, tag)[0].getElementsByTagNameNS(XSTATE_NAMESPACE, 'action')].map((a) => a.getAttribute('name'));
    expect(actions('onentry')).toEqual(['greet']);
    expect(actions('onexit')).toEqual(['wave']);
    expect(byId(doc, 'door.closed')!.getAttributeNS(XSTATE_NAMESPACE, 'description')).toBe('The door is shut.');
  });

  it('parallel: a <parallel> with both regions as states', () => {
    const doc = parse(toScxml(chartOf(parallelMachine)));
    const top = byId(doc, 'player')!;
    expect(top.localName).toBe('parallel');
    expect([...top.children].map((child) => [child.localName, child.getAttribute('id'), child.getAttribute('initial')])).toEqual([
      ['state', 'player.sound', 'player.sound.muted'],
      ['state', 'player.picture', 'player.picture.dark'],
    ]);
  });

  it('guarded: cond holds the guard by name, candidates in document order, actions named in the transition', () => {
    const doc = parse(toScxml(chartOf(guardedMachine)));
    const found = transitionsOfState(doc, 'counter.counting').map((t) => [t.getAttribute('event'), t.getAttribute('cond'), t.getAttribute('target')]);
    expect(found).toEqual([
      ['count.add', 'not isFull', null],
      ['count.add', null, 'counter.full'],
      ['count.check', 'isFull and (not isEmpty)', 'counter.full'],
    ]);
    const add = transitionsOfState(doc, 'counter.counting')[0];
    expect([...add.getElementsByTagNameNS(XSTATE_NAMESPACE, 'action')].map((a) => a.getAttribute('name'))).toEqual(['add']);
    expect(add.getAttributeNS(XSTATE_NAMESPACE, 'description')).toBe('Room for one more.');
  });

  it('delayed: a <send delay> on entry, a <cancel> of it on exit, the transition on its event', () => {
    const doc = parse(toScxml(chartOf(delayedMachine)));
    const off = byId(doc, 'blinker.off')!;
    const send = off.getElementsByTagNameNS(SCXML, 'send')[0];
    expect(send.parentElement!.localName).toBe('onentry');
    expect([send.getAttribute('event'), send.getAttribute('delay'), send.getAttributeNS(XSTATE_NAMESPACE, 'delay')]).toEqual([
      'xstate.after.shortPause.blinker.off', '200ms', 'shortPause',
    ]);
    const cancel = off.getElementsByTagNameNS(SCXML, 'cancel')[0];
    expect(cancel.parentElement!.localName).toBe('onexit');
    expect(cancel.getAttribute('sendid')).toBe(send.getAttribute('id'));
    expect(transitionsOfState(doc, 'blinker.off').map((t) => [t.getAttribute('event'), t.getAttribute('target')])).toEqual([
      ['xstate.after.shortPause.blinker.off', 'blinker.on'],
    ]);
    expect(byId(doc, 'blinker.on')!.getElementsByTagNameNS(SCXML, 'send')[0].getAttribute('delay')).toBe('1000ms');
  });

  it('final: <final> states, the invoke, its done/error transitions and the compound state’s done', () => {
    const doc = parse(toScxml(chartOf(finalMachine)));
    expect(byId(doc, 'quiz.asking.answered')!.localName).toBe('final');
    expect(byId(doc, 'quiz.finished')!.localName).toBe('final');
    const invoke = byId(doc, 'quiz.asking.waiting')!.getElementsByTagNameNS(SCXML, 'invoke')[0];
    expect([invoke.getAttribute('src'), invoke.getAttributeNS(XSTATE_NAMESPACE, 'id')]).toEqual(['fetchAnswer', 'answer']);
    expect(transitionsOfState(doc, 'quiz.asking.waiting').map((t) => t.getAttribute('event'))).toEqual(['xstate.done.actor.answer', 'xstate.error.actor.answer']);
    expect(transitionsOfState(doc, 'quiz.asking').map((t) => [t.getAttribute('event'), t.getAttribute('target')])).toEqual([
      ['xstate.done.state.quiz.asking', 'quiz.finished'],
    ]);
  });

  it('every machine: one <transition> per chart transition, each guard as its cond', () => {
    for (const machine of Object.values(machines)) {
      const chart = chartOf(machine);
      const doc = parse(toScxml(chart));
      const elements = [...doc.getElementsByTagNameNS(SCXML, 'transition')];
      const chartTransitions = transitionsOf(chart);
      expect(elements, machine.id).toHaveLength(chartTransitions.length);
      expect(elements.map((t) => t.getAttribute('cond'))).toEqual(chartTransitions.map((t) => t.guard ?? null));
    }
  });
});
