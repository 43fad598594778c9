import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/types';
import { importFile } from '../../server/store/import';
import { contentChanged, createLookups } from '../../server/store/lookups';
import { createGuestSession } from '../../server/store/guestSessions';
import { findShare } from '../../server/store/shares';
import { putSettings } from '../../server/store/settings';
import { createLearnerEventWriter, type LearnerEvent } from '../../server/store/userdata';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial, smallCollection, smallMaterial } from './fixtures';
import { countRows, newEventId } from './learners';

describe.each(testDatabaseKinds)('userdata ingest on %s', (kind) => {
  const t = useTestDatabase(kind);
  let shareId = '';
  let guestSessionId = '';

  /** The database, counting the statements that reach it. */
  const counting = () => {
    const calls: string[] = [];
    const db: Queryable = {
      query: (sql, params) => {
        calls.push(sql);
        return t.db.query(sql, params);
      },
      exec: (sql) => t.db.exec(sql),
    };
    return { db, calls };
  };
  const eventOf = (id = newEventId(), guest = guestSessionId): LearnerEvent => ({
    id,
    shareId,
    learner: { kind: 'guest', guestSessionId: guest },
    modelId: 'm-rich-q1',
    modelName: 'ChoiceQuestion',
    field: 'selected',
    value: ['m-rich-q1-a'],
    at: Date.now(),
  });

  beforeAll(async () => {
    shareId = (await importFile(t.db, richMaterial, { share: 'guest' })).share.publicId;
    guestSessionId = (await createGuestSession(t.db, shareId, 'Ada Lovelace')).publicId;
  });

  it('stores the batches that arrive while a statement is in flight with one statement, answering each its own ids', async () => {
    const { db, calls } = counting();
    const write = createLearnerEventWriter(db);
    const before = await countRows(t.db, 'userdata_events');
    const batches = Array.from({ length: 20 }, () => [eventOf(), eventOf(), eventOf()]);
    const answers = await Promise.all(batches.map((batch) => write(batch)));
    answers.forEach((ids, i) => expect([...ids].sort()).toEqual(batches[i].map((e) => e.id).sort()));
    // The first goes at once; the other 19 arrived while it ran and share the next statement.
    expect(calls.length).toBe(2);
    expect(await countRows(t.db, 'userdata_events')).toBe(before + 60);

    // Sent again (a retry): acknowledged by the caller, new to nobody.
    expect([...(await write(batches[0]))]).toEqual([]);
  });

  it('counts an id named by two batches of one statement as new for the first only', async () => {
    const write = createLearnerEventWriter(t.db);
    const shared = newEventId();
    const [first, second, third] = await Promise.all([write([eventOf()]), write([eventOf(shared), eventOf()]), write([eventOf(shared)])]);
    expect(first.size).toBe(1);
    expect(second.has(shared)).toBe(true);
    expect(second.size).toBe(2);
    expect(third.size).toBe(0);
  });

  it('fails only the batch that cannot be stored when a combined statement fails', async () => {
    const write = createLearnerEventWriter(t.db);
    const before = await countRows(t.db, 'userdata_events');
    const good = [eventOf(), eventOf()];
    // No such guest session: the foreign key refuses it.
    const bad = [eventOf(newEventId(), 'X'.repeat(24))];
    const results = await Promise.allSettled([write([eventOf()]), write(good), write(bad)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await countRows(t.db, 'userdata_events')).toBe(before + 3);
  });

  it('caches share, coverage and model lookups until an import in this process changes the content', async () => {
    const { db, calls } = counting();
    const lookups = createLookups(db, { ttlMs: 60_000 });
    try {
      const material = smallMaterial('lk');
      const collection = smallCollection('lk', [material]);
      const collectionShare = (await importFile(t.db, collection, { share: 'guest' })).share.publicId;

      const share = await lookups.share(collectionShare);
      expect(share?.rootId).toBe(collection.id);
      expect([...(await lookups.coveredRoots(share!))]).toEqual([collection.id, material.id]);
      expect((await lookups.models(['m-lk-t1', 'no-such-model'])).get('m-lk-t1')).toEqual({ id: 'm-lk-t1', rootId: material.id, modelName: 'Text' });
      const asked = calls.length;
      await lookups.share(collectionShare);
      await lookups.coveredRoots(share!);
      await lookups.models(['m-lk-t1']);
      expect(calls.length).toBe(asked);
      // What does not exist is known not to exist, as fast as what exists elsewhere (issue 14: no timing oracle)…
      await lookups.models(['no-such-model']);
      expect(calls.length).toBe(asked);
      // …until an import in this process makes it.
      await importFile(t.db, smallMaterial('lk-late', { id: 'no-such-model' } as never), { share: 'public' });
      expect((await lookups.models(['no-such-model'])).get('no-such-model')).toMatchObject({ rootId: 'no-such-model', modelName: 'Material' });

      // A re-import without the second text: the lookups forget what they knew.
      const shorter = smallMaterial('lk', { content: [material.content[0]] } as never);
      await importFile(t.db, smallCollection('lk', [shorter]), { share: 'guest' });
      expect((await lookups.models(['m-lk-t2'])).has('m-lk-t2')).toBe(false);
      expect(await findShare(t.db, collectionShare)).not.toBeNull();
    } finally {
      lookups.dispose();
    }
  });

  it('caches the installation\'s settings until content changes in this process', async () => {
    const { db, calls } = counting();
    const lookups = createLookups(db, { ttlMs: 60_000 });
    try {
      await putSettings(t.db, { themeColorOverrides: { primary: '#112233' } });
      expect((await lookups.settings()).themeColorOverrides.primary).toBe('#112233');
      const asked = calls.length;
      await putSettings(t.db, { themeColorOverrides: { primary: '#445566' } });
      expect((await lookups.settings()).themeColorOverrides.primary).toBe('#112233');
      expect(calls.length).toBe(asked);
      // The demo's import, which writes settings, tells the caches (server/content/demo.ts).
      contentChanged();
      expect((await lookups.settings()).themeColorOverrides.primary).toBe('#445566');
      expect(calls.length).toBe(asked + 1);
    } finally {
      lookups.dispose();
    }
  });

  it('trusts a cached entry no longer than its time to live', async () => {
    const { db, calls } = counting();
    const lookups = createLookups(db, { ttlMs: 50 });
    try {
      await lookups.share(shareId);
      await lookups.share(shareId);
      expect(calls.length).toBe(1);
      await new Promise((r) => setTimeout(r, 80));
      await lookups.share(shareId);
      expect(calls.length).toBe(2);
    } finally {
      lookups.dispose();
    }
  });
});
