import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs, playwrightTotals, suiteTotals, summaryLine, vitestTotals } from '../../scripts/test-totals';

/** Shapes taken from real `vitest run --reporter=json` and Playwright json reporter output. */
const vitestReport = (overrides: object = {}) => ({
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 1,
  success: false,
  testResults: [
    {
      name: '/p/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { status: 'passed', fullName: 'a works' },
        { status: 'failed', fullName: 'a › breaks', failureMessages: ['AssertionError: expected 1 to be 2\n  at a.test.ts:3'] },
      ],
    },
    { name: '/p/b.test.ts', status: 'failed', message: 'import boom\n  at x', assertionResults: [] },
    { name: '/p/c.test.ts', status: 'passed', message: '', assertionResults: [{ status: 'passed' }] },
  ],
  ...overrides,
});

const playwrightReport = (stats: object, errors: object[] = [], suites: object[] = []) => ({
  stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 1, duration: 10, ...stats },
  errors,
  suites,
});

const dir = mkdtempSync(path.join(tmpdir(), 'test-totals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('test totals', () => {
  it('counts a file that failed to import as a failure', () => {
    const totals = vitestTotals(vitestReport(), 1);
    expect([totals.passed, totals.failed, totals.skipped]).toEqual([3, 2, 2]);
    expect(totals.notes.join()).toContain('import boom');
  });

  it('names each failed test with the first line of its error, so the tail of a CI log says what broke', () => {
    const named = vitestTotals(vitestReport(), 1).notes.filter((note) => note.startsWith('failed: '));
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/^failed: \S*p\/a\.test\.ts › a › breaks — AssertionError: expected 1 to be 2$/);
    const spec = (title: string, status: string, message?: string) => ({
      title,
      file: 'x.spec.ts',
      line: 7,
      tests: [{ status, results: message ? [{ error: { message } }] : [{}] }],
    });
    const suites = [
      {
        title: 'x.spec.ts',
        specs: [spec('passes', 'expected')],
        suites: [{ title: 'group', specs: [spec('breaks', 'unexpected', 'Error: timed out\n  at x'), spec('retried', 'flaky', 'once')], suites: [] }],
      },
    ];
    const totals = playwrightTotals(playwrightReport({ unexpected: 1 }, [], suites), 1);
    expect(totals.notes).toEqual(['failed: group › breaks (x.spec.ts:7) — Error: timed out']);
  });

  it('names at most twenty failed tests and counts the rest', () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ status: 'failed', fullName: `t${i}` }));
    const report = vitestReport({ numFailedTests: 23, testResults: [{ name: '/p/m.test.ts', status: 'failed', message: '', assertionResults: many }] });
    const notes = vitestTotals(report, 1).notes;
    expect(notes).toHaveLength(21);
    expect(notes.at(-1)).toBe('… and 3 more failed tests');
  });

  it('counts a non-zero exit without failed tests (unhandled error) as one failure', () => {
    const clean = vitestReport({ numFailedTests: 0, success: true, testResults: [] });
    expect(vitestTotals(clean, 0).failed).toBe(0);
    expect(vitestTotals(clean, 1).failed).toBe(1);
  });

  it('adds Playwright errors outside tests and treats a run without tests as failed', () => {
    expect(playwrightTotals(playwrightReport({}), 0)).toMatchObject({ passed: 2, failed: 0, skipped: 1 });
    const serverDown = playwrightTotals(playwrightReport({ expected: 0, skipped: 0 }, [{ message: 'Error: Process from config.webServer was not able to start.' }]), 1);
    expect(serverDown).toMatchObject({ passed: 0, failed: 1 });
    expect(serverDown.notes[0]).toContain('webServer');
    expect(playwrightTotals(playwrightReport({ expected: 0, skipped: 0 }), 0).failed).toBe(1);
  });

  it('counts a suite that did not run or left no report as one failure', () => {
    expect(suiteTotals('playwright', path.join(dir, 'missing.json'), undefined, playwrightTotals)).toMatchObject({ failed: 1, notes: ['did not run'] });
    const missing = suiteTotals('playwright', path.join(dir, 'missing.json'), 1, playwrightTotals);
    expect(missing.failed).toBe(1);
    expect(missing.notes[0]).toContain('no readable report');
    const garbage = path.join(dir, 'garbage.json');
    writeFileSync(garbage, '{"stats": 3}');
    expect(suiteTotals('playwright', garbage, 0, playwrightTotals).notes[0]).toContain('unexpected report format');
  });

  it('sums every suite into the final line', () => {
    const file = path.join(dir, 'pw.json');
    writeFileSync(file, JSON.stringify(playwrightReport({ expected: 5, unexpected: 2 })));
    const suites = [vitestTotals(vitestReport(), 1), suiteTotals('playwright', file, 1, playwrightTotals)];
    expect(summaryLine(suites)).toBe('8 passed, 4 failed');
  });

  it('parses its arguments and rejects unknown ones', () => {
    expect(parseArgs(['--vitest-exit', '0', '--fail', 'budget', '--fail', 'build'])).toEqual({ vitestExit: 0, failures: ['budget', 'build'] });
    expect(() => parseArgs(['--vitest-exit', 'x'])).toThrow(/integer/);
    expect(() => parseArgs(['--nope', '1'])).toThrow(/unknown/);
  });
});
