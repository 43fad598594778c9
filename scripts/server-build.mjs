#!/usr/bin/env node
/**
 * The compiled server: `npm run build:server` (part of `npm run build` and `npm start`).
 *
 *   node scripts/server-build.mjs [--if-stale] [--no-template] [--quiet]
 *
 * esbuild bundles server/ into dist/server/ as ES modules for Node 20, with source maps, every
 * package in node_modules left external (loaded from node_modules at run time, as from source):
 *   main.js          the server (`node --enable-source-maps dist/server/main.js`)
 *   pgliteWorker.js  the PGlite worker thread's entry, found by server/db/pgliteThread.ts beside its code
 *   import.js, users.js, audit.js, features.js, exportScorm.js  the commands (`npm run import`, `npm run users`, `npm run audit`, `npm run features`,
 *                    `npm run export:scorm`, through scripts/run-cli.mjs,
 *                    which also starts main.js for `npm run serve`)
 *   prepareBuild.js  makes the PGlite template a new data dir is copied from and the demo cache (run at
 *                    the end of the build: server/prepareBuild.ts)
 *   chunk-*.js       code shared by those entries, and the server's modules loaded after the database
 *                    started opening (server/serve.ts), all in the same directory, so that
 *                    `import.meta.url` of any of them resolves beside the entries
 *   build.json       what the build was made from: every bundled source file with its sha256
 * Files are written under a temporary name and renamed, so a server starting meanwhile never reads a
 * half-written one; chunks of earlier builds are removed once they are an hour old (a server started
 * from an earlier build loads its chunks while it starts). Then `node dist/server/prepareBuild.js`
 * makes the PGlite template (initdb and migrations; seconds, and only when PGlite or the migrations
 * changed) and the demo cache (the demo files sanitised); `--no-template` skips both.
 *
 * `--if-stale`: builds only when dist/server is missing or any source file changed since (the check
 * scripts/run-cli.mjs and the Playwright config use, `serverBuildIsFresh`); the template only when
 * the code was built or no template is there.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = path.join(ROOT, 'dist', 'server');
const BUILD_INFO = path.join(OUT_DIR, 'build.json');
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));
const OLD_CHUNK_MS = 60 * 60 * 1000;

export const ENTRY_POINTS = {
  main: 'server/main.ts',
  pgliteWorker: 'server/db/pgliteWorker.ts',
  import: 'server/cli/import.ts',
  users: 'server/cli/users.ts',
  audit: 'server/cli/audit.ts',
  features: 'server/cli/features.ts',
  xapi: 'server/cli/xapi.ts',
  lti: 'server/cli/lti.ts',
  certificates: 'server/cli/certificates.ts',
  exportScorm: 'server/cli/exportScorm.ts',
  exportCmi5: 'server/cli/exportCmi5.ts',
  a11yReport: 'server/cli/a11yReport.ts',
  prepareBuild: 'server/prepareBuild.ts',
};

const sha256 = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/**
 * Whether dist/server is a build of the current sources: every entry there and every file it was
 * made from unchanged (content hashes, so a checkout that only touched mtimes is still fresh).
 */
