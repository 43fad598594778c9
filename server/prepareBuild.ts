/**
 * `node dist/server/prepareBuild.js`, the build's last step (scripts/server-build.mjs runs it with
 * the freshly built code, in a process of its own so that PGlite's WASM heap goes with it): what a
 * first start would otherwise do itself.
 *   1. The PGlite template a new data dir is copied from (server/db/makeTemplate.ts; initdb and
 *      the migrations, only when the one for this PGlite and these migrations is missing).
 *   2. The demo cache: the demo files of the project's content/ checked and sanitised
 *      (server/content/demoCache.ts), so a first start needs no jsdom.
 * Prints what it did; exits 1 on failure.
 */
import path from 'node:path';
import { writeDemoCacheOf } from './content/demo';
import { DEMO_CACHE_FILE } from './content/demoCache';
import { makePgliteTemplate } from './db/makeTemplate';
import { APP_ROOT } from './paths';

try {
  const template = await makePgliteTemplate();
  console.log(template.made ? `PGlite template made in ${template.ms} ms: ${template.dir}` : `PGlite template is current: ${template.dir}`);
  const started = Date.now();
  const files = await writeDemoCacheOf(path.join(APP_ROOT, 'content'));
  console.log(`Demo cache: ${files} files prepared in ${Date.now() - started} ms: ${DEMO_CACHE_FILE}`);
} catch (error) {
  console.error(`Preparing the build failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
}
