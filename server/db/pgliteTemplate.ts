/**
 * A new embedded database starts as a copy of a template: a PGlite data dir on which initdb ran and
 * every migration was applied, made once by the build (`npm run build:server` runs
 * `node dist/server/prepareBuild.js`) in `dist/server/pglite-template-KEY/`.
 *
 * Copying the template is much cheaper than PGlite's initdb and the migrations (docs/decisions.md). KEY is a hash of the PGlite version and of every migration
 * (name and checksum), so a template is only used by the code it was made for; any other change
 * (another PGlite, a new migration) finds no template, and the data dir is made by initdb as before
 * until the next build makes a new one. A template is never changed once it is in place (it is made
 * under a temporary name and renamed), so a server may copy it while a build runs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { APP_ROOT, SERVER_BUILD_DIR } from '../paths';
import type { Migration } from './migrate';

const TEMPLATE_PREFIX = 'pglite-template-';

/** The installed PGlite's version (its package.json). */
export function pgliteVersion(): string {
  const entry = createRequire(path.join(APP_ROOT, 'package.json')).resolve('@electric-sql/pglite');
  for (let dir = path.dirname(entry); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
  }
  throw new Error('Cannot find the version of @electric-sql/pglite');
}

/** The key of a template for this PGlite and these migrations. */
export function templateKey(migrations: readonly Migration[], version = pgliteVersion()): string {
  const hash = createHash('sha256').update(`pglite ${version}\n`);
  for (const m of migrations) hash.update(`${m.version}_${m.name} ${m.checksum}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** Where the template for these migrations lives (whether or not it exists). */
export function templateDir(migrations: readonly Migration[], buildDir = SERVER_BUILD_DIR): string {
  return path.join(buildDir, `${TEMPLATE_PREFIX}${templateKey(migrations)}`);
}

/**
 * The template a new data dir is copied from, or null: none made for this code yet, or switched
 * off with PGLITE_TEMPLATE=0 (then initdb runs, as it did before templates).
 */
export function findTemplate(migrations: readonly Migration[], env: NodeJS.ProcessEnv = process.env): string | null {
  if (['0', 'off', 'false', 'no'].includes((env.PGLITE_TEMPLATE ?? '').trim().toLowerCase())) return null;
  try {
    const dir = templateDir(migrations);
    return fs.existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
  } catch {
    return null;
  }
}

/** Templates of other keys (older PGlite or migrations): removed when a new one is made. */
export function otherTemplates(keep: string, buildDir = SERVER_BUILD_DIR): string[] {
  if (!fs.existsSync(buildDir)) return [];
  return fs
    .readdirSync(buildDir)
    .filter((entry) => entry.startsWith(TEMPLATE_PREFIX) && path.join(buildDir, entry) !== keep)
    .map((entry) => path.join(buildDir, entry));
}