export function serverBuildIsFresh() {
  let info;
  try {
    info = JSON.parse(fs.readFileSync(BUILD_INFO, 'utf8'));
  } catch {
    return false;
  }
  if (!info || typeof info.inputs !== 'object' || !Array.isArray(info.outputs)) return false;
  for (const output of info.outputs) if (!fs.existsSync(path.join(ROOT, output))) return false;
  for (const [file, hash] of Object.entries(info.inputs)) {
    try {
      if (sha256(path.join(ROOT, file)) !== hash) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Files the build depends on that esbuild does not bundle: the migrations (read at run time, and
 * applied to the PGlite template) and PGlite's package.json (its version is part of the template's key).
 */
function runtimeInputs() {
  const migrations = path.join('server', 'db', 'migrations');
  const sql = fs.readdirSync(path.join(ROOT, migrations)).filter((f) => f.endsWith('.sql')).map((f) => path.join(migrations, f));
  return [...sql, path.join('node_modules', '@electric-sql', 'pglite', 'package.json')];
}

/** Whether the build's last step ran: a PGlite template and the demo cache are in dist/server. */
export function templateIsPresent() {
  try {
    const template = fs.readdirSync(OUT_DIR).some((entry) => /^pglite-template-[0-9a-f]+$/.test(entry) && fs.existsSync(path.join(OUT_DIR, entry, 'PG_VERSION')));
    return template && fs.existsSync(path.join(OUT_DIR, 'demo-cache.json'));
  } catch {
    return false;
  }
}

/** Writes `file` complete or not at all. */
function writeAtomically(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, contents);
  fs.renameSync(tmp, file);
}

/** Bundles the server into dist/server; answers the output files (relative to the root) and the time taken. */
export async function buildServerCode({ quiet = false } = {}) {
  const started = performance.now();
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    chunkNames: 'chunk-[hash]',
    // TypeScript's order (esbuild's default tries .tsx first: src/ui/toasts.ts and Toasts.tsx differ only in case).
    resolveExtensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '.json'],
    metafile: true,
    write: false,
    logLevel: quiet ? 'error' : 'warning',
  });
  const outputs = [];
  for (const file of result.outputFiles) {
    writeAtomically(file.path, file.contents);
    outputs.push(path.relative(ROOT, file.path));
  }
  const inputs = {};
  for (const input of [...Object.keys(result.metafile.inputs), ...runtimeInputs()].sort()) inputs[input] = sha256(path.join(ROOT, input));
  inputs[SELF] = sha256(path.join(ROOT, SELF));
  writeAtomically(BUILD_INFO, `${JSON.stringify({ builtAt: new Date().toISOString(), outputs, inputs }, null, 2)}\n`);

  // Chunks of earlier builds: gone once no server can still be starting from them.
  const current = new Set(outputs.map((o) => path.basename(o)));
  for (const entry of fs.readdirSync(OUT_DIR)) {
    const file = path.join(OUT_DIR, entry);
    const old = /^chunk-[A-Z0-9]+\.js(\.map)?$/.test(entry) || /\.\d+\.tmp$/.test(entry);
    if (old && !current.has(entry) && Date.now() - fs.statSync(file).mtimeMs > OLD_CHUNK_MS) fs.rmSync(file, { force: true });
  }
  return { outputs, ms: Math.round(performance.now() - started) };
}

/**
 * Makes the PGlite template and the demo cache with the freshly built code (server/prepareBuild.ts,
 * a process of its own: PGlite's WASM heap goes with it). `stdout: 'stderr'` sends what it prints
 * to stderr (the commands keep stdout for their own output).
 */
export function buildTemplate({ stdout = 'inherit' } = {}) {
  const stdio = stdout === 'stderr' ? ['ignore', 2, 2] : 'inherit';
  const run = spawnSync(process.execPath, ['--enable-source-maps', path.join(OUT_DIR, 'prepareBuild.js')], { cwd: ROOT, stdio });
  if (run.status !== 0) throw new Error(`preparing the build (PGlite template, demo cache) failed (exit code ${run.status})`);
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const quiet = args.has('--quiet');
  const build = !args.has('--if-stale') || !serverBuildIsFresh();
  if (build) {
    const { outputs, ms } = await buildServerCode({ quiet });
    if (!quiet) console.log(`dist/server: ${outputs.filter((o) => o.endsWith('.js')).length} files in ${ms} ms (esbuild)`);
  } else if (!quiet) {
    console.log('dist/server is current');
  }
  // prepareBuild.js checks for itself whether the template of these migrations exists (a process start, a second or two).
  if (!args.has('--no-template') && (build || !templateIsPresent())) buildTemplate();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
