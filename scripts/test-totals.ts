/**
 * Sums the JSON reports of vitest and Playwright into the last line of `npm test`: `N passed, N failed`.
 *
 *   tsx scripts/test-totals.ts --vitest-json F --vitest-exit N --playwright-json F --playwright-exit N [--fail REASON]...
 *     [--vitest-json@LABEL F --vitest-exit@LABEL N]... [--playwright-json@LABEL F --playwright-exit@LABEL N]...
 *
 * A flag with `@LABEL` is a further run of that suite with its own report, counted as the suite `vitest (LABEL)`
 * or `playwright (LABEL)` (scripts/test-all.sh: `@node24`, the server tests again under Node 24).
 * A suite whose exit code is missing did not run; a suite without a readable report, or one that exited non-zero
 * although its report shows no failed test (unhandled error, web server that did not start, file that failed to
 * import), counts as one failure. Each `--fail REASON` (build, bundle budget, missing browser) counts as one
 * failure too, so `0 failed` appears only when everything ran and passed. Exits 1 when anything failed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** What one suite contributes to the totals. */
export interface SuiteTotals {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Why failures were counted that are not failed tests. */
  notes: string[];
}

const VitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number().default(0),
  success: z.boolean(),
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string().default(''),
      assertionResults: z.array(
        z.object({ status: z.string(), fullName: z.string().default(''), failureMessages: z.array(z.string()).default([]) }),
      ),
    }),
  ),
});

interface PlaywrightSuite {
  title: string;
  specs: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
  suites: PlaywrightSuite[];
}

const PlaywrightSpec = z.object({
  title: z.string(),
  file: z.string().default(''),
  line: z.number().default(0),
  tests: z.array(
    z.object({
      status: z.string(),
      results: z.array(z.object({ error: z.object({ message: z.string().optional() }).loose().optional() }).loose()).default([]),
    }),
  ),
});

const PlaywrightSuiteSchema: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    title: z.string().default(''),
    specs: z.array(PlaywrightSpec).default([]),
    suites: z.array(PlaywrightSuiteSchema).default([]),
  }),
);

const PlaywrightReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
  errors: z.array(z.object({ message: z.string().optional() }).loose()).default([]),
  suites: z.array(PlaywrightSuiteSchema).default([]),
});

/** How many failed tests a suite names at most, so the totals stay readable when everything broke. */
const NAMED_FAILURES = 20;

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

/** `failed: NAME — first line of its error`, capped at NAMED_FAILURES lines: the tail of a CI log names what broke. */
function namedFailures(failures: readonly { name: string; message: string }[]): string[] {
  const named = failures.slice(0, NAMED_FAILURES).map(({ name, message }) => `failed: ${name}${message ? ` — ${firstLine(message)}` : ''}`);
  if (failures.length > NAMED_FAILURES) named.push(`… and ${failures.length - NAMED_FAILURES} more failed tests`);
  return named;
}

function failedPlaywrightTests(suites: readonly PlaywrightSuite[], titles: readonly string[] = []): { name: string; message: string }[] {
  return suites.flatMap((suite) => {
    const trail = suite.title ? [...titles, suite.title] : titles;
    const own = suite.specs.flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => ({
          name: `${[...trail.filter((t) => t !== spec.file), spec.title].join(' › ')} (${spec.file}:${spec.line})`,
          message: test.results.find((r) => r.error?.message)?.error?.message ?? '',
        })),
    );
    return [...own, ...failedPlaywrightTests(suite.suites, trail)];
  });
}

/** Counts once more a suite that failed although no test failed, or that ran no test at all. */
function settle(totals: SuiteTotals, exitCode: number): SuiteTotals {
  if (exitCode !== 0 && totals.failed === 0) {
    totals.failed = 1;
    totals.notes.push(`exited with code ${exitCode} although no test failed`);
  }
  if (totals.passed + totals.failed === 0) {
    totals.failed = 1;
    totals.notes.push('ran no test');
  }
  return totals;
}

export function vitestTotals(report: unknown, exitCode: number): SuiteTotals {
  const parsed = VitestReport.parse(report);
  const totals: SuiteTotals = {
    name: 'vitest',
    passed: parsed.numPassedTests,
    failed: parsed.numFailedTests,
    skipped: parsed.numPendingTests + parsed.numTodoTests,
    notes: [],
  };
  const failedAssertions = parsed.testResults.flatMap((file) =>
    file.assertionResults
      .filter((a) => a.status === 'failed')
      .map((a) => ({ name: `${path.relative(process.cwd(), file.name)} › ${a.fullName}`, message: a.failureMessages[0] ?? '' })),
  );
  totals.notes.push(...namedFailures(failedAssertions));
  for (const file of parsed.testResults) {
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) {
      totals.failed += 1;
      totals.notes.push(`${path.relative(process.cwd(), file.name)} failed outside its tests: ${firstLine(file.message)}`);
    }
  }
  if (!parsed.success && totals.failed === 0) {
    totals.failed = 1;
    totals.notes.push('reported failure without a failed test (unhandled error?)');
  }
  return settle(totals, exitCode);
}

