import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../../server/db/migrate';
import { testDatabaseKinds, useTestDatabase } from './databases';

describe.each(testDatabaseKinds)('migrations on %s', (kind) => {
  const t = useTestDatabase(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-migrations-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const tables = async () =>
    (await t.db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`)).map(
      (r) => r.table_name,
    );
  const applied = async () => (await t.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);

  it('created the schema of migrations 001 to 008 and recorded them', async () => {
    expect(await tables()).toEqual([
      'annotations', 'auth_sessions', 'collection_items', 'comments', 'guest_sessions', 'meta', 'models', 'root_progress', 'schema_migrations', 'search_entries', 'search_materials', 'settings',
      'shares', 'userdata_events', 'users',
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
    ]);
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(t.db)).toEqual([]);
    expect(await applied()).toEqual(['001', '002', '003', '004', '005', '006', '007', '008']);
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
    expect(await applied()).toEqual(['001', '002', '003', '004', '005', '006', '007', '008', '903', '904']);
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
