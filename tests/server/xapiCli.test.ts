import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameBasedUuid } from '../../server/xapi/ids';
import { enqueueStatements, markSent, park } from '../../server/xapi/outbox';
import type { Statement } from '../../server/xapi/statement';
import { inWrittenDatabase, seedPgliteDataDir, testDatabaseKinds, useTestDatabase } from './databases';
import { ensureServerBuild, runCommand } from './compiledServer';

/*
 * `npm run xapi` on the database itself (no server runs on it): the backlog, the oldest waiting
 * statement and the parked ones, and a resend. Through a running server the command calls the admin
 * route that tests/server/xapi.test.ts reads.
 */

/** The command as `npm run` runs it: the compiled entry (scripts/run-cli.mjs), as in production. */
const CLI = 'xapi';

beforeAll(() => ensureServerBuild(), 180_000);
const kind = testDatabaseKinds[testDatabaseKinds.length - 1];

const statement = (i: number): Statement => ({
  id: nameBasedUuid(`cli-${i}`),
  actor: { objectType: 'Agent', name: 'L', account: { homePage: 'https://lernwerk.example', name: 'learner' } },
  verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { en: 'experienced' } },
  object: { objectType: 'Activity', id: `https://lernwerk.example/xapi/activities/m/${i}` },
  context: { registration: nameBasedUuid('r'), platform: 'Lernwerk', language: 'de', contextActivities: {} },
  timestamp: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
});

describe(`npm run xapi on ${kind}`, () => {
  const t = useTestDatabase(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-xapi-cli-'));
  const dataDir = path.join(dir, 'data');
  const run = (args: string[]) => runCommand(CLI, args, { DATA_DIR: dataDir, DATABASE_URL: t.url, XAPI_ENDPOINT: undefined });

  beforeAll(async () => {
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
    await inWrittenDatabase(kind, t.db, dataDir, async (db) => {
      await enqueueStatements(db, [0, 1, 2, 3].map(statement));
      await markSent(db, [statement(0).id]);
      await park(db, statement(1).id, '409 held with other content');
    });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('shows the backlog, the oldest waiting and the parked statements; resends since a date', async () => {
    const status = await run(['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(new RegExp(`^waiting\\t2\\noldest waiting\\t\\S+ ${statement(2).id} \\(0 attempts\\)\\nsent\\t1\\nparked\\t1\\n  \\S+\\t${statement(1).id}\\t409 held with other content\\n$`));
    const resend = await run(['resend', '--since', '2026-01-02']);
    expect([resend.code, resend.stdout]).toEqual([0, '1 statements wait to be sent again.\n']);
    const wrong = await run(['resend', '--since', 'last week']);
    expect(wrong.code).toBe(2);
  });
});