export function playwrightTotals(report: unknown, exitCode: number): SuiteTotals {
  const parsed = PlaywrightReport.parse(report);
  const totals: SuiteTotals = {
    name: 'playwright',
    passed: parsed.stats.expected + parsed.stats.flaky,
    failed: parsed.stats.unexpected + parsed.errors.length,
    skipped: parsed.stats.skipped,
    notes: [
      ...namedFailures(failedPlaywrightTests(parsed.suites)),
      ...parsed.errors.map((e) => firstLine(e.message ?? 'error outside a test')),
    ],
  };
  return settle(totals, exitCode);
}

/** Reads a suite's report; a suite that did not run or left no readable report is one failure. */
export function suiteTotals(
  name: string,
  jsonFile: string | undefined,
  exitCode: number | undefined,
  count: (report: unknown, exitCode: number) => SuiteTotals,
): SuiteTotals {
  const failure = (note: string): SuiteTotals => ({ name, passed: 0, failed: 1, skipped: 0, notes: [note] });
  if (exitCode === undefined) return failure('did not run');
  if (!jsonFile) return failure('no report file given');
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  } catch (error) {
    return failure(`no readable report ${jsonFile} (exit code ${exitCode}): ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return count(report, exitCode);
  } catch (error) {
    return failure(`unexpected report format in ${jsonFile}: ${error instanceof Error ? firstLine(error.message) : String(error)}`);
  }
}

export function summaryLine(suites: readonly SuiteTotals[]): string {
  const passed = suites.reduce((sum, s) => sum + s.passed, 0);
  const failed = suites.reduce((sum, s) => sum + s.failed, 0);
  return `${passed} passed, ${failed} failed`;
}

export function describeSuite(suite: SuiteTotals): string[] {
  return [
    `${suite.name}: ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped`,
    ...suite.notes.map((note) => `  ${suite.name}: ${note}`),
  ];
}

/** A further run of a suite, named by the label of its flags: `--vitest-json@node24 F --vitest-exit@node24 N`. */
export interface LabelledRun {
  kind: 'vitest' | 'playwright';
  label: string;
  json?: string;
  exit?: number;
}

interface Args {
  vitestJson?: string;
  vitestExit?: number;
  playwrightJson?: string;
  playwrightExit?: number;
  failures: string[];
  /** Only present when a labelled flag was given. */
  labelled?: LabelledRun[];
}

const LABELLED_FLAG = /^--(vitest|playwright)-(json|exit)@([A-Za-z0-9._-]+)$/;

export function parseArgs(argv: readonly string[]): Args {
  const args: Args = { failures: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    const exitCode = () => {
      const n = Number(value);
      if (!Number.isInteger(n)) throw new Error(`${flag} needs an integer, got ${value}`);
      return n;
    };
    if (flag === '--vitest-json') args.vitestJson = value;
    else if (flag === '--vitest-exit') args.vitestExit = exitCode();
    else if (flag === '--playwright-json') args.playwrightJson = value;
    else if (flag === '--playwright-exit') args.playwrightExit = exitCode();
    else if (flag === '--fail') args.failures.push(value);
    else if (LABELLED_FLAG.test(flag)) {
      const [, kind, what, label] = LABELLED_FLAG.exec(flag) as unknown as [string, LabelledRun['kind'], 'json' | 'exit', string];
      args.labelled ??= [];
      let run = args.labelled.find((r) => r.kind === kind && r.label === label);
      if (!run) args.labelled.push((run = { kind, label }));
      if (what === 'json') run.json = value;
      else run.exit = exitCode();
    } else throw new Error(`unknown argument ${flag}`);
  }
  return args;
}

/** A labelled run's totals, named `vitest (LABEL)` or `playwright (LABEL)`. */
export function labelledTotals(run: LabelledRun): SuiteTotals {
  const name = `${run.kind} (${run.label})`;
  return { ...suiteTotals(name, run.json, run.exit, run.kind === 'vitest' ? vitestTotals : playwrightTotals), name };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const suites = [
    suiteTotals('vitest', args.vitestJson, args.vitestExit, vitestTotals),
    suiteTotals('playwright', args.playwrightJson, args.playwrightExit, playwrightTotals),
    ...(args.labelled ?? []).map(labelledTotals),
    ...args.failures.map((reason): SuiteTotals => ({ name: 'check', passed: 0, failed: 1, skipped: 0, notes: [reason] })),
  ];
  const lines = suites.map((suite) => (suite.name === 'check' ? [`check failed: ${suite.notes.join('; ')}`] : describeSuite(suite)));
  console.log(lines.flat().join('\n'));
  console.log(summaryLine(suites));
  process.exitCode = suites.some((s) => s.failed > 0) ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
