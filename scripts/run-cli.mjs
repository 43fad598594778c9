#!/usr/bin/env node
/**
 * Runs an entry of the compiled server in this very process:
 *
 *   node scripts/run-cli.mjs main|import|users|audit|features|xapi|lti|certificates|exportScorm|exportCmi5|a11yReport [ARGS…]
 *
 * `npm run serve` (main), `npm run import`, `npm run users`, `npm run audit`, `npm run features`, `npm run xapi`, `npm run lti`, `npm run certificates`, `npm run export:scorm` (exportScorm), `npm run export:cmi5` (exportCmi5) and `npm run a11y-report` (a11yReport) go through here. When dist/server is
 * missing or older than the sources (scripts/server-build.mjs, `serverBuildIsFresh`), it is built
 * first (esbuild, about a second, and the PGlite template when it is missing; what the build prints
 * goes to stderr, so a command's stdout stays its own). Then the entry is imported here rather than
 * started as a child: signals (SIGTERM, Ctrl-C) reach the server itself, and no process sits between.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerCode, buildTemplate, ENTRY_POINTS, OUT_DIR, serverBuildIsFresh, templateIsPresent } from './server-build.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry || !(entry in ENTRY_POINTS) || entry === 'pgliteWorker' || entry === 'prepareBuild') {
  console.error('Usage: node scripts/run-cli.mjs main|import|users|audit|features|xapi|lti|certificates|exportScorm|exportCmi5|a11yReport [ARGS…]');
  process.exit(2);
}

if (!serverBuildIsFresh()) {
  const started = performance.now();
  await buildServerCode({ quiet: true });
  buildTemplate({ stdout: 'stderr' });
  console.error(`Built dist/server (missing, or its sources changed) in ${Math.round(performance.now() - started)} ms`);
} else if (!templateIsPresent()) {
  buildTemplate({ stdout: 'stderr' });
}

const file = path.join(OUT_DIR, `${entry}.js`);
// The entry reads its arguments from process.argv.slice(2), as when started with `node dist/server/ENTRY.js`.
process.argv = [process.argv[0], file, ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(file).href);
