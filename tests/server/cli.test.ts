import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import type { Database } from '../../server/db/types';
import { findShare } from '../../server/store/shares';
import { seedPgliteDataDir, testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterialInput, smallCollection, smallMaterial } from './fixtures';
import { ensureServerBuild, runCommand } from './compiledServer';

/** The command as `npm run` runs it: the compiled entry (scripts/run-cli.mjs), as in production. */
const CLI = 'import';

beforeAll(() => ensureServerBuild(), 180_000);

/** A test runs the command up to six times, each a node process that opens the database: seconds each on a busy machine. */
const EACH_TEST_MS = 120_000;

describe.each(testDatabaseKinds)('npm run import on %s', { timeout: EACH_TEST_MS }, (kind) => {
  const t = useTestDatabase(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-cli-'));
  const dataDir = path.join(dir, 'data');
  const file = (name: string, content: unknown) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return p;
  };
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: t.url, PORT: '4321' });
  const run = (...args: string[]) => runCommand(CLI, args, env());
  /** The database the CLI wrote to (PGlite: the data dir, opened when no CLI runs). */
  const inDb = async <T>(fn: (db: Database) => Promise<T>): Promise<T> => {
    if (kind === 'postgres') return fn(t.db);
    const db = await openDatabase({ dataDir });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };
  const modelCount = () => inDb(async (db) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM models'))[0].n);
  const linkOf = (stdout: string) => /Share \((\w+)(?:, new)?(?:, listed on the landing page)?\): (http:\/\/localhost:4321\/s\/([A-Za-z0-9_-]{24})\/)/.exec(stdout);

  beforeAll(async () => {
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('imports a material, prints the share link and reuses the share on a second run', async () => {
    const p = file('rich.json', richMaterialInput);
    const first = await run(p);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Imported material "Rich <material> & "friends"" (id m-rich, 18 models).');
    const link = linkOf(first.stdout);
    expect(link?.[1]).toBe('public');
    expect(first.stdout).toContain(', new)');
    const share = await inDb((db) => findShare(db, link?.[3] ?? ''));
    expect(share).toMatchObject({ kind: 'public', rootId: 'm-rich', settings: { private: false } });

    const again = await run(p);
    expect(again.code).toBe(0);
    expect(linkOf(again.stdout)?.[2]).toBe(link?.[2]);
    expect(await modelCount()).toBe(18);
  });

  it('creates a share of the kind given with --share', async () => {
    const res = await run(file('private.json', smallMaterial('cli-private')), '--share', 'private');
    expect(res.code).toBe(0);
    const link = linkOf(res.stdout);
    expect(link?.[1]).toBe('private');
    expect(await inDb((db) => findShare(db, link?.[3] ?? ''))).toMatchObject({ kind: 'private', settings: { private: true } });
  });

  it('imports a collection and prints each material id', async () => {
    const res = await run(file('collection.json', smallCollection('cli', [smallMaterial('cli-a'), smallMaterial('cli-b')])));
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Imported collection "Collection cli" (id c-cli) with 2 materials:');
    expect(res.stdout).toMatch(/m-cli-a {2}"Material cli-a" {2}http:\/\/localhost:4321\/s\/[A-Za-z0-9_-]{24}\/material-cli-a/);
    expect(res.stdout).toContain('m-cli-b');
  });

  it('lists every issue of an invalid file as path: message, exits 1 and writes nothing', async () => {
    const before = await modelCount();
    const bad = {
      ...smallMaterial('cli-bad'),
      title: '',
      content: [
        { modelName: 'Text', id: 'ok-id', content: { html: 'x' } },
        { modelName: 'ChoiceQuestion', id: 'q', type: 'sc', question: 'Q', choices: [{ id: 'c1', text: 'a', correct: true }] },
        { modelName: 'Nope', id: 'n' },
      ],
    };
    const res = await run(file('bad.json', bad));
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('was not imported (3 problems):');
    expect(res.stderr).toContain('  title: a material needs a title');
    expect(res.stderr).toContain('  content[1].choices: a choice question needs at least two choices');
    expect(res.stderr).toMatch(/ {2}content\[2\]\.modelName: /);
    expect(await modelCount()).toBe(before);
  });

  it('names line and column of a JSON syntax error', async () => {
    const res = await run(file('syntax.json', '{\n  "modelName": "Material",\n  "id": "x",,\n}'));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/invalid JSON at line 3, column 13: /);
  });

  it('refuses an id owned by another material, naming it', async () => {
    const intruder = smallMaterial('cli-intruder', { content: [{ modelName: 'Text', id: 'm-cli-a-t1', content: { html: 'x' } }] });
    const res = await run(file('intruder.json', intruder));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('id "m-cli-a-t1" already belongs to Text in Material "m-cli-a"');
    expect(await inDb(async (db) => (await db.query('SELECT id FROM models WHERE id = $1', ['m-cli-intruder'])).length)).toBe(0);
  });

  it('lists a share on the landing page with --listed, keeps it listed on a re-import, takes it off with --unlisted; never a private one', async () => {
    const p = file('listed.json', smallMaterial('cli-listed'));
    const listed = await run(p, '--share', 'guest', '--listed');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(', new, listed on the landing page): ');
    const publicId = linkOf(listed.stdout)?.[3] ?? '';
    const isListed = () => inDb(async (db) => (await db.query<{ listed: boolean }>('SELECT listed FROM shares WHERE public_id = $1', [publicId]))[0]?.listed);
    expect(await isListed()).toBe(true);
    expect((await run(p, '--share', 'guest')).stdout).toContain('(guest, listed on the landing page): ');
    expect(await isListed()).toBe(true);
    expect((await run(p, '--share', 'guest', '--unlisted')).code).toBe(0);
    expect(await isListed()).toBe(false);

    const refused = await run(file('secret.json', smallMaterial('cli-secret')), '--share', 'private', '--listed');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('A private share cannot be listed on the landing page; only public and guest shares can.');
    expect(await inDb(async (db) => (await db.query('SELECT id FROM models WHERE id = $1', ['m-cli-secret'])).length)).toBe(0);
  });

  it('explains its usage and unknown share kinds with exit code 2', async () => {
    expect((await run()).code).toBe(2);
    const res = await run(file('k.json', smallMaterial('k')), '--share', 'secret');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Unknown share kind "secret"; use one of public, private, guest, scorm, preview.');
  });
});
