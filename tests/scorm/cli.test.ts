import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFilePath } from '../../server/admin/serverFile';
import { featureFlagsFromEnv } from '../../server/config';
import { LOCK_FILE_NAME, processStartTime } from '../../server/db/lock';
import type { Database } from '../../server/db/types';
import { errorPageData, sharePageData, type PageContext } from '../../server/pages/pageData';
import { FALLBACK_TEMPLATE, renderPage } from '../../server/pages/render';
import { importFile } from '../../server/store/import';
import { shareFlagsForKind } from '../../server/store/shares';
import type { ShareKind } from '../../model/pageData';
import { Settings } from '../../model/settings';
import { inWrittenDatabase, seedPgliteDataDir, testDatabaseKinds, useTestDatabase } from '../server/databases';
import { smallCollection, smallMaterial } from '../server/fixtures';
import { ensureServerBuild, runCommand } from '../server/compiledServer';

/** The command as `npm run` runs it: the compiled entry (scripts/run-cli.mjs), as in production. */
const CLI = 'exportScorm';

beforeAll(() => ensureServerBuild(), 180_000);

/** A test runs the command up to six times, each a node process that opens the database: seconds each on a busy machine. */
const EACH_TEST_MS = 120_000;

describe.each(testDatabaseKinds)('npm run export:scorm on %s', { timeout: EACH_TEST_MS }, (kind) => {
  const t = useTestDatabase(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-scorm-cli-'));
  const dataDir = path.join(dir, 'data');
  const env = (extra: Record<string, string | undefined> = {}) => ({ DATA_DIR: dataDir, DATABASE_URL: t.url, PORT: '4321', INIT_CWD: dir, PUBLIC_ORIGIN: undefined, ...extra });
  const run = (args: string[], extra?: Record<string, string | undefined>) => runCommand(CLI, args, env(extra));
  const inDb = <T>(fn: (db: Database) => Promise<T>) => inWrittenDatabase(kind, t.db, dataDir, fn);
  const shares = {} as Record<ShareKind | 'collection', string>;

  beforeAll(async () => {
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
    await inDb(async (db) => {
      const course = smallMaterial('scorm-cli', { title: 'Zellen & "Gewebe"' });
      for (const share of ['scorm', 'public', 'guest', 'private', 'preview'] as const) {
        shares[share] = (await importFile(db, course, { share })).share.publicId;
      }
      shares.collection = (await importFile(db, smallCollection('scorm-cli', [smallMaterial('scorm-cli-c')]), { share: 'scorm' })).share.publicId;
    });
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('packages a scorm share as SCORM 1.2 (default file name, where the command was typed) pointing at --origin', async () => {
    const res = await run([shares.scorm, '--version', '1.2', '--origin', 'https://lernwerk.school.example/']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const file = path.join(dir, `lernwerk-${shares.scorm}-scorm-1.2.zip`);
    expect(res.stdout).toContain(`Wrote ${file} (`);
    expect(res.stdout).toContain(`SCORM 1.2 package of the material "Zellen & "Gewebe"" (scorm share ${shares.scorm}).`);
    expect(res.stdout).toContain(`Its launch page shows https://lernwerk.school.example/s/${shares.scorm}/ in a frame and talks only to https://lernwerk.school.example.`);
    const files = unzipSync(new Uint8Array(fs.readFileSync(file)));
    expect(Object.keys(files)[0]).toBe('imsmanifest.xml');
    const manifest = strFromU8(files['imsmanifest.xml']);
    expect(manifest).toContain(`identifier="lernwerk-${shares.scorm}"`);
    expect(manifest).toContain('<schemaversion>1.2</schemaversion>');
    expect(manifest).toContain('<title>Zellen &amp; &quot;Gewebe&quot;</title>');
    expect(strFromU8(files['launch.html'])).toContain('"serverOrigin":"https://lernwerk.school.example"');
    expect(files['adlcp_rootv1p2.xsd']).toBeDefined();
  });

  it('SCORM 2004 4th edition to --out; the origin from PUBLIC_ORIGIN', async () => {
    const out = path.join('packages', 'course-2004.zip');
    const res = await run([shares.scorm, '--version', '2004', '--out', out], { PUBLIC_ORIGIN: 'https://learn.example.org' });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('SCORM 2004 4th Edition package');
    const files = unzipSync(new Uint8Array(fs.readFileSync(path.join(dir, out))));
    expect(strFromU8(files['imsmanifest.xml'])).toContain('<schemaversion>2004 4th Edition</schemaversion>');
    expect(strFromU8(files['launch.html'])).toContain(`"courseUrl":"https://learn.example.org/s/${shares.scorm}/"`);
    expect(files['imsss_v1p0.xsd']).toBeDefined();
    expect(fs.readdirSync(path.join(dir, 'packages'))).toEqual(['course-2004.zip']);
  });

  it('without --origin or PUBLIC_ORIGIN: http://localhost:PORT, with a warning that learners cannot reach it', async () => {
    const res = await run([shares.scorm, '--version', '1.2', '--out', 'local.zip']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('talks only to http://localhost:4321.');
    expect(res.stderr).toContain('Warning: the package points at http://localhost:4321, which only this machine reaches');
  });

  it('takes a share id that begins with "-" as the share, not as an option', async () => {
    const id = `-${shares.scorm.slice(1)}`;
    await inDb((db) => db.query('UPDATE shares SET public_id = $1 WHERE public_id = $2', [id, shares.scorm]));
    try {
      const res = await run([id, '--version', '1.2', '--out', 'dash.zip', '--origin', 'https://x.example']);
      expect(res.stderr).not.toContain('Usage');
      expect(res.code).toBe(0);
      expect(res.stdout).toContain(`scorm share ${id}`);
    } finally {
      await inDb((db) => db.query('UPDATE shares SET public_id = $1 WHERE public_id = $2', [shares.scorm, id]));
    }
  });

  it('public and guest shares are packaged with a note; private, preview and collection shares are refused (exit 1)', async () => {
    const pub = await run([shares.public, '--version', '2004', '--out', 'public.zip', '--origin', 'https://x.example']);
    expect(pub.code).toBe(0);
    expect(pub.stderr).toContain(`Note: share ${shares.public} is a public share, not a scorm share.`);
    const guest = await run([shares.guest, '--version', '1.2', '--out', 'guest.zip', '--origin', 'https://x.example']);
    expect(guest.code).toBe(0);
    expect(guest.stderr).toContain('is a guest share');
    for (const [share, message] of [
      [shares.private, 'is private'],
      [shares.preview, 'is a preview share'],
      [shares.collection, 'shows a collection'],
    ] as const) {
      const res = await run([share, '--version', '1.2', '--out', 'refused.zip']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(message);
      expect(res.stdout).toBe('');
    }
    expect(fs.existsSync(path.join(dir, 'refused.zip'))).toBe(false);
  });

  it('an unknown share or not a share id: exit 1; wrong usage, version or origin: exit 2; nothing written', async () => {
    const unknown = await run(['ZZZZZZZZZZZZZZZZZZZZZZZZ', '--version', '1.2', '--out', 'none.zip']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No share ZZZZZZZZZZZZZZZZZZZZZZZZ in this database');
    const notId = await run(['../etc/passwd', '--version', '1.2', '--out', 'none.zip']);
    expect(notId.code).toBe(1);
    expect(notId.stderr).toContain('is not a share id');
    const version = await run([shares.scorm, '--version', '1.3', '--out', 'none.zip']);
    expect(version.code).toBe(2);
    expect(version.stderr).toContain('Unknown SCORM version "1.3"; use 1.2 or 2004');
    const origin = await run([shares.scorm, '--version', '1.2', '--origin', 'https://x.example/app', '--out', 'none.zip']);
    expect(origin.code).toBe(2);
    expect(origin.stderr).toContain('is not an http(s) origin');
    const envOrigin = await run([shares.scorm, '--version', '1.2', '--out', 'none.zip'], { PUBLIC_ORIGIN: 'not a url' });
    expect(envOrigin.code).toBe(2);
    expect(envOrigin.stderr).toContain('PUBLIC_ORIGIN=not a url is not an http(s) origin');
    const usage = await run([shares.scorm]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run export:scorm -- SHARE_PUBLIC_ID --version 1.2|2004');
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run export:scorm');
    expect(fs.existsSync(path.join(dir, 'none.zip'))).toBe(false);
  });
});

describe('npm run export:scorm beside a running server (PGlite held by it): the share is read through the server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-scorm-cli-server-'));
  const dataDir = path.join(dir, 'data');
  const SHARE = 'SrvShareAbCdEfGhIjKlMnOp';
  const requests: string[] = [];
  let server: http.Server;

  beforeAll(async () => {
    // A stand-in for the running server: its share page as server/routes/pages.ts renders it.
    const ctx: PageContext = { sharePublicId: SHARE, lang: 'de', settings: Settings.parse({}), featureFlags: featureFlagsFromEnv({}) };
    const { preview, ...settings } = shareFlagsForKind('scorm');
    const share = { publicId: SHARE, kind: 'scorm' as const, rootModelName: 'Material' as const, rootId: 'm1', rootPublicId: 'p1', rootTitle: 'Über <Zellen>', settings, preview, createdAt: '' };
    server = http.createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      const found = request.url === `/s/${SHARE}/`;
      response.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(found ? renderPage(FALLBACK_TEMPLATE, sharePageData(share, ctx), share.rootTitle) : renderPage(FALLBACK_TEMPLATE, errorPageData(404, ctx), 'Lernwerk'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // This test process plays the server: it "holds" the data dir's lock and wrote its server file.
    fs.mkdirSync(path.dirname(serverFilePath(dataDir)), { recursive: true });
    const startTime = processStartTime(process.pid);
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${process.pid}\n${startTime ?? ''}\n`);
    fs.writeFileSync(
      serverFilePath(dataDir),
      JSON.stringify({ pid: process.pid, startTime, origin: 'http://lernwerk.internal:8080', adminOrigin: `http://127.0.0.1:${port}`, token: 't', database: 'pglite', databaseId: null, startedAt: new Date().toISOString() }),
    );
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('packages the share the server shows, pointing at the server’s origin when none is given', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, PORT: '4321', INIT_CWD: dir, PUBLIC_ORIGIN: undefined };
    const res = await runCommand(CLI, [SHARE, '--version', '1.2'], env);
    expect(res.code).toBe(0);
    expect(requests).toContain(`GET /s/${SHARE}/`);
    expect(res.stdout).toContain(`package of the material "Über <Zellen>" (scorm share ${SHARE})`);
    expect(res.stdout).toContain('talks only to http://lernwerk.internal:8080.');
    expect(res.stderr).toContain('Warning: http://lernwerk.internal:8080 is not https');
    const files = unzipSync(new Uint8Array(fs.readFileSync(path.join(dir, `lernwerk-${SHARE}-scorm-1.2.zip`))));
    expect(strFromU8(files['imsmanifest.xml'])).toContain('<title>Über &lt;Zellen&gt;</title>');

    const unknown = await runCommand(CLI, ['UnknownAbCdEfGhIjKlMnOpQ', '--version', '2004'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No share UnknownAbCdEfGhIjKlMnOpQ');
  });
});
