import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { labelledTotals, parseArgs, summaryLine, vitestTotals } from '../../scripts/test-totals';

/** A second vitest run (scripts/test-all.sh: the server tests under Node 24) counts in the totals with its own report. */
const report = (passed: number, failed: number) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 0,
  numTodoTests: 0,
  success: failed === 0,
  testResults: [
    {
      name: path.join(process.cwd(), 'tests/server/x.test.ts'),
      status: failed ? 'failed' : 'passed',
      message: '',
      assertionResults: [
        ...Array.from({ length: passed }, () => ({ status: 'passed', fullName: 'works' })),
        ...Array.from({ length: failed }, () => ({ status: 'failed', fullName: 'breaks on 24', failureMessages: ['Error: no'] })),
      ],
    },
  ],
});

const dir = mkdtempSync(path.join(tmpdir(), 'test-totals-labelled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('test totals: labelled runs', () => {
  it('parses @LABEL flags into runs of their own, in any order, and leaves the plain flags as they were', () => {
    const args = parseArgs([
      '--vitest-json', 'a.json',
      '--vitest-json@node24', 'b.json',
      '--playwright-exit', '0',
      '--vitest-exit@node24', '1',
      '--vitest-exit', '0',
    ]);
    expect(args).toEqual({ vitestJson: 'a.json', vitestExit: 0, playwrightExit: 0, failures: [], labelled: [{ kind: 'vitest', label: 'node24', json: 'b.json', exit: 1 }] });
    expect(() => parseArgs(['--vitest-exit@node24', 'x'])).toThrow(/integer/);
    expect(() => parseArgs(['--vitest-json@', 'x'])).toThrow(/unknown/);
    expect(() => parseArgs(['--jest-json@node24', 'x'])).toThrow(/unknown/);
  });

  it('names the run by its label and counts it into the final line', () => {
    const file = path.join(dir, 'node24.json');
    writeFileSync(file, JSON.stringify(report(4, 1)));
    const run = labelledTotals({ kind: 'vitest', label: 'node24', json: file, exit: 1 });
    expect(run).toMatchObject({ name: 'vitest (node24)', passed: 4, failed: 1 });
    expect(run.notes[0]).toContain('breaks on 24');
    expect(summaryLine([vitestTotals(report(10, 0), 0), run])).toBe('14 passed, 1 failed');
  });

  it('counts a labelled run that did not run, or left no report, as one failure under its name', () => {
    expect(labelledTotals({ kind: 'vitest', label: 'node24', json: path.join(dir, 'none.json') })).toMatchObject({
      name: 'vitest (node24)',
      failed: 1,
      notes: ['did not run'],
    });
    expect(labelledTotals({ kind: 'playwright', label: 'node24', json: path.join(dir, 'none.json'), exit: 0 })).toMatchObject({
      name: 'playwright (node24)',
      failed: 1,
    });
  });
});
