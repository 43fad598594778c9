import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCode } from '../../model/certificates';
import { Material } from '../../model/material';
import { issueCertificate, verifyCertificate } from '../../server/certificates/store';
import { openDatabase } from '../../server/db/open';
import type { Database } from '../../server/db/types';
import { createGuestSession } from '../../server/store/guestSessions';
import { importFile } from '../../server/store/import';
import { storeLearnerEvents } from '../../server/store/userdata';
import { seedPgliteDataDir, testDatabaseKinds, useTestDatabase } from './databases';
import { newEventId } from './learners';
import { ensureServerBuild, runCommand } from './compiledServer';

/*
 * `npm run certificates` on the database itself (no server runs on it). Through a running server the
 * command calls the admin routes that tests/server/certificates.test.ts drives.
 */

/** The command as `npm run` runs it: the compiled entry (scripts/run-cli.mjs), as in production. */
const CLI = 'certificates';

beforeAll(() => ensureServerBuild(), 180_000);
const kind = testDatabaseKinds[testDatabaseKinds.length - 1];

describe(`npm run certificates on ${kind}`, () => {
  const t = useTestDatabase(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-certificates-cli-'));
  const dataDir = path.join(dir, 'data');
  const run = (args: string[]) => runCommand(CLI, args, { DATA_DIR: dataDir, DATABASE_URL: t.url });
  let code = '';

  /** The command's database, opened here while the command does not run. */
  const withData = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    if (kind !== 'pglite') return work(t.db);
    const db = await openDatabase({ dataDir, pglite: 'in-process' });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
    code = await withData(async (db) => {
      const material = Material.parse({
        modelName: 'Material',
        id: 'm-cli',
        publicId: 'material-cli',
        title: 'Brandschutz',
        content: [{ modelName: 'Certificate', id: 'm-cli-cert', title: 'Nachweis' }],
      });
      const { share } = await importFile(db, material, { share: 'guest' });
      const guest = await createGuestSession(db, share.publicId, 'Katherine Johnson');
      const learner = { kind: 'guest' as const, guestSessionId: guest.publicId };
      await storeLearnerEvents(db, [{ id: newEventId(), shareId: share.publicId, learner, modelId: 'm-cli-cert', modelName: 'Certificate', field: 'issueDate', value: '2026-10-01T08:00:00.000Z', at: Date.now() }]);
      const issued = await issueCertificate(db, { shareId: share.publicId, certificateId: 'm-cli-cert', learner, issuer: { name: 'Feuerwehr', origin: 'https://lernwerk.example' }, requestOrigin: 'http://localhost' });
      if (!issued) throw new Error('not issued');
      return issued.code;
    });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists the certificates, revokes one by its printed code with a reason, and refuses a code that is none', async () => {
    const list = await run(['list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe(`${formatCode(code)}\t2026-10-01\tKatherine Johnson\tBrandschutz\tvalid\n`);
    const noReason = await run(['revoke', formatCode(code)]);
    expect([noReason.code, noReason.stderr]).toEqual([2, '--reason: give a reason\n']);
    const notACode = await run(['revoke', 'nonsense', '--reason', 'x']);
    expect(notACode.code).toBe(2);
    const revoked = await run(['revoke', formatCode(code).toLowerCase(), '--reason', 'Kurs nicht besucht']);
    expect([revoked.code, revoked.stdout], revoked.stderr).toEqual([0, `Revoked ${formatCode(code)} (Katherine Johnson, Brandschutz).\n`]);
    const answer = await withData(async (db) => (await verifyCertificate(db, code)).answer);
    expect(answer).toMatchObject({ status: 'revoked', reason: 'Kurs nicht besucht' });
    const json = await run(['list', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject([{ code, revoked: { reason: 'Kurs nicht besucht' } }]);
  });
});
