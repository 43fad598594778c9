/**
 * Makes the PGlite template a new data dir is copied from (server/db/pgliteTemplate.ts), unless the
 * one for this PGlite and these migrations exists: initdb and the migrations run once, at build time
 * (server/prepareBuild.ts), instead of on a first start. Templates of other keys are removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { migrate, readMigrations } from './migrate';
import { openPglite } from './pglite';
import { otherTemplates, templateDir } from './pgliteTemplate';

const STALE_TMP_MS = 60 * 60 * 1000;

export async function makePgliteTemplate(buildDir?: string): Promise<{ dir: string; made: boolean; ms: number }> {
  const started = Date.now();
  const dir = templateDir(readMigrations(), buildDir);
  let made = false;
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    const tmp = `${dir}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    const db = await openPglite({ dataDir: tmp, template: null });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    fs.rmSync(path.join(tmp, 'postmaster.pid'), { force: true });
    try {
      fs.renameSync(tmp, dir);
      made = true;
    } catch (error) {
      // Another build made it meanwhile: keep theirs.
      fs.rmSync(tmp, { recursive: true, force: true });
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw error;
    }
  }
  for (const other of otherTemplates(dir, path.dirname(dir))) {
    const unfinished = /\.tmp-\d+$/.test(other);
    // Another build's unfinished template is left alone unless it is old (that build died).
    if (unfinished && Date.now() - fs.statSync(other).mtimeMs < STALE_TMP_MS) continue;
    fs.rmSync(other, { recursive: true, force: true });
  }
  return { dir, made, ms: Date.now() - started };
}
