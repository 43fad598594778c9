import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inWrittenDatabase, seedPgliteDataDir, testDatabaseKinds, useTestDatabase } from './databases';
import { ensureServerBuild, runCommand } from './compiledServer';

/*
 * `npm run features` on the database itself (no server runs on it): a setting is stored for every
 * server, listed beside the environment's values, and given back to the environment. Through a
 * running server the command calls the admin routes that tests/server/featureFlags.test.ts holds.
 */

/** The command as `npm run` runs it: the compiled entry (scripts/run-cli.mjs), as in production. */
const CLI = 'features';

beforeAll(() => ensureServerBuild(), 180_000);

// One kind of database: the command's SQL is the store's (both kinds in featureFlags.test.ts), and each run opens the database anew (seconds on PGlite).
const kind = testDatabaseKinds[testDatabaseKinds.length - 1];

describe(`npm run features on ${kind}`, () => {
  const t = useTestDatabase(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-features-'));
  const dataDir = path.join(dir, 'data');
  const run = (args: string[], env: Record<string, string> = {}) =>
    runCommand(CLI, args, { DATA_DIR: dataDir, DATABASE_URL: t.url, FULLTEXT_SEARCH: undefined, ANNOTATION_COMMENTS: undefined, USE_GRAVATAR: undefined, PRIVATE_MODE: undefined, ...env });
  const stored = () => inWrittenDatabase(kind, t.db, dataDir, (db) => db.query<{ name: string; enabled: boolean }>('SELECT name, enabled FROM feature_flags ORDER BY name'));

  beforeAll(async () => {
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stores a setting, lists it beside the environment, gives it back to the environment, and refuses a flag it cannot set', async () => {
    const set = await run(['set', 'FULLTEXT_SEARCH', 'off']);
    expect([set.code, set.stdout, set.stderr]).toEqual([0, 'FULLTEXT_SEARCH is now off on every server.\n', '']);
    expect(await stored()).toEqual([{ name: 'FULLTEXT_SEARCH', enabled: false }]);
    const list = await run(['list'], { FULLTEXT_SEARCH: '1', USE_GRAVATAR: 'on' });
    expect([list.code, list.stdout]).toEqual([0, 'FULLTEXT_SEARCH\toff\tstored\nANNOTATION_COMMENTS\toff\tenvironment\nUSE_GRAVATAR\ton\tenvironment\nPRIVATE_MODE\toff\tenvironment\n']);
    const reset = await run(['set', 'FULLTEXT_SEARCH', 'default']);
    expect([reset.code, reset.stdout]).toEqual([0, 'FULLTEXT_SEARCH follows the environment again on every server.\n']);
    expect(await stored()).toEqual([]);
    const wrong = await run(['set', 'GENERATIVE_FEEDBACK', 'on']);
    expect([wrong.code, wrong.stderr]).toEqual([2, '"GENERATIVE_FEEDBACK" is not a flag to set: FULLTEXT_SEARCH, ANNOTATION_COMMENTS, USE_GRAVATAR, PRIVATE_MODE.\n']);
  });
});
