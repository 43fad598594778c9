import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../../server/db/migrate';
import { Material } from '../../model/material';
import { importFile } from '../../server/store/import';
import { searchFulltext } from '../../server/store/search';
import { createTestDatabase, testDatabaseKinds, useTestDatabase } from './databases';

describe.each(testDatabaseKinds)('migrations on %s', (kind) => {
  const t = useTestDatabase(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-migrations-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  // The partitions of search_entries (migration 009) are parts of one table, not tables of their own.
  const tables = async () =>
    (
      await t.db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables t WHERE table_schema = 'public'
           AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = (quote_ident(t.table_name))::regclass)
         ORDER BY table_name`,
      )
    ).map((r) => r.table_name);
  const applied = async () => (await t.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);

  it('created the schema of migrations 001 to 020 and recorded them', async () => {
    expect(await tables()).toEqual([
      'annotations', 'answer_key_changes', 'audit_log', 'auth_sessions', 'certificate_keys', 'collection_items', 'comments', 'current_publications', 'draft_models', 'favorite_materials', 'feature_flags', 'guest_sessions', 'issued_certificates', 'login_failures', 'lti_deep_links', 'lti_deployments', 'lti_guests', 'lti_instructor_links', 'lti_keys', 'lti_learners', 'lti_line_items', 'lti_logins', 'lti_platforms', 'meta', 'models', 'permissions', 'publications', 'root_progress', 'schema_migrations',
      'search_entries', 'search_materials', 'server_heartbeats', 'settings', 'shares', 'userdata_events', 'users', 'xapi_learner_versions', 'xapi_outbox', 'xapi_secret',
    ]);
    const rows = await t.db.query<{ version: string; name: string; checksum: string }>('SELECT version, name, checksum FROM schema_migrations ORDER BY version');
    expect(rows).toEqual([
      { version: '001', name: 'initial', checksum: readMigrations()[0].checksum },
      { version: '002', name: 'learners', checksum: readMigrations()[1].checksum },
      { version: '003', name: 'event_ids_per_learner', checksum: readMigrations()[2].checksum },
      { version: '004', name: 'listed_shares', checksum: readMigrations()[3].checksum },
      { version: '005', name: 'search', checksum: readMigrations()[4].checksum },
      { version: '006', name: 'search_config_indexes', checksum: readMigrations()[5].checksum },
      { version: '007', name: 'annotations', checksum: readMigrations()[6].checksum },
      { version: '008', name: 'annotation_request_keys', checksum: readMigrations()[7].checksum },
      { version: '009', name: 'search_partitions', checksum: readMigrations()[8].checksum },
      { version: '010', name: 'permissions_and_favorites', checksum: readMigrations()[9].checksum },
      { version: '011', name: 'login_failures', checksum: readMigrations()[10].checksum },
      { version: '012', name: 'server_heartbeats', checksum: readMigrations()[11].checksum },
      { version: '013', name: 'drafts_publications_audit', checksum: readMigrations()[12].checksum },
      { version: '014', name: 'feature_flags', checksum: readMigrations()[13].checksum },
      { version: '015', name: 'answer_key_changes', checksum: readMigrations()[14].checksum },
      { version: '016', name: 'xapi_outbox', checksum: readMigrations()[15].checksum },
      { version: '017', name: 'lti', checksum: readMigrations()[16].checksum },
      { version: '018', name: 'xapi_learner_versions', checksum: readMigrations()[17].checksum },
      { version: '019', name: 'certificates', checksum: readMigrations()[18].checksum },
      { version: '020', name: 'lti_instructor_links', checksum: readMigrations()[19].checksum },
    ]);
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(t.db)).toEqual([]);
    expect(await applied()).toEqual(['001', '002', '003', '004', '005', '006', '007', '008', '009', '010', '011', '012', '013', '014', '015', '016', '017', '018', '019', '020']);
  });

  it('applies new migrations in order, and a failing one not at all', async () => {
    for (const file of fs.readdirSync(MIGRATIONS_DIR)) fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    fs.writeFileSync(path.join(dir, '904_fourth.sql'), 'ALTER TABLE test_extra ADD COLUMN b int;');
    fs.writeFileSync(path.join(dir, '903_third.sql'), 'CREATE TABLE test_extra (a int);');
    expect(await migrate(t.db, dir)).toEqual(['903', '904']);
    expect(await t.db.query('SELECT a, b FROM test_extra')).toEqual([]);

    fs.writeFileSync(path.join(dir, '905_broken.sql'), 'CREATE TABLE test_half (a int);\nSELECT no_such_function();');
    await expect(migrate(t.db, dir)).rejects.toThrow(/^Migration 905_broken\.sql failed: /);
    expect(await tables()).not.toContain('test_half');
    expect(await applied()).toEqual(['001', '002', '003', '004', '005', '006', '007', '008', '009', '010', '011', '012', '013', '014', '015', '016', '017', '018', '019', '020', '903', '904']);
    fs.rmSync(path.join(dir, '905_broken.sql'));
  });

  it('refuses a migration changed after it was applied, and badly named files', async () => {
    fs.writeFileSync(path.join(dir, '903_third.sql'), 'CREATE TABLE test_extra (a bigint);');
    await expect(migrate(t.db, dir)).rejects.toThrow('Migration 903_third.sql was changed after it was applied to this database; add a new migration instead.');
    fs.writeFileSync(path.join(dir, '903_third.sql'), 'CREATE TABLE test_extra (a int);');
    fs.writeFileSync(path.join(dir, 'extra.sql'), 'SELECT 1;');
    await expect(migrate(t.db, dir)).rejects.toThrow(/extra\.sql is not named NNN_name\.sql/);
  });
});

describe.each(testDatabaseKinds)('migration 009 on %s', (kind) => {
  it('moves the search entries a database holds into the 8 partitions, where they are found as before', async () => {
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-migrations-008-'));
    const database = await createTestDatabase(kind, { migrated: false });
    try {
      // The schema before 009, with the later tables today's import writes to as well.
      for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((name) => name < '009' || name >= '010')) fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      await migrate(database.db, before);
      const content = Array.from({ length: 60 }, (_, i) => ({ modelName: 'Text' as const, id: `m9-${i}`, content: { html: `<p>Abschnitt ${i} über Wasser</p>` } }));
      const material = Material.parse({ modelName: 'Material', id: 'm9', publicId: 'm9-public', title: 'Wasserkreislauf', metadata: { sprache: 'Deutsch' }, content });
      await importFile(database.db, material, { share: 'public' });
      const search = { query: 'Wasser', materialIds: ['m9'], filters: {}, limit: 100, offset: 0 };
      const found = await searchFulltext(database.db, search);
      expect(found.total).toBe(61);

      expect(await migrate(database.db)).toEqual(['009']);
      const parts = await database.db.query<{ part: string; n: number }>(
        `SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM search_entries GROUP BY 1 ORDER BY 1`,
      );
      expect(parts.reduce((sum, p) => sum + p.n, 0)).toBe(61);
      expect(parts.length).toBeGreaterThan(4);
      expect(parts.every((p) => /^search_entries_\d\d$/.test(p.part))).toBe(true);
      for (const strategy of ['index', 'scope'] as const) expect(await searchFulltext(database.db, { ...search, strategy })).toEqual(found);
    } finally {
      await database.dispose();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
