/**
 * npm run statecharts [-- --check] [-- --no-svg]
 *
 * Exports every machine of scripts/statecharts/machines.ts to docs/statecharts/ (Mermaid, SCXML, SVG, README.md).
 * --check: exports into a temporary directory instead and exits 1, listing the files, when
 * docs/statecharts/ differs from it (the drift check of `npm test`).
 * --no-svg: skips the SVG rendering (and, with --check, the SVG comparison).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { machines } from './machines';
import { compareExports, DOCS_DIR, exportCharts } from './exportCharts';

async function main(): Promise<number> {
  const args = new Set(process.argv.slice(2));
  const unknown = [...args].filter((arg) => arg !== '--check' && arg !== '--no-svg');
  if (unknown.length) {
    console.error(`Unknown option(s): ${unknown.join(' ')}. Usage: npm run statecharts [-- --check] [-- --no-svg]`);
    return 2;
  }
  const options = { svg: !args.has('--no-svg') };
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

  if (!args.has('--check')) {
    const files = await exportCharts(machines, DOCS_DIR, options);
    console.log(`statecharts: ${Object.keys(machines).length} machines, ${files.length} files written to ${DOCS_DIR}/ in ${seconds()}${options.svg ? '' : ' (SVG skipped)'}`);
    return 0;
  }

  const fresh = mkdtempSync(path.join(tmpdir(), 'statecharts-'));
  try {
    await exportCharts(machines, fresh, options);
    const drift = compareExports(fresh, DOCS_DIR, options);
    const problems = [
      ...drift.changed.map((f) => `  changed: ${DOCS_DIR}/${f}`),
      ...drift.missing.map((f) => `  missing: ${DOCS_DIR}/${f}`),
      ...drift.extra.map((f) => `  no longer generated: ${DOCS_DIR}/${f}`),
    ];
    if (problems.length) {
      console.error(`statecharts: ${DOCS_DIR}/ is out of date with machines/ (${problems.length} file(s)):`);
      console.error(problems.join('\n'));
      console.error('Run `npm run statecharts` and commit the result.');
      return 1;
    }
    console.log(`statecharts: ${DOCS_DIR}/ matches the machines (${Object.keys(machines).length} machines${options.svg ? '' : ', SVG not compared'}) in ${seconds()}`);
    return 0;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
