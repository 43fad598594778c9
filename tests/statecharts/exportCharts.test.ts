import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { machines } from '../../scripts/statecharts/machines';
import { chartOf, statesOf, transitionsOf } from '../../scripts/statecharts/chart';
import { constantOfDelay, readTimingConstants } from '../../scripts/statecharts/constants';
import { compareExports, exportCharts } from '../../scripts/statecharts/exportCharts';
import { fixtureMachines } from './fixtureMachines';

const root = mkdtempSync(path.join(tmpdir(), 'statecharts-export-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const fresh = (name: string) => mkdtempSync(path.join(root, `${name}-`));
const noSvg = { svg: false };

describe('export of a machine registry (without SVG)', () => {
  it('writes Mermaid and SCXML per machine and one README, the same bytes every time', async () => {
    const first = fresh('a');
    const second = fresh('b');
    const written = await exportCharts(fixtureMachines, first, noSvg);
    await exportCharts(fixtureMachines, second, noSvg);
    expect(written).toEqual(['README.md', ...Object.keys(fixtureMachines).sort().flatMap((n) => [`${n}.mmd`, `${n}.scxml`])].sort());
    for (const file of written) expect(readFileSync(path.join(second, file), 'utf8'), file).toBe(readFileSync(path.join(first, file), 'utf8'));
    expect(compareExports(second, first, noSvg)).toEqual({ changed: [], missing: [], extra: [] });
  });

  it('the drift check names changed, missing and no longer generated files', async () => {
    const committed = fresh('committed');
    const regenerated = fresh('regenerated');
    await exportCharts(fixtureMachines, committed, noSvg);
    await exportCharts(fixtureMachines, regenerated, noSvg);
    writeFileSync(path.join(committed, 'door.mmd'), 'edited by hand\n');
    unlinkSync(path.join(committed, 'quiz.scxml'));
    writeFileSync(path.join(committed, 'retired.mmd'), 'stateDiagram-v2\n');
    writeFileSync(path.join(committed, 'coverage.md'), 'not the export’s file\n');
    expect(compareExports(regenerated, committed, noSvg)).toEqual({ changed: ['door.mmd'], missing: ['quiz.scxml'], extra: ['retired.mmd'] });
  });

  it('removes the files of a machine that left the registry', async () => {
    const dir = fresh('shrink');
    await exportCharts(fixtureMachines, dir, noSvg);
    const { quiz: _quiz, ...rest } = fixtureMachines;
    await exportCharts(rest, dir, noSvg);
    expect(readdirSync(dir).filter((f) => f.startsWith('quiz.'))).toEqual([]);
  });

  it('the README gives per machine its purpose, states, events, guards, actions, delays and links to its three files', async () => {
    const dir = fresh('readme');
    await exportCharts(fixtureMachines, dir, noSvg);
    const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const section = (name: string) => readme.slice(readme.indexOf(`## ${name}\n`), readme.indexOf('\n## ', readme.indexOf(`## ${name}\n`) + 1));
    expect(readme).toContain('| [door](#door) | A door that can be opened, and locked while closed. | 4 | 4 | [diagram](door.svg) · [Mermaid](door.mmd) · [SCXML](door.scxml) |');

    const door = section('door');
    expect(door).toContain('**Purpose.** A door that can be opened, and locked while closed.');
    expect(door).toContain('| `closed.unlocked` | atomic, initial |  |');
    expect(door).toContain('| `open` | atomic | The door stands open. Entry: greet. Exit: wave. |');
    expect(door).toContain('| `door.lock` | `closed.unlocked` | Turn the key. |');
    expect(door).toMatch(/\| `greet` \| custom function .*\| entry of open \|/);

    const counter = section('counter');
    expect(counter).toContain(
      '| `isFull` | as `isFull and (not isEmpty)` in counting —count.check→ full; as `not isFull` in counting —count.add→ (stays; actions only) | Room for one more. |',
    );
    expect(counter).toContain('| `isEmpty` | as `isFull and (not isEmpty)` in counting —count.check→ full |  |');
    const guardTable = counter.slice(counter.indexOf('### Guards'), counter.indexOf('### Actions'));
    expect(guardTable).not.toContain('| `not isFull` |');
    expect(counter).toContain('| `add` | assigns context (count) | counting —count.add→ (stays; actions only) |');

    const blinker = section('blinker');
    expect(blinker).toContain('| `shortPause` | 200 ms |');
    expect(blinker).toContain('| `1000` | 1000 ms |');
    expect(blinker).toContain('timer: fires 200 ms after the state was entered, cancelled when it is left');

    const quiz = section('quiz');
    expect(quiz).toContain('| `asking.answered` | final | The answer came. |');
    expect(quiz).toContain('Invokes `fetchAnswer` as `answer` while active.');
    expect(quiz).toContain('the invoked actor `answer` failed');
  });
});

describe('the index of the real machines', () => {
  it('explains every name the diagrams use: states, triggers, guards, actions, delays', async () => {
    const dir = fresh('real');
    await exportCharts(machines, dir, noSvg);
    const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
    for (const name of Object.keys(machines)) {
      const start = readme.indexOf(`## ${name}\n`);
      expect(start, name).toBeGreaterThan(-1);
      const section = readme.slice(start, readme.indexOf('\n## ', start + 1) === -1 ? undefined : readme.indexOf('\n## ', start + 1));
      const chart = chartOf(machines[name]);
      for (const state of statesOf(chart).slice(1)) expect(section, `${name}: state ${state.key}`).toContain(`| \`${state.path}\` |`);
      for (const t of transitionsOf(chart)) {
        expect(section, `${name}: ${t.trigger}`).toContain(`\`${t.trigger}\``);
        for (const guard of t.guardRefs) expect(section, `${name}: guard ${guard}`).toContain(`| \`${guard}\` |`);
        for (const action of t.actions) expect(section, `${name}: action ${action.name}`).toContain(`| \`${action.name}\` |`);
        if (t.delay?.name) expect(section, `${name}: delay ${t.delay.name}`).toContain(t.delay.ms === undefined ? `| \`${t.delay.name}\` | computed at run time |` : `| \`${t.delay.name}\` | ${t.delay.ms} ms |`);
      }
    }
  });
});

describe('timing constants behind the delays', () => {
  const file = path.join(root, 'constants.ts');
  writeFileSync(
    file,
    [
      '/** Carousel autoplay: time a slide stays. */',
      'export const CAROUSEL_INTERVAL_MS = 4000;',
      '/** Tracking debounce. */',
      'export const TRACKING_DEBOUNCE_MS = 200;',
      '/** Pause before wrapping. */',
      'export const CAROUSEL_LOOP_PAUSE_MS = 200;',
      'export const CAROUSEL_TRANSITION_MS = 500;',
      '',
      'export const ROWS = 3;',
    ].join('\n'),
  );
  const values = { CAROUSEL_INTERVAL_MS: 4000, TRACKING_DEBOUNCE_MS: 200, CAROUSEL_LOOP_PAUSE_MS: 200, CAROUSEL_TRANSITION_MS: 500, ROWS: 3 };
  const constants = readTimingConstants(file, values);

  it('reads the *_MS constants with their doc comments (a constant right below shares the comment above)', () => {
    expect(constants).toEqual([
      { name: 'CAROUSEL_INTERVAL_MS', value: 4000, doc: 'Carousel autoplay: time a slide stays.' },
      { name: 'TRACKING_DEBOUNCE_MS', value: 200, doc: 'Tracking debounce.' },
      { name: 'CAROUSEL_LOOP_PAUSE_MS', value: 200, doc: 'Pause before wrapping.' },
      { name: 'CAROUSEL_TRANSITION_MS', value: 500, doc: 'Pause before wrapping.' },
    ]);
  });

  it('matches a delay by value, and among equal values by the words of its name and machine', () => {
    expect(constantOfDelay({ name: 'slideInterval', ms: 4000 }, 'carousel', constants)?.name).toBe('CAROUSEL_INTERVAL_MS');
    expect(constantOfDelay({ name: 'loopPause', ms: 200 }, 'carousel', constants)?.name).toBe('CAROUSEL_LOOP_PAUSE_MS');
    expect(constantOfDelay({ name: 'debounce', ms: 200 }, 'tracking', constants)?.name).toBe('TRACKING_DEBOUNCE_MS');
    expect(constantOfDelay({ name: 'wait', ms: 200 }, 'other', constants)).toBeUndefined();
    expect(constantOfDelay({ name: 'wait', ms: 123 }, 'other', constants)).toBeUndefined();
  });
});
