/**
 * npm run coverage:paths [-- --transitions DIR]
 *
 * Walks every machine of scripts/statecharts/machines.ts (scripts/statecharts/walkConfigs.ts), reads the
 * transitions the last Playwright run recorded (test-results/transitions/*.json, or DIR, if any) and writes
 * docs/statecharts/coverage.md and coverage.json. Exits 1 when a machine's model-based share is
 * below 100 % (or it has no walk config).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machines } from './machines';
import { computeCoverage, toCoverageJson, toCoverageMarkdown } from './coverage';
import { DOCS_DIR } from './exportCharts';
import { readRecordedRun, TRANSITIONS_DIR } from './recordedTransitions';
import { walkConfigs } from './walkConfigs';

const args = process.argv.slice(2);
const transitionsDir = args[0] === '--transitions' && args[1] ? args[1] : TRANSITIONS_DIR;
if (args.length && transitionsDir === TRANSITIONS_DIR) {
  console.error(`Unknown arguments: ${args.join(' ')}. Usage: npm run coverage:paths [-- --transitions DIR]`);
  process.exit(2);
}
const started = Date.now();
const report = computeCoverage(machines, walkConfigs, readRecordedRun(transitionsDir));
mkdirSync(DOCS_DIR, { recursive: true });
writeFileSync(path.join(DOCS_DIR, 'coverage.md'), toCoverageMarkdown(report));
writeFileSync(path.join(DOCS_DIR, 'coverage.json'), toCoverageJson(report));

for (const m of report.machines) {
  const model = m.model.missingConfig ? 'NO WALK CONFIG' : `${m.model.walked}/${m.transitions} model`;
  const e2e = m.e2e ? `${m.e2e.taken}/${m.transitions} e2e` : 'e2e not run';
  console.log(`${m.name}: ${m.states} states / ${m.transitions} transitions / ${m.model.pathsWalked} paths walked; ${model}; ${e2e}`);
}
if (!report.e2e) console.log(`No recorded e2e transitions in ${transitionsDir}/: run the Playwright tests first for the end-to-end share.`);
console.log(`Wrote ${DOCS_DIR}/coverage.md and coverage.json in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (!report.modelComplete) {
  const short = report.machines.filter((m) => m.model.share < 1 || m.model.missingConfig).map((m) => m.name);
  console.error(`Model-based coverage below 100 % for: ${short.join(', ')} (see ${DOCS_DIR}/coverage.md)`);
  process.exit(1);
}
