import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFilePath, type ServerFile } from '../../server/admin/serverFile';
import { A11yReportAnswer } from '../../model/accessibility/answer';
import { Material } from '../../model/material';
import { importFile } from '../../server/store/import';
import { a11yCleanInput, a11yProblemsInput } from '../model/accessibilityFixtures';
import { ensureServerBuild, startCompiledServer } from './compiledServer';
import { inWrittenDatabase, seedPgliteDataDir, testDatabaseKinds, useTestDatabase } from './databases';
import { ROOT, runNode, type RunningServer } from './spawn';

/*
 * `npm run a11y-report -- SHARE_ID` as an administrator runs it (scripts/run-cli.mjs, compiled):
 * through a running server (its admin route), then on the database itself once the server stopped.
 * Exit code 0 when the share passes, 1 when problems were found, 2 on an error.
 */

// One kind of database (PostgreSQL when there is one: its server starts fastest); the routes run on it in accessibilityReport.test.ts.
const kind = testDatabaseKinds[testDatabaseKinds.length - 1];
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-a11y-cli-'));
let server: RunningServer | undefined;

beforeAll(() => ensureServerBuild(), 180_000);
afterAll(() => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  fs.rmSync(base, { recursive: true, force: true });
});

describe(`npm run a11y-report on ${kind}`, () => {
  const t = useTestDatabase(kind);
  const dataDir = path.join(base, 'data');
  const env = () => ({ DATA_DIR: dataDir, CONTENT_DIR: path.join(base, 'no-content'), DATABASE_URL: t.url, PORT: '0' });
  const report = (args: string[]) => runNode([path.join(ROOT, 'scripts/run-cli.mjs'), 'a11yReport', ...args], env());
  const share = {} as Record<'problems' | 'clean', string>;

  beforeAll(async () => {
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
    await inWrittenDatabase(kind, t.db, dataDir, async (db) => {
      share.problems = (await importFile(db, Material.parse(a11yProblemsInput), { share: 'public', actor: 'test' })).share.publicId;
      share.clean = (await importFile(db, Material.parse(a11yCleanInput), { share: 'public', actor: 'test' })).share.publicId;
    });
    server = await startCompiledServer(env());
  }, 120_000);

  it('through the running server: 1 with the list of problems, 0 when the share passes, 2 on an error', async () => {
    const problems = await report([share.problems]);
    expect([problems.code, problems.stderr]).toEqual([1, '']);
    expect(problems.stdout).toContain('Barrierefreiheitsbericht: Material „Wasser“ (a11y-probleme)\n1 Material geprüft.\n\n1. Element a11y-probleme (Material), Feld metadata.sprache\n');
    expect(problems.stdout).toContain('7. Element a11y-probleme-text-karte (Text), Feld content.html\n   Ort: Wasser › Kapitel A\n   Problem: Der Link nach https://example.org/karte hat keinen Namen');
    expect(problems.stdout.trimEnd().endsWith('Ergebnis: 10 Probleme gefunden.')).toBe(true);

    const clean = await report([share.clean, '--lang', 'en']);
    expect([clean.code, clean.stderr, clean.stdout.trimEnd().split('\n').at(-1)]).toEqual([0, '', 'Verdict: passes – no problems found.']);

    const json = await report([share.problems, '--json', '--lang', 'en']);
    expect(json.code).toBe(1);
    expect(A11yReportAnswer.parse(JSON.parse(json.stdout)).findings).toHaveLength(10);

    const unknown = await report(['x'.repeat(24)]);
    expect([unknown.code, unknown.stdout, unknown.stderr]).toEqual([2, '', `No share with the id "${'x'.repeat(24)}".\n`]);
    expect((await report([share.clean, '--lang', 'fr'])).code).toBe(2);
    expect((await report([])).code).toBe(2);

    // It went through the server: with a wrong token in the server's file the server refuses it.
    const serverFile = serverFilePath(dataDir, server?.pid ?? 0);
    const original = fs.readFileSync(serverFile, 'utf8');
    fs.writeFileSync(serverFile, JSON.stringify({ ...(JSON.parse(original) as ServerFile), token: 'not-the-token' }), { mode: 0o600 });
    try {
      const refused = await report([share.clean]);
      expect([refused.code, refused.stdout]).toEqual([2, '']);
      expect(refused.stderr).toContain('The running server refused the command (HTTP 401)');
    } finally {
      fs.writeFileSync(serverFile, original, { mode: 0o600 });
    }
  }, 60_000);

  it('on the database itself once the server stopped, with the same verdicts', async () => {
    server?.child.kill('SIGTERM');
    expect((await server?.exited)?.code).toBe(0);
    const problems = await report([share.problems, '--lang', 'en']);
    expect([problems.code, problems.stderr, problems.stdout.trimEnd().split('\n').at(-1)]).toEqual([1, '', 'Verdict: 10 problems found.']);
    // Each run opens the embedded database anew (seconds): the unknown share's 2 was checked through the server.
    expect((await report([share.clean])).code).toBe(0);
  }, 60_000);
});
